import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { ColType } from '../../../db/migrations/ddl.js';

/**
 * Converting a column to another type or length in place (issue 25 point 4), the part a "normal" sync needs before
 * any DDL: what the change is (widen, narrow, retype), which stored values it could not keep, and the SQL that
 * converts a value on each dialect.
 *
 * A value is kept when the new column holds the same value in the new type; otherwise it counts as
 * - `truncate`: text longer than the new length, or a datetime with a time of day going into a date;
 * - `empty`: a value with no equivalent in the new type (text that does not read as a number or date, a number or
 *   date going into the other family, a number out of the new range) — a converting database would empty or reject it;
 * - `round`: a number whose value would change (a fraction going into int or into fewer decimals, a double whose
 *   text does not read back as the same number, text with more digits than a double holds).
 * "normal" refuses a step with any such value (rounding included: a sync never changes a stored value), so the
 * conversions below only ever meet values they keep.
 *
 * Text is read strictly (no spaces, no `+`): int `-?\d{1,10}` within 32 bits; double a decimal with an optional
 * exponent; decimal plain digits with an optional fraction; date `yyyy-MM-dd` (years 1000–9999); datetime
 * `yyyy-MM-dd HH:mm:ss` or a date (time 00:00:00). A number or date becomes text as the database writes it
 * (`12.50` for a decimal(10,2), `2026-12-01 08:00:00` for a datetime); a double's text is read back and must be the
 * same number.
 */

export type Kind =
  | { kind: 'text'; length: number } // varchar(n); longtext: Infinity
  | { kind: 'int' }
  | { kind: 'double' }
  | { kind: 'decimal'; precision: number; scale: number }
  | { kind: 'date' }
  | { kind: 'datetime' };

export type ChangeOp = 'widen' | 'narrow' | 'retype';
export type Loss = 'truncate' | 'empty' | 'round';

export function kindOf(t: ColType): Kind {
  const v = /^varchar\((\d+)\)$/.exec(t);
  if (v) return { kind: 'text', length: Number(v[1]) };
  const d = /^decimal\((\d+),(\d+)\)$/.exec(t);
  if (d) return { kind: 'decimal', precision: Number(d[1]), scale: Number(d[2]) };
  switch (t) {
    case 'text':
    case 'longtext':
      return { kind: 'text', length: Infinity };
    case 'int':
    case 'bigint':
      return { kind: 'int' };
    case 'double':
      return { kind: 'double' };
    case 'date':
      return { kind: 'date' };
    case 'datetime':
      return { kind: 'datetime' };
  }
  throw new Error(`unknown column type ${t}`);
}

/** widen: every value fits (longer text, a decimal with no fewer integer digits and decimals); narrow: same family, smaller. */
export function changeOf(from: ColType, to: ColType): ChangeOp {
  const a = kindOf(from);
  const b = kindOf(to);
  if (a.kind === 'text' && b.kind === 'text') return b.length >= a.length ? 'widen' : 'narrow';
  if (a.kind === 'decimal' && b.kind === 'decimal') return b.precision - b.scale >= a.precision - a.scale && b.scale >= a.scale ? 'widen' : 'narrow';
  return 'retype';
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;
const INT_RE = /^-?\d{1,10}$/;
const DOUBLE_RE = /^-?\d+(\.\d+)?([eE][+-]?\d{1,3})?$/;
const DECIMAL_RE = /^-?\d+(\.\d+)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function validDate(y: string, m: string, d: string): boolean {
  const [yy, mm, dd] = [Number(y), Number(m), Number(d)];
  if (yy < 1000 || mm < 1 || mm > 12 || dd < 1) return false;
  return dd <= new Date(Date.UTC(yy, mm, 0)).getUTCDate();
}

export const isDate = (s: string): boolean => {
  const m = DATE_RE.exec(s);
  return !!m && validDate(m[1], m[2], m[3]);
};

export const isDatetime = (s: string): boolean => {
  const m = DATETIME_RE.exec(s);
  return !!m && validDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60;
};

/** Characters as the databases count them (code points). */
const charLength = (s: string): number => [...s].length;

/** A stored value of a numeric column as a number (a SQLite column may hold text); NaN when it is none. */
function numberOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  const s = String(v);
  return DOUBLE_RE.test(s) ? Number(s) : NaN;
}

