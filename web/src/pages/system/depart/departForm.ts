/**
 * Department form rules (contract §12.3, §6.5): the editable fields of the shared definition, never orgCode or
 * orgType (generated on the server in 3-character segments), and the parent only when adding (it is fixed after).
 */
import { departEntity, type FieldDef } from '@pk/contract';
import { buildFormBody } from '../../../crud';

/** Fields typed in the department form (the parent is chosen by where "add" was clicked, not typed). */
export function departFormFields(): FieldDef[] {
  return departEntity.fields.filter((f) => f.form !== false && f.prop !== 'parentId');
}

/** Defaults of a new department: a top-level one is a 公司 (1), a child a 部门 (2); enabled; order 0. */
export function newDepartValues(parentId: string | null): Record<string, unknown> {
  return { orgCategory: parentId ? '2' : '1', status: '1', departOrder: 0 };
}

/** Form values → add body (with the parent) or edit body (with the id). orgCode/orgType are never sent. */
export function toDepartBody(values: Record<string, unknown>, target: { id?: string; parentId?: string | null }): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const f of departFormFields()) if (f.prop in values) picked[f.prop] = values[f.prop];
  const body = buildFormBody({ ...departEntity, fields: departFormFields() }, picked, target.id);
  if (!target.id) body.parentId = target.parentId ?? '';
  return body;
}
