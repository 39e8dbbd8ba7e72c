import type { CheckRuleFailure, CheckRuleItem } from '@pk/contract';
import type { Db } from '../../../db/connection.js';
import { checkValue, parseRuleJson } from '../../../core/rules/checkEngine.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';

export const CHECK_RULE_NOT_FOUND = '该编码不存在';

/**
 * Check a value with the rule of `ruleCode` (contract §6.4 checkByCode): the first failing part, or null when every
 * part passes or the value is blank. An unknown code is 该编码不存在; a stored rule JSON that does not parse
 * (e.g. written to the table by hand) answers its Chinese problem with success false.
 */
export async function checkByCode(db: Db, ruleCode: string, value: string): Promise<CheckRuleFailure | null> {
  const row = await db.db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', ruleCode).executeTakeFirst();
  if (!row) throw new BizError(CHECK_RULE_NOT_FOUND);
  let items: CheckRuleItem[];
  try {
    items = parseRuleJson(row.rule_json || '[]');
  } catch (e) {
    // Not the request's fault: the stored rule is broken (an answer, not a 400).
    if (e instanceof BadRequestError) throw new BizError(`校验规则【${ruleCode}】配置有误：${e.message}`);
    throw e;
  }
  return checkValue(items, value);
}

/** Java URLDecoder.decode(value, "UTF-8") on the already decoded query value ('+' is a space); undecodable text stays as it is. */
export function decodeOnceMore(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
