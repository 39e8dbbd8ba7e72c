/**
 * The duplicate-check rule of a unique field (contract §6.3, `GET /sys/duplicate/check`): checked as the user
 * types, once the typing pauses (DUPLICATE_CHECK_DELAY), only when a value is given; a taken value shows the
 * server's message (`该值不可用，系统中已存在！`) under the field before 确定. The pair must be registered on the
 * server (core/dict/duplicateRegistry.ts). The check is advisory (the save checks again), so it never blocks the
 * form: a request that gets no answer, or a caller who may not check (510), passes.
 */
import type { Rule } from 'antd/es/form';
import type { EntityDef, FieldDef } from '@pk/contract';
import { http, HttpError } from '../api/request';
import { SERVER_RULE_DELAY, serverRule } from './serverRule';

export const DUPLICATE_CHECK_URL = '/sys/duplicate/check';
/** Milliseconds of no typing before the check is sent. */
export const DUPLICATE_CHECK_DELAY = SERVER_RULE_DELAY;

function messageOf(data: unknown): string {
  const m = (data as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : '';
}

async function ask(tableName: string, fieldName: string, fieldVal: string, dataId: string | undefined): Promise<void> {
  const params = dataId ? { tableName, fieldName, fieldVal, dataId } : { tableName, fieldName, fieldVal };
  try {
    const res = await http.get<unknown>(DUPLICATE_CHECK_URL, params, { silent: true });
    if (!res.success && res.code !== 510) throw new Error(res.message || '该值不可用，系统中已存在！');
  } catch (e) {
    if (e instanceof HttpError) {
      const msg = messageOf(e.data);
      if (e.status !== undefined && msg) throw new Error(msg);
      return; // no answer: the save checks again
    }
    throw e;
  }
}

/** The rule: `duplicateRule('sys_role', 'role_code', record?.id)`. */
export function duplicateRule(tableName: string, fieldName: string, dataId?: string): Rule {
  return serverRule(`${tableName}.${fieldName}`, (text) => ask(tableName, fieldName, text, dataId));
}

const toColumn = (prop: string) => prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The duplicate rule of an entity's field: one for a `unique` field of an entity with a `table`, else none. */
export function uniqueRules(entity: Pick<EntityDef, 'table'>, field: FieldDef, dataId?: string): Rule[] {
  return entity.table && field.unique ? [duplicateRule(entity.table, toColumn(field.prop), dataId)] : [];
}
