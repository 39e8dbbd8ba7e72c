import { defineEntity } from '../../entity';

/**
 * The quest screens of the game (issue 13, jeecg-schema §4.3): 活动任务, 荣誉, 宝箱, 题库 (staff edit them) and the
 * records the play services write (用户签到, 用户任务记录, 用户荣誉, 用户答题记录, 答题成绩: list and export only;
 * 用户荣誉 adds a staff 手动授予). References to players, ships, places and the like are table dictionaries
 * (`{prop}_dictText` on list rows) with an option list (`ref`) where a form picks them.
 */

/** Table dictionaries of the references (registered in server/src/core/dict/tableRegistry.ts). */
export const GAME_REF_DICT = {
  user: 'book_user,nickname,id',
  ship: 'pirate_ship,ship_name,id',
  signPlace: 'sign_place,place_name,id',
  greatLine: 'great_line,line_name,id',
  task: 'activity_task,task_name,id',
  honor: 'honor,honor_name,id',
  chest: 'treasure_chest,chest_name,id',
  question: 'question_bank,title,id',
  goods: 'goods,goods_name,id',
} as const;

/** Option lists of the references (`GET {url}?keyword=&limit=` → `[{id, name…}]`). */
export const GAME_REF_URL = {
  user: '/book/user/userList',
  ship: '/book/pirateShip/shipList',
  signPlace: '/book/signPlace/placeList',
} as const;

/** The record screens: rows written by the play services, never added or edited by staff. */
const RECORD_ROUTES = ['add', 'edit', 'importExcel', 'delete', 'deleteBatch'] as const;
const RECORD_ACTIONS = ['exportXls'] as const;

const createTime = { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false } as const;

