/**
 * The 41 dictionaries of jeecg-schema.md §2.5 (sys_dict 41 rows, sys_dict_item 133 rows), in the listed order.
 * type: 0 string values, 1 number values, null not set. Item: [value, text] or [value, text, status] (status 1 when
 * omitted). Item sort_order is the position in the list, starting at 1.
 */
export interface DictSeed {
  code: string;
  name: string;
  type: 0 | 1 | null;
  items: Array<[value: string, text: string, status?: number]>;
}

export const DICTS: DictSeed[] = [
  {
    code: 'activiti_sync',
    name: '同步工作流引擎',
    type: 0,
    items: [
      ['1', '同步'],
      ['0', '不同步'],
    ],
  },
  {
    code: 'bpm_process_type',
    name: '流程类型',
    type: 0,
    items: [
      ['test', '测试流程'],
      ['oa', 'OA办公'],
      ['business', '业务办理'],
    ],
  },
  {
    code: 'bpm_status',
    name: '流程状态',
    type: 0,
    items: [
      ['1', '待提交'],
      ['2', '处理中'],
      ['3', '已完成'],
      ['4', '已作废'],
    ],
  },
  {
    code: 'ceshi_online',
    name: 'onlineT类型',
    type: 0,
    items: [
      ['00', '000'],
      ['3', 'easyui'],
      ['1', 'booostrap'],
    ],
  },
  {
    code: 'cgform_table_type',
    name: 'Online表单类型',
    type: 0,
    items: [
      ['1', '单表'],
      ['2', '主表'],
      ['3', '附表'],
    ],
  },
  {
    code: 'database_type',
    name: '数据库类型',
    type: 0,
    items: [
      ['1', 'MySQL5.5'],
      ['4', 'MYSQL5.7+'],
      ['2', 'Oracle'],
      ['3', 'SQLServer'],
      ['6', 'postgresql'],
      ['5', 'marialDB'],
      ['7', '达梦'],
      ['8', '人大金仓'],
      ['9', '神通'],
      ['10', 'SQLite'],
      ['11', 'DB2'],
      ['12', 'Hsqldb'],
      ['13', 'Derby'],
      ['14', 'H2'],
      ['15', '其他数据库'],
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    type: 0,
    items: [
      ['1', '已删除'],
      ['0', '正常'],
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    type: 0,
    items: [
      ['0', '不启用'],
      ['1', '启用'],
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典状态',
    type: 1,
    items: [
      ['1', '启用'],
      ['0', '不启用'],
    ],
  },
  {
    code: 'eoa_cms_menu_type',
    name: '分类栏目类型',
    type: 0,
    items: [
      ['1', '列表'],
      ['2', '链接'],
    ],
  },
  {
    code: 'eoa_plan_status',
    name: '日程计划状态',
    type: 0,
    items: [
      ['0', '未开始'],
      ['1', '进行中'],
      ['2', '已完成'],
    ],
  },
  {
    code: 'eoa_plan_type',
    name: '日程计划类型',
    type: 0,
    items: [
      ['1', '日常记录'],
      ['2', '本周工作'],
      ['3', '下周计划'],
    ],
  },
  {
    code: 'form_perms_type',
    name: '表单权限策略',
    type: null,
    items: [
      ['1', '可见(未授权不可见)'],
      ['2', '可编辑(未授权禁用)'],
    ],
  },
  {
    code: 'global_perms_type',
    name: '全局权限策略',
    type: 0,
    items: [
      ['1', '可见/可访问(授权后可见/可访问)'],
      ['2', '可编辑(未授权时禁用)'],
    ],
  },
  {
    code: 'is_open',
    name: '开关',
    type: 0,
    items: [
      ['Y', '是'],
      ['N', '否'],
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    type: 1,
    items: [
      ['2', '操作日志'],
      ['1', '登录日志'],
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    type: 1,
    items: [
      ['2', '按钮权限'],
      ['1', '子菜单'],
      ['0', '一级菜单'],
    ],
  },
  {
    code: 'msgSendStatus',
    name: '消息发送状态',
    type: 0,
    items: [
      ['0', '未发送'],
      ['1', '发送成功'],
      ['2', '发送失败'],
    ],
  },
  {
    code: 'msgType',
    name: '发送消息类型',
    type: 0,
    items: [
      ['4', '系统'],
      ['1', '短信'],
      ['2', '邮件'],
      ['3', '微信'],
    ],
  },
  {
    code: 'msg_category',
    name: '通告类型',
    type: 0,
    items: [
      ['1', '通知公告'],
      ['2', '系统消息'],
    ],
  },
  {
    code: 'msg_type',
    name: '推送类别',
    type: 0,
    items: [
      ['USER', '指定用户'],
      ['ALL', '全体用户'],
    ],
  },
  {
    code: 'ol_form_biz_type',
    name: 'Online表单业务分类',
    type: 0,
    items: [
      ['demo', '官方示例'],
      ['bpm', '流程表单'],
      ['temp', '测试表单'],
      ['bdfl_include', '导入表单'],
    ],
  },
  {
    code: 'online_graph_data_type',
    name: 'Online图表数据类型',
    type: 0,
    items: [
      ['sql', 'SQL'],
      ['json', 'JSON'],
      ['api', 'API'],
    ],
  },
  {
    code: 'online_graph_display_template',
    name: 'Online图表展示模板',
    type: 0,
    items: [
      ['tab', 'Tab风格'],
      ['single', '单排布局'],
      ['double', '双排布局'],
      ['combination', '组合布局'],
    ],
  },
  {
    code: 'online_graph_type',
    name: 'Online图表类型',
    type: 0,
    items: [
      ['bar', '柱状图'],
      ['line', '曲线图'],
      ['pie', '饼图'],
      ['table', '数据列表'],
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 0,
    items: [
      ['1', '查询'],
      ['2', '添加'],
      ['3', '修改'],
      ['4', '删除'],
      ['5', '导入'],
      ['6', '导出'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    type: 0,
    items: [
      ['3', '岗位'],
      ['1', '公司'],
      ['2', '部门'],
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    type: 0,
    items: [
      ['1', '显示'],
      ['2', '禁用'],
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    type: 0,
    items: [
      ['1', '员级'],
      ['2', '助级'],
      ['3', '中级'],
      ['4', '副高级'],
      ['5', '正高级'],
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    type: 0,
    items: [
      ['H', '高'],
      ['M', '中'],
      ['L', '低'],
    ],
  },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    type: null,
    items: [
      ['0', '正常'],
      ['-1', '停止'],
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    type: 0,
    items: [
      ['>', '大于'],
      ['<', '小于'],
      ['!=', '不等于'],
      ['=', '等于'],
      ['>=', '大于等于'],
      ['<=', '小于等于'],
      ['LEFT_LIKE', '左模糊'],
      ['RIGHT_LIKE', '右模糊'],
      ['LIKE', '模糊'],
      ['IN', '包含'],
      ['USE_SQL_RULES', '自定义SQL表达式'],
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    type: 0,
    items: [
      ['0', '未发布'],
      ['1', '已发布'],
      ['2', '已撤销'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    type: 1,
    items: [
      ['1', '男'],
      ['2', '女'],
    ],
  },
  {
    code: 'status',
    name: '状态',
    type: 0,
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    type: 0,
    items: [
      ['1', '正常'],
      ['0', '冻结'],
    ],
  },
  {
    code: 'urgent_level',
    name: '紧急程度',
    type: 0,
    items: [
      ['1', '一般'],
      ['2', '重要'],
      ['3', '紧急'],
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    items: [
      ['1', '正常'],
      ['2', '冻结'],
    ],
  },
  {
    code: 'user_type',
    name: '用户类型',
    type: 0,
    items: [
      ['333', '333'],
      ['222', '22', 0],
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    type: 0,
    items: [
      ['0', '无效'],
      ['1', '有效'],
    ],
  },
  {
    code: 'yn',
    name: '1是0否',
    type: 0,
    items: [
      ['1', '是'],
      ['0', '否'],
    ],
  },
];