/** Whether `n` fits decimal(precision, scale) without rounding: undefined when it does, else the loss. */
function decimalLoss(n: number, precision: number, scale: number): Loss | undefined {
  if (!Number.isFinite(n) || Math.abs(n) >= 10 ** (precision - scale)) return 'empty';
  return Number(n.toFixed(scale)) === n ? undefined : 'round';
}

/** Significant digits of a decimal text (`0012.3400` → 4). */
function significantDigits(s: string): number {
  const mantissa = s.replace(/^-/, '').replace(/[eE].*$/, '');
  const [i, f = ''] = mantissa.split('.');
  const digits = (i + f).replace(/^0+/, '');
  return (digits.replace(/0+$/, '') || '0').length;
}

/**
 * What converting the stored value `v` from `from` to `to` loses, or undefined when it is kept. `rendered` is the
 * text the database makes of a number (numeric → text only, see `renderExpr`).
 */
export function lossOf(v: unknown, from: Kind, to: Kind, rendered?: unknown): Loss | undefined {
  if (v === null || v === undefined) return undefined;
  const numeric = from.kind === 'int' || from.kind === 'double' || from.kind === 'decimal';
  if (to.kind === 'text') {
    if (numeric) {
      const n = numberOf(v);
      if (Number.isNaN(n) || rendered === null || rendered === undefined) return 'empty';
      const text = String(rendered);
      if (Number(text) !== n) return 'round';
      return charLength(text) > to.length ? 'truncate' : undefined;
    }
    return charLength(String(v)) > to.length ? 'truncate' : undefined;
  }
  if (from.kind === 'text') {
    const s = String(v);
    switch (to.kind) {
      case 'int':
        return INT_RE.test(s) && Number(s) >= INT_MIN && Number(s) <= INT_MAX ? undefined : 'empty';
      case 'double':
        if (!DOUBLE_RE.test(s) || !Number.isFinite(Number(s))) return 'empty';
        return significantDigits(s) > 15 ? 'round' : undefined;
      case 'decimal': {
        if (!DECIMAL_RE.test(s)) return 'empty';
        const [i, f = ''] = s.replace(/^-/, '').split('.');
        if (i.replace(/^0+/, '').length > to.precision - to.scale) return 'empty';
        return f.replace(/0+$/, '').length > to.scale ? 'round' : undefined;
      }
      case 'date':
        return isDate(s) ? undefined : 'empty';
      case 'datetime':
        return isDatetime(s) || isDate(s) ? undefined : 'empty';
    }
  }
  if (numeric) {
    const n = numberOf(v);
    if (Number.isNaN(n)) return 'empty';
    switch (to.kind) {
      case 'int':
        if (!Number.isInteger(n)) return Number.isFinite(n) && Math.abs(n) <= INT_MAX ? 'round' : 'empty';
        return n >= INT_MIN && n <= INT_MAX ? undefined : 'empty';
      case 'double':
        return undefined;
      case 'decimal':
        return decimalLoss(n, to.precision, to.scale);
      default:
        return 'empty'; // a number is no date
    }
  }
  // from a date or a datetime
  const s = String(v);
  const valid = from.kind === 'date' ? isDate(s) : isDatetime(s);
  if (!valid) return 'empty';
  if (to.kind === 'date') return from.kind === 'datetime' && s.slice(11) !== '00:00:00' ? 'truncate' : undefined;
  if (to.kind === 'datetime') return undefined;
  return 'empty'; // a date is no number
}

/** The text the database makes of a number (what a numeric → text conversion writes), else null. */
export function renderExpr(dialect: DialectName, col: RawBuilder<unknown>, from: Kind, to: Kind): RawBuilder<unknown> | null {
  if (to.kind !== 'text' || (from.kind !== 'int' && from.kind !== 'double' && from.kind !== 'decimal')) return null;
  if (dialect === 'postgres') return sql`${col}::text`;
  if (dialect === 'mysql') return sql`cast(${col} as char)`;
  if (from.kind === 'decimal') return sql`case when ${col} is null then null else printf(${`%.${from.scale}f`}, ${col}) end`; // printf(NULL) is '0.00'
  return sql`cast(${col} as text)`;
}

