/**
 * Converting between a list row and the add/edit form (contract §0 "dates in"): date fields go out as
 * `yyyy-MM-dd`, datetime fields as `yyyy-MM-dd HH:mm:ss`; only declared form fields (plus `id` on edit) are sent.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { EntityDef, FieldDef } from '@pk/contract';
import { DATE_FORMAT, DATETIME_FORMAT } from './query';

/** A row of a list page: the entity's props, `{prop}_dictText` companions and the id. */
export type EntityRow = Record<string, unknown> & { id?: string };

/** Fields shown in the add/edit form (`form !== false`). */
export function formFields(entity: EntityDef): FieldDef[] {
  return entity.fields.filter((f) => f.form !== false);
}

function isDateType(f: FieldDef): boolean {
  return f.type === 'date' || f.type === 'datetime';
}

/** A row → initial form values (date strings become Dayjs for the pickers). */
export function toFormValues(entity: EntityDef, row: EntityRow | null | undefined): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (!row) return values;
  for (const f of formFields(entity)) {
    const v = row[f.prop];
    if (v === undefined || v === null || v === '') continue;
    if (isDateType(f)) {
      const d = dayjs(v as string);
      if (d.isValid()) values[f.prop] = d;
    } else if (f.dict && typeof v === 'number') {
      values[f.prop] = String(v); // dictionary values are strings (contract §6.1); a numeric column must still match
    } else {
      values[f.prop] = v;
    }
  }
  return values;
}

function formatValue(f: FieldDef, v: unknown): unknown {
  if (v === undefined) return undefined;
  if (v === null) return null;
  if (isDateType(f)) {
    const d: Dayjs | null = dayjs.isDayjs(v) ? v : typeof v === 'string' && v ? dayjs(v) : null;
    if (!d || !d.isValid()) return v === '' ? '' : null;
    return d.format(f.type === 'date' ? DATE_FORMAT : DATETIME_FORMAT);
  }
  if (typeof v === 'string' && f.type !== 'text') return v.trim();
  return v;
}

/**
 * Form values → the JSON body of `add` / `edit`: declared form fields only, formatted; `id` added when editing.
 * Undefined values are left out (the server keeps the stored value); null and '' are sent to clear a field.
 */
export function buildFormBody(entity: EntityDef, values: Record<string, unknown>, id?: string | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of formFields(entity)) {
    const v = formatValue(f, values[f.prop]);
    if (v !== undefined) body[f.prop] = v;
  }
  if (id) body.id = id;
  return body;
}
