import type { DictSeed } from './dicts.js';

/**
 * The game's dictionaries (jeecg-schema.md §4.4) with their Chinese texts; type 1: number values (the status
 * columns are int). Seeded by part `game-dicts-v1`; add a dictionary in a NEW part, never by editing an applied one.
 */
export const GAME_DICTS: DictSeed[] = [
  {
    code: 'ship_status',
    name: '海盗船状态',
    type: 1,
    items: [
      ['0', '待出航'],
      ['1', '航行中'],
      ['2', '已靠岸'],
      ['3', '已解散'],
    ],
  },
  {
    code: 'ship_member_role',
    name: '船员角色',
    type: 1,
    items: [
      ['1', '船长'],
      ['2', '船员'],
    ],
  },
  {
    code: 'sign_place_type',
    name: '签到点类型',
    type: 1,
    items: [
      ['1', '岛屿'],
      ['2', '答题点'],
      ['3', '宝藏点'],
      ['4', '补给站'],
      ['5', '起终点'],
    ],
  },
  {
    code: 'sign_method',
    name: '签到方式',
    type: 1,
    items: [
      ['1', 'NFC手环'],
      ['2', '扫码'],
      ['3', '人工签到'],
    ],
  },
  {
    code: 'bracelet_status',
    name: '手环状态',
    type: 1,
    items: [
      ['0', '未绑定'],
      ['1', '使用中'],
      ['2', '已归还'],
      ['3', '遗失'],
      ['4', '损坏'],
    ],
  },
  {
    code: 'task_type',
    name: '任务类型',
    type: 1,
    items: [
      ['1', '签到打卡'],
      ['2', '答题'],
      ['3', '开宝箱'],
      ['4', '购买'],
      ['5', '分享邀请'],
      ['6', '积分达标'],
    ],
  },
  {
    code: 'task_cycle',
    name: '任务周期',
    type: 1,
    items: [
      ['0', '一次性'],
      ['1', '每日'],
      ['2', '每周'],
      ['3', '每场'],
    ],
  },
  {
    code: 'task_record_status',
    name: '任务记录状态',
    type: 1,
    items: [
      ['0', '进行中'],
      ['1', '已完成'],
      ['2', '已领奖'],
      ['3', '已过期'],
    ],
  },
  {
    code: 'score_change_type',
    name: '积分变动类型',
    type: 1,
    items: [
      ['1', '签到'],
      ['2', '答题'],
      ['3', '任务奖励'],
      ['4', '宝箱'],
      ['5', '消费奖励'],
      ['6', '兑换消费'],
      ['7', '管理员调整'],
      ['8', '退款回退'],
      ['9', '荣誉奖励'],
    ],
  },
  {
    code: 'rank_scope',
    name: '榜单范围',
    type: 1,
    items: [
      ['1', '玩家'],
      ['2', '海盗船'],
    ],
  },
  {
    code: 'rank_period',
    name: '榜单周期',
    type: 1,
    items: [
      ['1', '日榜'],
      ['2', '周榜'],
      ['3', '月榜'],
      ['4', '赛季榜'],
      ['5', '总榜'],
    ],
  },
  {
    code: 'honor_condition_type',
    name: '荣誉条件类型',
    type: 1,
    items: [
      ['1', '累计积分'],
      ['2', '签到地点数'],
      ['3', '答对题数'],
      ['4', '开启宝箱数'],
      ['5', '达到等级'],
      ['6', '手动授予'],
    ],
  },
  {
    code: 'honor_source',
    name: '荣誉来源',
    type: 1,
    items: [
      ['1', '自动获得'],
      ['2', '手动授予'],
    ],
  },
  {
    code: 'chest_type',
    name: '宝箱类型',
    type: 1,
    items: [
      ['1', '木宝箱'],
      ['2', '银宝箱'],
      ['3', '金宝箱'],
      ['4', '传说宝箱'],
    ],
  },
  {
    code: 'chest_status',
    name: '宝箱状态',
    type: 1,
    items: [
      ['0', '未解锁'],
      ['1', '可开启'],
      ['2', '已开完'],
      ['3', '已停用'],
    ],
  },
  {
    code: 'chest_unlock_type',
    name: '宝箱解锁方式',
    type: 1,
    items: [
      ['1', 'NFC感应'],
      ['2', '密码'],
      ['3', '答题'],
      ['4', '消耗积分'],
      ['5', '完成任务'],
    ],
  },
  {
    code: 'chest_reward_type',
    name: '宝箱奖励类型',
    type: 1,
    items: [
      ['1', '积分'],
      ['2', '商品'],
      ['3', '荣誉'],
      ['4', '悬赏金'],
    ],
  },
  {
    code: 'question_type',
    name: '题目类型',
    type: 1,
    items: [
      ['1', '单选题'],
      ['2', '多选题'],
      ['3', '判断题'],
      ['4', '填空题'],
    ],
  },
  {
    code: 'difficulty_level',
    name: '难度等级',
    type: 1,
    items: [
      ['1', '简单'],
      ['2', '中等'],
      ['3', '困难'],
    ],
  },
  {
    code: 'reservation_status',
    name: '预约状态',
    type: 1,
    items: [
      ['0', '待确认'],
      ['1', '已确认'],
      ['2', '已签到'],
      ['3', '已完成'],
      ['4', '已取消'],
      ['5', '未到场'],
    ],
  },
  {
    code: 'reservation_slot',
    name: '预约时段',
    type: 0,
    items: [
      ['10:00-12:00', '10:00-12:00'],
      ['14:00-16:00', '14:00-16:00'],
      ['19:00-21:00', '19:00-21:00'],
    ],
  },
  {
    code: 'goods_status',
    name: '商品状态',
    type: 1,
    items: [
      ['0', '草稿'],
      ['1', '上架'],
      ['2', '下架'],
      ['3', '售罄'],
    ],
  },
  {
    code: 'goods_pay_type',
    name: '商品支付方式',
    type: 1,
    items: [
      ['1', '现金'],
      ['2', '积分'],
      ['3', '现金+积分'],
    ],
  },
  {
    code: 'order_status',
    name: '订单状态',
    type: 1,
    items: [
      ['0', '待支付'],
      ['1', '已支付'],
      ['2', '已核销'],
      ['3', '已完成'],
      ['4', '已取消'],
      ['5', '退款中'],
      ['6', '已退款'],
      ['7', '已关闭'],
    ],
  },
  {
    code: 'pay_type',
    name: '支付方式',
    type: 1,
    items: [
      ['1', '微信支付'],
      ['2', '支付宝'],
      ['3', '积分'],
      ['4', '线下/现金'],
    ],
  },
  {
    code: 'pay_status',
    name: '支付状态',
    type: 1,
    items: [
      ['0', '未支付'],
      ['1', '已支付'],
      ['2', '已退款'],
    ],
  },
  {
    code: 'pay_notify_type',
    name: '回调类型',
    type: 1,
    items: [
      ['1', '支付'],
      ['2', '退款'],
    ],
  },
  {
    code: 'pay_callback_status',
    name: '回调处理状态',
    type: 1,
    items: [
      ['0', '已接收'],
      ['1', '已处理'],
      ['2', '处理失败'],
      ['3', '重复忽略'],
      ['4', '签名错误'],
    ],
  },
  {
    code: 'material_type',
    name: '素材类型',
    type: 1,
    items: [
      ['1', '横幅'],
      ['2', '地图'],
      ['3', '船旗'],
      ['4', '宝箱'],
      ['5', '荣誉图标'],
      ['6', '商品'],
      ['9', '其他'],
    ],
  },
  {
    code: 'game_msg_type',
    name: '玩家消息类型',
    type: 1,
    items: [
      ['1', '系统'],
      ['2', '活动'],
      ['3', '订单'],
      ['4', '榜单荣誉'],
    ],
  },
  {
    code: 'game_msg_target',
    name: '玩家消息对象',
    type: 1,
    items: [
      ['1', '全部玩家'],
      ['2', '指定玩家'],
      ['3', '指定海盗船'],
    ],
  },
  {
    code: 'policy_type',
    name: '政策类型',
    type: 1,
    items: [
      ['1', '用户协议'],
      ['2', '隐私政策'],
      ['3', '游戏规则'],
      ['4', '退款政策'],
      ['5', '关于我们'],
    ],
  },
];

/** Fill rules of the game's numbers (OrderNumberRule: prefix + yyyyMMdd + an atomic daily sequence). */
export const GAME_FILL_RULES = [
  { code: 'game_order_num', name: '游戏订单编号', prefix: 'GO' },
  { code: 'reservation_num', name: '预约编号', prefix: 'YY' },
  { code: 'ship_num', name: '海盗船编号', prefix: 'SHIP' },
  { code: 'chest_num', name: '宝箱编号', prefix: 'BX' },
] as const;
