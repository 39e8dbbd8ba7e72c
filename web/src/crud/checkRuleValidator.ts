/**
 * The check-rule rule of a form field (contract §6.4, `GET /sys/checkRule/checkByCode`), as the original's
 * validateCheckRule: asked only when a rule code and a value are given, the value sent encodeURIComponent'ed (the
 * server decodes it once more), the server's message (the failing part's text, or 该编码不存在) shown under the field.
 * Any form uses it: `FieldDef.checkRule` (fieldRules adds it) or `checkRuleRule('common')` in a hand-built dialog.
 */
import type { Rule } from 'antd/es/form';
import type { FieldDef } from '@pk/contract';
import { http, HttpError } from '../api/request';
import { serverRule } from './serverRule';

export const CHECK_BY_CODE_URL = '/sys/checkRule/checkByCode';

/** Resolves when the value passes the rule `ruleCode` (or either is blank); rejects with the message to show. */
export async function askCheckRule(ruleCode: string, value: string): Promise<void> {
  if (!ruleCode.trim() || !value) return;
  try {
    const res = await http.get<unknown>(CHECK_BY_CODE_URL, { ruleCode, value: encodeURIComponent(value) }, { silent: true });
    if (!res.success) throw new Error(res.message || '校验未通过');
  } catch (e) {
    if (!(e instanceof HttpError)) throw e;
    const msg = (e.data as { message?: unknown } | null)?.message;
    if (e.status !== undefined && typeof msg === 'string' && msg) throw new Error(msg);
    // no answer from the server: the value is not held up
  }
}

/** The rule of a check-rule code; `key` tells apart two fields of one form using the same code. */
export function checkRuleRule(ruleCode: string, key = ruleCode): Rule {
  return serverRule(`checkRule:${key}`, (text) => askCheckRule(ruleCode, text));
}

/** The check-rule rule of an entity field with `checkRule`, else none. */
export function checkRules(field: FieldDef): Rule[] {
  return field.checkRule ? [checkRuleRule(field.checkRule, `${field.prop}:${field.checkRule}`)] : [];
}
