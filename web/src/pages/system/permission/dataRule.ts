/**
 * Data-rule form rules (contract §4.4, security: raw SQL rules are never offered nor sent from the screen).
 */
import type { DictOption } from '../../../crud';

/** The condition the screen must never offer: it would inject ruleValue as SQL. */
export const SQL_RULE = 'USE_SQL_RULES';

/** The `rule_conditions` dictionary without the raw-SQL item. */
export function ruleConditionOptions(options: readonly DictOption[]): DictOption[] {
  return options.filter((o) => o.value !== SQL_RULE);
}

/** ruleColumn is an entity property name (camelCase identifier), as the server requires. */
export const RULE_COLUMN_PATTERN = /^[a-z][A-Za-z0-9]{0,49}$/;

export interface RuleFormValues {
  ruleName?: string;
  ruleColumn?: string;
  ruleConditions?: string;
  ruleValue?: string;
  status?: string;
}

/** Form values → the add/edit body; a raw-SQL condition is refused here as well as on the server. */
export function toRuleBody(values: RuleFormValues, permissionId: string, id?: string): Record<string, unknown> {
  if (values.ruleConditions === SQL_RULE) throw new Error('不允许使用自定义SQL规则');
  const body: Record<string, unknown> = {
    permissionId,
    ruleName: values.ruleName?.trim() ?? '',
    ruleColumn: values.ruleColumn?.trim() ?? '',
    ruleConditions: values.ruleConditions ?? '',
    ruleValue: values.ruleValue?.trim() ?? '',
    status: values.status ?? '1',
  };
  if (id) body.id = id;
  return body;
}