/**
 * The new value of `col` on SQLite (the table rebuild's copy) and PostgreSQL (`ALTER COLUMN … TYPE … USING`), for
 * values `lossOf` keeps. MariaDB converts in `ALTER TABLE … MODIFY` (strict mode: a value it could not convert fails
 * the statement, which changes nothing).
 */
export function convertExpr(dialect: DialectName, col: RawBuilder<unknown>, from: Kind, to: Kind, pgType: RawBuilder<unknown>): RawBuilder<unknown> {
  const rendered = renderExpr(dialect, col, from, to);
  if (rendered) return rendered;
  const numeric = (k: Kind) => k.kind === 'int' || k.kind === 'double' || k.kind === 'decimal';
  const dated = (k: Kind) => k.kind === 'date' || k.kind === 'datetime';
  // no value of the old type has an equivalent (refused unless the column holds only nulls)
  const none = (numeric(from) && dated(to)) || (dated(from) && numeric(to));
  if (dialect === 'postgres') {
    if (none) return sql`null::${pgType}`;
    if (to.kind === 'text') {
      if (from.kind === 'date') return sql`to_char(${col}, 'YYYY-MM-DD')`;
      if (from.kind === 'datetime') return sql`to_char(${col}, 'YYYY-MM-DD HH24:MI:SS')`;
      return col;
    }
    return sql`${col}::${pgType}`;
  }
  // SQLite: dates are text, decimals numeric affinity
  if (none) return sql`null`;
  switch (to.kind) {
    case 'text':
      return col;
    case 'int':
      return sql`cast(${col} as integer)`;
    case 'double':
      return sql`cast(${col} as real)`;
    case 'decimal':
      return sql`cast(${col} as numeric)`;
    case 'date':
      return from.kind === 'datetime' ? sql`substr(${col}, 1, 10)` : col;
    case 'datetime':
      return from.kind === 'date' ? sql`${col} || ' 00:00:00'` : sql`case when length(${col}) = 10 then ${col} || ' 00:00:00' else ${col} end`;
  }
}

export interface Losses {
  truncate: number;
  empty: number;
  round: number;
  /** The ids of the first rows whose value would not be kept. */
  rows: string[];
}

export const ROWS_NAMED = 5;
const PAGE = 2000;

/** Reads every non-null value of `column` (page by page, by id) and counts what converting it would lose. */
export async function countLosses(
  db: Kysely<Database>,
  dialect: DialectName,
  table: string,
  column: string,
  fromType: ColType,
  toType: ColType,
): Promise<Losses> {
  const out: Losses = { truncate: 0, empty: 0, round: 0, rows: [] };
  if (changeOf(fromType, toType) === 'widen') return out;
  const from = kindOf(fromType);
  const to = kindOf(toType);
  const col = sql.ref(column);
  const id = sql.ref('id');
  const rendered = renderExpr(dialect, col, from, to);
  let last: string | null = null;
  for (;;) {
    const after: RawBuilder<unknown> = last === null ? sql`` : sql`and ${id} > ${last}`;
    const { rows }: { rows: Array<{ id: unknown; v: unknown; c?: unknown }> } = await sql<{
      id: unknown;
      v: unknown;
      c?: unknown;
    }>`select ${id} as id, ${col} as v${rendered ? sql`, ${rendered} as c` : sql``}
      from ${sql.table(table)} where ${col} is not null ${after} order by ${id} limit ${PAGE}`.execute(db);
    for (const r of rows) {
      const loss = lossOf(r.v, from, to, r.c);
      if (!loss) continue;
      out[loss] += 1;
      if (out.rows.length < ROWS_NAMED) out.rows.push(String(r.id));
    }
    if (rows.length < PAGE) return out;
    last = String(rows[rows.length - 1].id);
  }
}
