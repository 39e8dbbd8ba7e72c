import { checkRuleEntity } from '@pk/contract';
import type { CrudBinding, CrudMessages, Values } from '../../../core/crud/index.js';
import { parseRuleJson } from '../../../core/rules/checkEngine.js';
import { MSG } from '../../../core/messages.js';

/** The CRUD texts of check and fill rules (contract §6.4, §6.5): edit answers 编辑成功!. */
export const CRUD_RULE_MESSAGES: Partial<CrudMessages> = { edited: MSG.editedAlt };

/** On save the rule JSON must parse as rule parts whose patterns compile (core/rules/checkEngine.ts). */
function checkRuleJson(values: Values): void {
  if (typeof values.ruleJson === 'string') parseRuleJson(values.ruleJson);
}

/** 系统校验规则 (contract §6.4): queryById of a missing row is ok(null). */
export const checkRuleBinding: CrudBinding = {
  entity: checkRuleEntity,
  table: 'sys_check_rule',
  dataLog: true,
  nullWhenMissing: true,
  messages: CRUD_RULE_MESSAGES,
  hooks: { beforeSave: checkRuleJson },
};
