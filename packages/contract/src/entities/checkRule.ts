import { defineEntity } from '../entity';

/**
 * 系统校验规则 (sys_check_rule) — contract §6.4. `ruleJson` is a JSON array of {digits: '*' | 'n', pattern, message}
 * (see CheckRuleItem); forms name a rule by its code in `FieldDef.checkRule` and ask `checkByCode`.
 */
export const checkRuleEntity = defineEntity({
  key: 'checkRule',
  title: '编码校验规则',
  api: '/sys/checkRule',
  table: 'sys_check_rule',
  perm: 'checkRule',
  menu: { group: 'online', name: '系统校验规则', url: '/isystem/checkRule', component: 'system/SysCheckRuleList', sort: 5 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'ruleName', label: '规则名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'ruleCode', label: '规则Code', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100 },
    { prop: 'ruleJson', label: '规则JSON', type: 'text', list: false, required: true, maxLength: 1024 },
    { prop: 'ruleDescription', label: '规则描述', type: 'text', maxLength: 200 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/** One part of a check rule: `digits` '*' tests the whole value, 'n' the next n characters (contract §6.4). */
export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

/** The failure result of `GET /sys/checkRule/checkByCode` (contract §6.4). */
export interface CheckRuleFailure extends CheckRuleItem {
  checkValue: string;
  passed: false;
  beginIndex?: number;
  endIndex?: number;
}

/** `digits` of a whole-value rule. */
export const CHECK_ALL = '*';
