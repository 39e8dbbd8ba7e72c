import { defineEntity } from '../entity';

/**
 * 系统编码规则 (sys_fill_rule) — contract §6.5. `ruleClass` names a built-in generator of FILL_RULE_GENERATORS
 * (never a class to load); `ruleParams` is its JSON object of parameters.
 */
export const fillRuleEntity = defineEntity({
  key: 'fillRule',
  title: '填值规则',
  api: '/sys/fillRule',
  table: 'sys_fill_rule',
  perm: 'fillRule',
  menu: { group: 'online', name: '系统编码规则', url: '/isystem/fillRule', component: 'system/SysFillRuleList', sort: 3 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'ruleName', label: '规则名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'ruleCode', label: '规则Code', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100 },
    { prop: 'ruleClass', label: '规则实现类', type: 'string', required: true, maxLength: 100 },
    { prop: 'ruleParams', label: '规则参数', type: 'text', maxLength: 200 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/** The built-in generators a fill rule may name (registry key → Chinese name, its parameters and an example). */
export const FILL_RULE_GENERATORS = {
  OrderNumberRule: { name: '订单流水号', params: '{"prefix":"CN","digits":6}', example: 'CN20261125000001' },
  OrgCodeRule: { name: '机构编码生成', params: '{"parentId":""}', example: 'A01A03' },
  CategoryCodeRule: { name: '分类字典编码生成', params: '{"pid":""}', example: 'A02' },
} as const;

export type FillRuleGenerator = keyof typeof FILL_RULE_GENERATORS;

/** The original's Java class names, accepted on save and stored as the registry key. */
export const FILL_RULE_CLASS_ALIASES: Readonly<Record<string, FillRuleGenerator>> = {
  'org.jeecg.modules.system.rule.OrderNumberRule': 'OrderNumberRule',
  'org.jeecg.modules.system.rule.OrgCodeRule': 'OrgCodeRule',
  'org.jeecg.modules.system.rule.CategoryCodeRule': 'CategoryCodeRule',
};

/** The registry key of a stored or typed rule class, or null when it names no built-in generator. */
export function fillRuleGenerator(ruleClass: string | null | undefined): FillRuleGenerator | null {
  const c = (ruleClass ?? '').trim();
  if (Object.prototype.hasOwnProperty.call(FILL_RULE_GENERATORS, c)) return c as FillRuleGenerator;
  return FILL_RULE_CLASS_ALIASES[c] ?? null;
}
