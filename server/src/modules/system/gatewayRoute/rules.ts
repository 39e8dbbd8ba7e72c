import { GATEWAY_LIMITS, type GatewayRule } from '@pk/contract';
import { BadRequestError } from '../../../core/envelope/errors.js';

/** The two rule lists of a route and their Chinese names. */
export const RULE_LABELS = { predicates: '路由断言', filters: '过滤器' } as const;
export type RuleList = keyof typeof RULE_LABELS;

export const RULE_MSG = {
  badJson: (l: string) => `${l}不是合法的JSON`,
  notArray: (l: string) => `${l}必须是JSON数组`,
  tooMany: (l: string) => `${l}最多${GATEWAY_LIMITS.rules}项`,
  tooLong: (l: string) => `${l}过长（最多${GATEWAY_LIMITS.jsonChars}个字符）`,
  badItem: (l: string, i: number) => `${l}第${i}项格式不正确，应为 {"name": 名称, "args": 数组或对象}`,
} as const;

const NAME_RE = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/**
 * A route's predicates or filters as the client sends them (a JSON array string, contract §12.7, or the array
 * itself): an array of at most GATEWAY_LIMITS.rules items `{name, args}` (name a plain identifier such as `Path`
 * or `StripPrefix`, args an array or an object), stored as normalised JSON of at most GATEWAY_LIMITS.jsonChars.
 * Anything else is a 400 with a Chinese message; blank means `[]`.
 */
export function normaliseRules(raw: unknown, list: RuleList): string {
  const label = RULE_LABELS[list];
  let value: unknown = raw;
  if (raw === undefined || raw === null || (typeof raw === 'string' && !raw.trim())) return '[]';
  if (typeof raw === 'string') {
    if (raw.length > GATEWAY_LIMITS.jsonChars) throw new BadRequestError(RULE_MSG.tooLong(label));
    try {
      value = JSON.parse(raw);
    } catch {
      throw new BadRequestError(RULE_MSG.badJson(label));
    }
  }
  if (!Array.isArray(value)) throw new BadRequestError(RULE_MSG.notArray(label));
  if (value.length > GATEWAY_LIMITS.rules) throw new BadRequestError(RULE_MSG.tooMany(label));
  const rules: GatewayRule[] = value.map((item, i) => {
    const o = item as Record<string, unknown> | null;
    const ok =
      !!o &&
      typeof o === 'object' &&
      !Array.isArray(o) &&
      typeof o.name === 'string' &&
      NAME_RE.test(o.name) &&
      !!o.args &&
      typeof o.args === 'object' &&
      Object.keys(o).every((k) => k === 'name' || k === 'args');
    if (!ok) throw new BadRequestError(RULE_MSG.badItem(label, i + 1));
    return { name: o!.name as string, args: o!.args as GatewayRule['args'] };
  });
  const json = JSON.stringify(rules);
  if (json.length > GATEWAY_LIMITS.jsonChars) throw new BadRequestError(RULE_MSG.tooLong(label));
  return json;
}

/** Stored JSON → the array the list answers (a damaged value reads as no rules). */
export function parseStoredRules(json: string | null): GatewayRule[] {
  if (!json) return [];
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}