/** 用户签到 (user_sign_place): one row per player, reservation and place (written by the play services). */
export const userSignPlaceEntity = defineEntity({
  key: 'userSignPlace',
  title: '用户签到',
  api: '/book/userSignPlace',
  table: 'user_sign_place',
  perm: 'userSignPlace',
  omitRoutes: RECORD_ROUTES,
  menu: { group: 'game', name: '用户签到', url: '/game/userSignPlace', component: 'game/UserSignPlaceList', sort: 6, actions: RECORD_ACTIONS },
  defaultSort: { prop: 'signTime', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: GAME_REF_DICT.user, ref: GAME_REF_URL.user, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'reservationId', label: '预约ID', type: 'string', filter: 'eq', required: true, maxLength: 32 },
    {
      prop: 'signPlaceId',
      label: '签到点',
      type: 'string',
      dict: GAME_REF_DICT.signPlace,
      ref: GAME_REF_URL.signPlace,
      filter: 'eq',
      required: true,
      maxLength: 32,
    },
    { prop: 'shipId', label: '海盗船', type: 'string', dict: GAME_REF_DICT.ship, ref: GAME_REF_URL.ship, filter: 'eq', maxLength: 32 },
    { prop: 'braceletId', label: '手环ID', type: 'string', maxLength: 32 },
    { prop: 'signTime', label: '签到时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'signMethod', label: '签到方式', type: 'number', dict: 'sign_method', filter: 'eq', sort: true },
    { prop: 'scoreGained', label: '获得积分', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    createTime,
  ],
});

/** 活动任务 (activity_task): the target is a place, a question, a chest or goods by the task type (checked on save). */
export const activityTaskEntity = defineEntity({
  key: 'activityTask',
  title: '活动任务',
  api: '/task/activityTask',
  table: 'activity_task',
  perm: 'activityTask',
  menu: { group: 'game', name: '活动任务', url: '/game/activityTask', component: 'game/ActivityTaskList', sort: 9 },
  defaultSort: { prop: 'sortNo', order: 'asc' },
  fields: [
    { prop: 'taskCode', label: '任务编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'taskName', label: '任务名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'taskType', label: '任务类型', type: 'number', dict: 'task_type', filter: 'eq', sort: true, required: true },
    { prop: 'targetId', label: '任务目标ID', type: 'string', maxLength: 32 },
    { prop: 'targetCount', label: '目标次数', type: 'number' },
    { prop: 'cycle', label: '任务周期', type: 'number', dict: 'task_cycle', filter: 'eq' },
    { prop: 'rewardScore', label: '奖励积分', type: 'number', sort: true },
    { prop: 'rewardBounty', label: '奖励悬赏金', type: 'number' },
    { prop: 'rewardHonorId', label: '奖励荣誉', type: 'string', dict: GAME_REF_DICT.honor, maxLength: 32 },
    { prop: 'startTime', label: '开始时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'endTime', label: '结束时间', type: 'datetime', sort: true },
    { prop: 'icon', label: '图标', type: 'string', widget: 'image', list: false, maxLength: 255 },
    { prop: 'intro', label: '任务说明', type: 'text', widget: 'editor', list: false, excel: false, maxLength: 100_000 },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    createTime,
  ],
});

/** 用户任务记录 (user_task_record): progress of a player on a task in one cycle (written by the play services). */
export const userTaskRecordEntity = defineEntity({
  key: 'userTaskRecord',
  title: '用户任务记录',
  api: '/task/userTaskRecord',
  table: 'user_task_record',
  perm: 'userTaskRecord',
  omitRoutes: RECORD_ROUTES,
  menu: { group: 'game', name: '用户任务记录', url: '/game/userTaskRecord', component: 'game/UserTaskRecordList', sort: 10, actions: RECORD_ACTIONS },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: GAME_REF_DICT.user, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'taskId', label: '任务', type: 'string', dict: GAME_REF_DICT.task, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'cycleKey', label: '周期', type: 'string', filter: 'eq', required: true, maxLength: 40 },
    { prop: 'shipId', label: '海盗船', type: 'string', dict: GAME_REF_DICT.ship, filter: 'eq', maxLength: 32 },
    { prop: 'progress', label: '进度', type: 'number' },
    { prop: 'targetCount', label: '目标次数', type: 'number' },
    { prop: 'status', label: '状态', type: 'number', dict: 'task_record_status', filter: 'eq', sort: true },
    { prop: 'completeTime', label: '完成时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'rewardTime', label: '领奖时间', type: 'datetime', sort: true },
    { prop: 'rewardScore', label: '奖励积分', type: 'number' },
    createTime,
  ],
});

/** 荣誉 (honor): condition_value > 0 unless the condition is 6 (manual). */
export const honorEntity = defineEntity({
  key: 'honor',
  title: '荣誉',
  api: '/honor/honor',
  table: 'honor',
  perm: 'honor',
  menu: { group: 'game', name: '荣誉', url: '/game/honor', component: 'game/HonorList', sort: 11 },
  defaultSort: { prop: 'sortNo', order: 'asc' },
  fields: [
    { prop: 'honorCode', label: '荣誉编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'honorName', label: '荣誉名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'icon', label: '图标', type: 'string', widget: 'image', list: false, maxLength: 255 },
    { prop: 'intro', label: '荣誉说明', type: 'string', list: false, maxLength: 500 },
    { prop: 'conditionType', label: '获得条件', type: 'number', dict: 'honor_condition_type', filter: 'eq', required: true },
    { prop: 'conditionValue', label: '条件值', type: 'number' },
    { prop: 'rewardScore', label: '奖励积分', type: 'number', sort: true },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    createTime,
  ],
});

/** 用户荣誉 (user_honor): written by the play services (source 1) or granted by staff (手动授予, source 2). */
export const userHonorEntity = defineEntity({
  key: 'userHonor',
  title: '用户荣誉',
  api: '/honor/userHonor',
  table: 'user_honor',
  perm: 'userHonor',
  omitRoutes: RECORD_ROUTES,
  menu: {
    group: 'game',
    name: '用户荣誉',
    url: '/game/userHonor',
    component: 'game/UserHonorList',
    sort: 12,
    actions: RECORD_ACTIONS,
    buttons: [{ action: 'grant', name: '手动授予' }],
  },
  defaultSort: { prop: 'obtainTime', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: GAME_REF_DICT.user, ref: GAME_REF_URL.user, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'honorId', label: '荣誉', type: 'string', dict: GAME_REF_DICT.honor, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'obtainTime', label: '获得时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'source', label: '来源', type: 'number', dict: 'honor_source', filter: 'eq' },
    { prop: 'bizId', label: '业务ID', type: 'string', maxLength: 32 },
    { prop: 'isWear', label: '佩戴中', type: 'number', dict: 'yn' },
    createTime,
  ],
});

/** 宝箱 (treasure_chest): the number from fill rule chest_num when empty; remain_count follows total_count. */
export const treasureChestEntity = defineEntity({
  key: 'treasureChest',
  title: '宝箱',
  api: '/chest/treasureChest',
  table: 'treasure_chest',
  perm: 'treasureChest',
  menu: { group: 'game', name: '宝箱', url: '/game/treasureChest', component: 'game/TreasureChestList', sort: 13 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'chestNo', label: '宝箱编号', type: 'string', filter: 'like', sort: true, unique: true, maxLength: 32 },
    { prop: 'chestName', label: '宝箱名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'chestType', label: '宝箱类型', type: 'number', dict: 'chest_type', filter: 'eq', sort: true },
    { prop: 'signPlaceId', label: '签到点', type: 'string', dict: GAME_REF_DICT.signPlace, ref: GAME_REF_URL.signPlace, filter: 'eq', maxLength: 32 },
    { prop: 'nfcCode', label: 'NFC编码', type: 'string', unique: true, list: false, maxLength: 64 },
    { prop: 'unlockType', label: '解锁方式', type: 'number', dict: 'chest_unlock_type', filter: 'eq' },
    { prop: 'unlockValue', label: '解锁值', type: 'string', list: false, maxLength: 100 },
    { prop: 'rewardType', label: '奖励类型', type: 'number', dict: 'chest_reward_type', filter: 'eq' },
    { prop: 'rewardValue', label: '奖励数值', type: 'number' },
    { prop: 'rewardGoodsId', label: '奖励商品', type: 'string', dict: GAME_REF_DICT.goods, list: false, maxLength: 32 },
    { prop: 'rewardHonorId', label: '奖励荣誉', type: 'string', dict: GAME_REF_DICT.honor, list: false, maxLength: 32 },
    { prop: 'totalCount', label: '总数量', type: 'number', required: true },
    { prop: 'remainCount', label: '剩余数量', type: 'number', form: false },
    { prop: 'picture', label: '图片', type: 'string', widget: 'image', list: false, maxLength: 255 },
    { prop: 'intro', label: '宝箱说明', type: 'text', widget: 'editor', list: false, excel: false, maxLength: 100_000 },
    { prop: 'status', label: '状态', type: 'number', dict: 'chest_status', filter: 'eq', sort: true },
    createTime,
  ],
});

/** 题库 (question_bank): options are a JSON array of {key, text}; the answer names option keys (checked on save). Logical delete. */
export const questionBankEntity = defineEntity({
  key: 'questionBank',
  title: '题库',
  api: '/question/questionBank',
  table: 'question_bank',
  perm: 'questionBank',
  menu: { group: 'game', name: '题库', url: '/game/questionBank', component: 'game/QuestionBankList', sort: 14 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'title', label: '题目', type: 'text', filter: 'like', required: true, maxLength: 2000, width: 260 },
    { prop: 'questionType', label: '题型', type: 'number', dict: 'question_type', filter: 'eq', sort: true, required: true },
    { prop: 'options', label: '选项', type: 'text', maxLength: 5000 },
    { prop: 'answer', label: '答案', type: 'string', required: true, maxLength: 100 },
    { prop: 'analysis', label: '答案解析', type: 'text', widget: 'editor', list: false, excel: false, maxLength: 100_000 },
    { prop: 'score', label: '分值', type: 'number', sort: true },
    { prop: 'difficulty', label: '难度', type: 'number', dict: 'difficulty_level', filter: 'eq', sort: true },
    { prop: 'category', label: '分类', type: 'string', filter: 'like', maxLength: 50 },
    { prop: 'signPlaceId', label: '签到点', type: 'string', dict: GAME_REF_DICT.signPlace, ref: GAME_REF_URL.signPlace, filter: 'eq', maxLength: 32 },
    { prop: 'picture', label: '图片', type: 'string', widget: 'image', list: false, maxLength: 255 },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    createTime,
  ],
});

