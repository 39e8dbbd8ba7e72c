import type { CheckRuleFailure } from '@pk/contract';
import type { Db } from '../../../db/connection.js';
import { checkValue, parseRuleJson } from '../../../core/rules/checkEngine.js';
import { BizError } from '../../../core/envelope/errors.js';

export const CHECK_RULE_NOT_FOUND = '该编码不存在';

/**
 * Check a value with the rule of `ruleCode` (contract §6.4 checkByCode): the first failing part, or null when every
 * part passes or the value is blank. An unknown code is 该编码不存在; a stored rule JSON that no longer parses
 * (e.g. written to the table by hand) gives its Chinese problem.
 */
export async function checkByCode(db: Db, ruleCode: string, value: string): Promise<CheckRuleFailure | null> {
  const row = await db.db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', ruleCode).executeTakeFirst();
  if (!row) throw new BizError(CHECK_RULE_NOT_FOUND);
  return checkValue(parseRuleJson(row.rule_json ?? '[]'), value);
}

/** Java URLDecoder.decode(value, "UTF-8") on the already decoded query value ('+' is a space); undecodable text stays as it is. */
export function decodeOnceMore(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}
