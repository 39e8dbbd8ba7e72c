/**
 * The texts of 在线表单开发 (Online表单开发; online-contract.md §1.1): the designer's messages and the option lists of
 * its field table, with the wire values the server reads (`dbType`, `fieldShowType`, `fieldValidType`, `queryMode`).
 */

export const DESIGNER_MSG = {
  addTitle: '新增表单',
  editTitle: '编辑表单',
  tableTaken: '表名已存在！',
  tableNameRequired: '请输入表名!',
  tableNameLetterUnderscore: '表名不能以单个字母加下划线开头',
  tableNameDigits: '表名不能全部是数字',
  tableTxtRequired: '请输入表描述!',
  noFields: '请至少添加一个字段',
  fieldNameMissing: (row: number) => `第${row}行的字段名不能为空`,
  fieldNameRepeated: (name: string) => `字段名${name}重复`,
  indexIncomplete: (row: number) => `第${row}个索引的索引名和索引字段不能为空`,
  loadFailed: '表单字段加载失败',
  confirmDrop: '确定删除吗？删除会同时删除数据库表',
  confirmRemove: '确定移除吗？移除只会删除表单配置，数据库表保留',
  confirmDropSelected: '确定删除选中的表单吗？删除会同时删除对应的数据库表',
  confirmRemoveSelected: '确定移除选中的表单吗？移除只会删除表单配置、数据库表保留',
  menuCreated: '生成菜单成功',
  menuUrl: (url: string) => `菜单地址：${url}`,
  syncTitle: (table: string) => `同步数据库 - ${table}`,
  planLoading: '正在计算同步计划…',
  planEmpty: '表结构与表单设计一致，无需同步',
  planIntro: '同步将对数据库表执行以下操作（尚未执行）：',
  normalHint: '普通同步：保留表中数据；若某一步会截断、清空或舍入数据，服务器拒绝执行并说明涉及的数据行。',
  forceHint: '强制同步：删除数据库表并按表单设计重新创建，表中数据全部丢失。请输入表名确认：',
  forceMismatch: '输入的表名与表单不一致',
} as const;

/** One sync step of the dry run (`GET /online/cgform/api/syncPlan/{id}`). */
export type PlanStep =
  | { op: 'create'; table: string }
  | { op: 'add'; column: string }
  | { op: 'rename'; from: string; to: string }
  | { op: 'drop'; column: string; values: number }
  | {
      op: 'widen' | 'narrow' | 'retype';
      column: string;
      from?: string;
      to?: string;
      truncate?: number;
      empty?: number;
      round?: number;
      rows?: string[];
    };

/** A step of the plan in Chinese (新建表, 新增字段 x, 字段 a 改名为 b, 删除字段 x（将清空 N 个值）…). */
export function stepText(step: PlanStep): string {
  switch (step.op) {
    case 'create':
      return `新建表 ${step.table}`;
    case 'add':
      return `新增字段 ${step.column}`;
    case 'rename':
      return `字段 ${step.from} 改名为 ${step.to}`;
    case 'drop':
      return step.values > 0 ? `删除字段 ${step.column}（将清空 ${step.values} 个值）` : `删除字段 ${step.column}（该字段没有值）`;
    case 'widen':
    case 'narrow':
    case 'retype': {
      const verb = step.op === 'widen' ? '加长' : step.op === 'narrow' ? '缩短' : '改变类型';
      const types = step.from && step.to ? `：${step.from} → ${step.to}` : '';
      const losses = [
        step.truncate ? `截断 ${step.truncate} 行` : '',
        step.empty ? `清空 ${step.empty} 行` : '',
        step.round ? `舍入 ${step.round} 行` : '',
      ].filter(Boolean);
      const rows = step.rows?.length ? `，涉及 id：${step.rows.join('、')}` : '';
      return `字段 ${step.column} ${verb}${types}${losses.length ? `（将${losses.join('、')}${rows}）` : ''}`;
    }
    default:
      return `未知操作 ${String((step as { op?: unknown }).op)}`;
  }
}

/** Whether a step would lose values (a normal sync refuses it). */
export function stepLoses(step: PlanStep): boolean {
  if (step.op === 'drop') return step.values > 0;
  if (step.op === 'widen' || step.op === 'narrow' || step.op === 'retype') return !!(step.truncate || step.empty || step.round);
  return false;
}

type Option<V extends string = string> = { value: V; label: string };

/** 数据库属性 — the column types (model.ts DB_TYPES on the server). */
export const DB_TYPE_OPTIONS: Option[] = [
  { value: 'string', label: '字符串' },
  { value: 'int', label: '整数' },
  { value: 'double', label: '双精度小数' },
  { value: 'Date', label: '日期' },
  { value: 'Datetime', label: '日期时间' },
  { value: 'BigDecimal', label: '定点小数' },
  { value: 'Text', label: '长文本' },
  { value: 'Blob', label: '二进制' },
];

/** 页面属性 — the 23 field widgets of the contract. */
export const SHOW_TYPE_OPTIONS: Option[] = [
  { value: 'text', label: '文本框' },
  { value: 'password', label: '密码' },
  { value: 'list', label: '下拉框' },
  { value: 'radio', label: '单选框' },
  { value: 'checkbox', label: '多选框' },
  { value: 'switch', label: '开关' },
  { value: 'date', label: '日期（年-月-日）' },
  { value: 'datetime', label: '日期（年-月-日 时:分:秒）' },
  { value: 'time', label: '时间（时:分:秒）' },
  { value: 'file', label: '文件' },
  { value: 'image', label: '图片' },
  { value: 'textarea', label: '多行文本' },
  { value: 'list_multi', label: '下拉多选框' },
  { value: 'sel_search', label: '下拉搜索框' },
  { value: 'popup', label: '弹出报表选择' },
  { value: 'cat_tree', label: '分类字典树' },
  { value: 'sel_depart', label: '部门选择' },
  { value: 'sel_user', label: '用户选择' },
  { value: 'umeditor', label: '富文本' },
  { value: 'markdown', label: 'Markdown' },
  { value: 'pca', label: '省市区' },
  { value: 'link_down', label: '联动下拉' },
  { value: 'sel_tree', label: '自定义树' },
];

/** 校验字典 — the validation presets ('' = none). */
export const VALID_TYPE_OPTIONS: Option[] = [
  { value: '', label: '不校验' },
  { value: 'only', label: '唯一校验' },
  { value: 'n6-16', label: '6到16位数字' },
  { value: 's6-18', label: '6到18位字母' },
  { value: '*6-16', label: '6到16位任意字符' },
  { value: 'url', label: '网址' },
  { value: 'e', label: '电子邮件' },
  { value: 'm', label: '手机号码' },
  { value: 'p', label: '邮政编码' },
  { value: 's', label: '字母' },
  { value: 'n', label: '数字' },
  { value: 'z', label: '整数' },
  { value: '*', label: '非空' },
  { value: 'money', label: '金额' },
];

export const QUERY_MODE_OPTIONS: Option[] = [
  { value: 'single', label: '普通查询' },
  { value: 'group', label: '范围查询' },
];

export const INDEX_TYPE_OPTIONS: Option[] = [
  { value: 'normal', label: '普通索引' },
  { value: 'unique', label: '唯一索引' },
];

export const YES_NO_OPTIONS: Option[] = [
  { value: 'Y', label: '是' },
  { value: 'N', label: '否' },
];