/** 用户答题记录 (user_question_record): one answer of a player (written by the play services). */
export const userQuestionRecordEntity = defineEntity({
  key: 'userQuestionRecord',
  title: '用户答题记录',
  api: '/question/userQuestionRecord',
  table: 'user_question_record',
  perm: 'userQuestionRecord',
  omitRoutes: RECORD_ROUTES,
  menu: {
    group: 'game',
    name: '用户答题记录',
    url: '/game/userQuestionRecord',
    component: 'game/UserQuestionRecordList',
    sort: 15,
    actions: RECORD_ACTIONS,
  },
  defaultSort: { prop: 'answerTime', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: GAME_REF_DICT.user, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'reservationId', label: '预约ID', type: 'string', filter: 'eq', required: true, maxLength: 32 },
    { prop: 'questionId', label: '题目', type: 'string', dict: GAME_REF_DICT.question, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'signPlaceId', label: '签到点', type: 'string', dict: GAME_REF_DICT.signPlace, filter: 'eq', maxLength: 32 },
    { prop: 'shipId', label: '海盗船', type: 'string', dict: GAME_REF_DICT.ship, filter: 'eq', maxLength: 32 },
    { prop: 'userAnswer', label: '玩家答案', type: 'string', maxLength: 255 },
    { prop: 'isCorrect', label: '是否正确', type: 'number', dict: 'yn', filter: 'eq' },
    { prop: 'scoreGained', label: '获得积分', type: 'number', sort: true },
    { prop: 'answerTime', label: '答题时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'durationMs', label: '用时(毫秒)', type: 'number', sort: true },
    createTime,
  ],
});

