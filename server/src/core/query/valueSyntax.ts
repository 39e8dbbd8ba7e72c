import { BadRequestError } from '../envelope/errors.js';
import type { CmpOp, Cond, LikeOp, QueryField, Scalar } from './types.js';
import { QUERY_LIMITS } from './types.js';
import { parseWireDate } from '../time.js';

/** The operator a raw search value carries (contract §5.2), before typing against the field. */
export type ParsedValue =
  | { op: CmpOp; value: string }
  | { op: 'in'; values: string[] }
  | { op: LikeOp; value: string }
  | { op: 'multi_like'; values: string[] }
  | { op: 'plain'; value: string };

/**
 * Read the operator syntax of one search value (contract §5.2), after trim. Empty gives null (no condition).
 * `plain` means no operator was written: the caller applies the field's filter mode (eq or like).
 * `>=5` is accepted as well as `>= 5`: the JInput widget omits the space (§5.2 [bug]).
 */
export function parseValueSyntax(raw: string): ParsedValue | null {
  const v = raw.trim();
  if (!v) return null;
  if (v.length > QUERY_LIMITS.maxValueLength) throw new BadRequestError('查询条件过长');
  if (v.length > 1 && v.startsWith(',') && v.endsWith(',')) {
    const values = splitList(v);
    return values.length ? { op: 'multi_like', values } : null;
  }
  const two = v.slice(0, 2);
  if (two === '>=' || two === '<=' || two === '!=') {
    const rest = v.slice(2).trim();
    if (!rest) return null;
    return { op: two === '>=' ? 'ge' : two === '<=' ? 'le' : 'ne', value: rest };
  }
  const one = v[0];
  if (one === '>' || one === '<' || one === '=') {
    const rest = v.slice(1).trim();
    if (!rest) return null;
    return { op: one === '>' ? 'gt' : one === '<' ? 'lt' : 'eq', value: rest };
  }
  if (v.length > 1 && v.startsWith('*') && v.endsWith('*')) return likeOrNull('like', v.slice(1, -1));
  if (v.startsWith('*')) return likeOrNull('left_like', v.slice(1));
  if (v.endsWith('*')) return likeOrNull('right_like', v.slice(0, -1));
  if (v.includes(',')) {
    const values = splitList(v);
    return values.length ? { op: 'in', values } : null;
  }
  if (v.startsWith('!')) {
    const rest = v.slice(1).trim();
    return rest ? { op: 'ne', value: rest } : null;
  }
  if (v.includes('++')) return { op: 'eq', value: v.replaceAll('++', ',') };
  return { op: 'plain', value: v };
}

function likeOrNull(op: LikeOp, inner: string): ParsedValue | null {
  return inner ? { op, value: inner } : null;
}

export function splitList(v: string): string[] {
  const values = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (values.length > QUERY_LIMITS.maxListValues) throw new BadRequestError(`查询条件的值不能超过${QUERY_LIMITS.maxListValues}个`);
  return values;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Type one value against its field: numbers must be numbers (`字段「职级」的值不是数字`), dates must be
 * `yyyy-MM-dd`, `yyyy-MM-dd HH:mm:ss` or ISO-8601 with a zone (core/time.ts parseWireDate). Strings pass as they are.
 */
export function typedValue(field: QueryField, value: string): Scalar {
  if (field.type === 'number') {
    const n = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(value) ? Number(value) : NaN;
    if (!Number.isFinite(n)) throw new BadRequestError(`字段「${field.label}」的值不是数字`);
    return n;
  }
  if (field.type === 'date' || field.type === 'datetime') {
    // a bare date stays bare on a datetime field (it is widened to the whole day); other forms as core/time.ts reads them
    const d = parseWireDate(value, field.type === 'datetime' && DATE_RE.test(value) ? 'date' : field.type);
    if (d === null) throw new BadRequestError(`字段「${field.label}」的日期格式不正确`);
    return d;
  }
  return value;
}

export function isDateOnly(value: string): boolean {
  return DATE_RE.test(value);
}

/** A datetime field given a bare date: the start or end of that day (contract §5.3). */
export function widenDate(field: QueryField, value: Scalar, edge: 'start' | 'end'): Scalar {
  if (field.type !== 'datetime' || typeof value !== 'string' || !isDateOnly(value)) return value;
  return `${value} ${edge === 'start' ? '00:00:00' : '23:59:59'}`;
}

function assertLikeable(field: QueryField): void {
  if (field.type !== 'string' && field.type !== 'text') throw new BadRequestError(`字段「${field.label}」不支持模糊查询`);
}

export function likeCond(field: QueryField, op: LikeOp, value: string): Cond {
  assertLikeable(field);
  return { kind: 'like', field: field.prop, op, value };
}

/** A comparison, with a bare date on a datetime field covering the whole day. */
export function cmpCond(field: QueryField, op: CmpOp, raw: string): Cond {
  const value = typedValue(field, raw);
  if (field.type === 'datetime' && typeof value === 'string' && isDateOnly(value)) {
    const start = widenDate(field, value, 'start');
    const end = widenDate(field, value, 'end');
    switch (op) {
      case 'eq':
        return {
          kind: 'and',
          items: [
            { kind: 'cmp', field: field.prop, op: 'ge', value: start },
            { kind: 'cmp', field: field.prop, op: 'le', value: end },
          ],
        };
      case 'ne':
        return {
          kind: 'or',
          items: [
            { kind: 'cmp', field: field.prop, op: 'lt', value: start },
            { kind: 'cmp', field: field.prop, op: 'gt', value: end },
          ],
        };
      case 'ge':
      case 'lt':
        return { kind: 'cmp', field: field.prop, op, value: start };
      case 'gt':
      case 'le':
        return { kind: 'cmp', field: field.prop, op, value: end };
    }
  }
  return { kind: 'cmp', field: field.prop, op, value };
}

export function inCond(field: QueryField, values: string[]): Cond {
  return { kind: 'in', field: field.prop, values: values.map((v) => typedValue(field, v)) };
}

/** Turn one parsed value into a condition for its field. `plain` follows the field's filter mode. */
export function valueCond(field: QueryField, parsed: ParsedValue): Cond {
  switch (parsed.op) {
    case 'plain':
      if (field.filter === 'like' && (field.type === 'string' || field.type === 'text'))
        return { kind: 'like', field: field.prop, op: 'like', value: parsed.value };
      return cmpCond(field, 'eq', parsed.value);
    case 'multi_like':
      assertLikeable(field);
      return { kind: 'or', items: parsed.values.map((v) => likeCond(field, 'like', v)) };
    case 'in':
      return inCond(field, parsed.values);
    case 'like':
    case 'left_like':
    case 'right_like':
      return likeCond(field, parsed.op, parsed.value);
    default:
      return cmpCond(field, parsed.op, parsed.value);
  }
}
