import { formatError, type FieldDef } from '@pk/contract';
import { BadRequestError } from '../envelope/errors.js';
import { MSG } from '../messages.js';
import { parseWireDate } from '../time.js';
import type { ResolvedBinding } from './binding.js';
import type { Values } from './types.js';
import { bodyObject } from '../http/jsonBody.js';

export const CRUD_MSG = {
  unknownField: (k: string) => `未知字段：${k.length > 50 ? `${k.slice(0, 50)}…` : k}`,
  badType: (f: FieldDef) => `字段「${f.label}」的类型不正确`,
  notNumber: (f: FieldDef) => `字段「${f.label}」的值不是数字`,
  badDate: (f: FieldDef, fmt: string) => `字段「${f.label}」的日期格式不正确，应为${fmt}`,
  required: (f: FieldDef) => `${f.label}不能为空`,
  tooLong: (f: FieldDef) => `${f.label}长度不能超过${f.maxLength}`,
  unique: (f: FieldDef) => `${f.label}已存在`,
  idRequired: MSG.idRequired,
  badId: 'id格式不正确',
} as const;

/** Ids are 19-digit snowflakes, 32-hex UUIDs or small integers: letters, digits, `-` and `_`, at most 64. */
const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** One id from a body or query value, or a 400. */
export function checkId(v: unknown): string {
  if (typeof v === 'number' && Number.isSafeInteger(v)) v = String(v);
  if (typeof v !== 'string' || !v.trim()) throw new BadRequestError(CRUD_MSG.idRequired);
  const id = v.trim();
  if (!ID_RE.test(id)) throw new BadRequestError(CRUD_MSG.badId);
  return id;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && !v.trim());
}

/** Type one body value against its field; '' becomes null (schema §0: save NULL, never ''). */
export function fieldValue(f: FieldDef, v: unknown): string | number | null {
  if (v === null || v === undefined || v === '') return null;
  switch (f.type) {
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v) ? Number(v) : NaN;
      if (!Number.isFinite(n)) throw new BadRequestError(CRUD_MSG.notNumber(f));
      return n;
    }
    case 'date':
    case 'datetime': {
      // yyyy-MM-dd, yyyy-MM-dd HH:mm:ss or ISO-8601 with a zone (core/time.ts), stored in Asia/Shanghai
      const d = typeof v === 'string' ? parseWireDate(v, f.type) : null;
      if (d === null) throw new BadRequestError(CRUD_MSG.badDate(f, f.type === 'date' ? 'yyyy-MM-dd' : 'yyyy-MM-dd HH:mm:ss'));
      return d;
    }
    default: {
      if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
      if (typeof v !== 'string') throw new BadRequestError(CRUD_MSG.badType(f));
      if (f.maxLength && [...v].length > f.maxLength) throw new BadRequestError(CRUD_MSG.tooLong(f));
      const badFormat = f.format ? formatError(f.format, v) : null; // 001 §5: the form's own message
      if (badFormat) throw new BadRequestError(badFormat);
      return v;
    }
  }
}

/**
 * Validate an add/edit body (mass-assignment guard, security §1.10): a JSON object whose keys are declared
 * fields, `id`, audit properties, read-only properties or `*_dictText` (the last four are ignored). Any other key
 * is a 400 `未知字段：x`. Returns the writable values present in the body and the id (when given).
 * On add every required field must be present; on edit a present required field must not be blank.
 */
export function validateBody(b: ResolvedBinding, body: unknown, mode: 'add' | 'edit'): { id: string | null; values: Values } {
  const idProp = b.idProp ?? 'id';
  const values: Values = {};
  let id: string | null = null;
  for (const [key, raw] of Object.entries(bodyObject(body))) {
    if (key === idProp) {
      if (mode === 'edit') id = checkId(raw);
      continue;
    }
    if (b.ignored.has(key) || key.endsWith('_dictText')) continue;
    const f = b.writable.get(key);
    if (!f) throw new BadRequestError(CRUD_MSG.unknownField(key));
    values[key] = fieldValue(f, raw);
  }
  for (const f of b.writable.values()) {
    if (!f.required) continue;
    const present = f.prop in values;
    if ((mode === 'add' && (!present || isBlank(values[f.prop]))) || (mode === 'edit' && present && isBlank(values[f.prop])))
      throw new BadRequestError(CRUD_MSG.required(f));
  }
  if (mode === 'edit' && id === null) throw new BadRequestError(CRUD_MSG.idRequired);
  return { id, values };
}