/** 答题成绩 (user_question_score): a player's result of one reservation (written by the play services). */
export const userQuestionScoreEntity = defineEntity({
  key: 'userQuestionScore',
  title: '答题成绩',
  api: '/question/userQuestionScore',
  table: 'user_question_score',
  perm: 'userQuestionScore',
  omitRoutes: RECORD_ROUTES,
  menu: {
    group: 'game',
    name: '答题成绩',
    url: '/game/userQuestionScore',
    component: 'game/UserQuestionScoreList',
    sort: 16,
    actions: RECORD_ACTIONS,
  },
  defaultSort: { prop: 'totalScore', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: GAME_REF_DICT.user, filter: 'eq', required: true, maxLength: 32 },
    { prop: 'reservationId', label: '预约ID', type: 'string', filter: 'eq', required: true, maxLength: 32 },
    { prop: 'shipId', label: '海盗船', type: 'string', dict: GAME_REF_DICT.ship, filter: 'eq', maxLength: 32 },
    { prop: 'greatLineId', label: '伟大航路', type: 'string', dict: GAME_REF_DICT.greatLine, filter: 'eq', maxLength: 32 },
    { prop: 'questionTotal', label: '题目总数', type: 'number' },
    { prop: 'answeredCount', label: '已答题数', type: 'number' },
    { prop: 'correctCount', label: '答对题数', type: 'number', sort: true },
    { prop: 'totalScore', label: '总得分', type: 'number', sort: true },
    { prop: 'startTime', label: '开始时间', type: 'datetime', filter: 'range', sort: true },
    { prop: 'endTime', label: '结束时间', type: 'datetime', sort: true },
    { prop: 'durationSeconds', label: '用时(秒)', type: 'number', sort: true },
    { prop: 'rankNo', label: '名次', type: 'number', sort: true },
    createTime,
  ],
});
