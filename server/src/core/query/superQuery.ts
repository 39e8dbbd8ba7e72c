import { BadRequestError } from '../envelope/errors.js';
import type { CmpOp, Cond, QuerySpec } from './types.js';
import { QUERY_LIMITS } from './types.js';
import { cmpCond, inCond, likeCond, splitList } from './valueSyntax.js';

type Rule = CmpOp | 'in' | 'like' | 'left_like' | 'right_like';

/** Rule codes and symbols (contract §5.5); lookup is case-insensitive. */
const RULES: Record<string, Rule> = {
  eq: 'eq',
  '=': 'eq',
  ne: 'ne',
  '!=': 'ne',
  '<>': 'ne',
  gt: 'gt',
  '>': 'gt',
  ge: 'ge',
  '>=': 'ge',
  lt: 'lt',
  '<': 'lt',
  le: 'le',
  '<=': 'le',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
};

export const SUPER_QUERY_MSG = {
  malformed: '高级查询参数格式错误',
  unknownField: (f: string) => `高级查询字段不存在：${f}`,
  unknownRule: (r: string) => `高级查询规则不正确：${r}`,
} as const;

function decodeParam(raw: string): unknown {
  // The client sends encodeURI(JSON); the framework decoded one layer, the original server decodes once more.
  const attempts = [raw];
  try {
    const once = decodeURIComponent(raw);
    if (once !== raw) attempts.unshift(once);
  } catch {
    /* not percent-encoded: try the text as it is */
  }
  for (const text of attempts) {
    try {
      return JSON.parse(text);
    } catch {
      /* next */
    }
  }
  throw new BadRequestError(SUPER_QUERY_MSG.malformed);
}

function text(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw new BadRequestError(SUPER_QUERY_MSG.malformed);
}

/**
 * `superQueryParams` + `superQueryMatchType` → one parenthesised group (contract §5.5), or null.
 * Only filterable properties of the definition are accepted; an unknown field is a clear 400 instead of the
 * original's silent "ignore the whole advanced query". Values are typed by the field, not by `dbType`.
 */
export function parseSuperQuery(spec: QuerySpec, rawParams: unknown, rawMatchType: unknown): Cond | null {
  if (rawParams === undefined || rawParams === null || rawParams === '') return null;
  if (typeof rawParams !== 'string') throw new BadRequestError(SUPER_QUERY_MSG.malformed);
  if (rawParams.length > QUERY_LIMITS.maxSuperQueryLength) throw new BadRequestError(SUPER_QUERY_MSG.malformed);
  const parsed = decodeParam(rawParams);
  if (!Array.isArray(parsed)) throw new BadRequestError(SUPER_QUERY_MSG.malformed);
  if (parsed.length > QUERY_LIMITS.maxSuperConditions) throw new BadRequestError(`高级查询条件不能超过${QUERY_LIMITS.maxSuperConditions}个`);
  const items: Cond[] = [];
  for (const c of parsed) {
    if (!c || typeof c !== 'object' || Array.isArray(c)) throw new BadRequestError(SUPER_QUERY_MSG.malformed);
    const o = c as Record<string, unknown>;
    const fieldName = text(o.field);
    const ruleName = text(o.rule);
    const val = text(o.val);
    if (!fieldName || !ruleName || !val) continue;
    const field = spec.fields.get(fieldName);
    if (!field || !field.filter) throw new BadRequestError(SUPER_QUERY_MSG.unknownField(fieldName));
    const rule = RULES[ruleName.toLowerCase()];
    if (!rule) throw new BadRequestError(SUPER_QUERY_MSG.unknownRule(ruleName));
    switch (rule) {
      case 'in': {
        const values = splitList(val);
        if (values.length) items.push(inCond(field, values));
        break;
      }
      case 'like':
      case 'left_like':
      case 'right_like':
        items.push(likeCond(field, rule, val));
        break;
      default:
        items.push(cmpCond(field, rule, val));
    }
  }
  if (!items.length) return null;
  const match = typeof rawMatchType === 'string' && rawMatchType.trim().toLowerCase() === 'or' ? 'or' : 'and';
  return { kind: match, items };
}
