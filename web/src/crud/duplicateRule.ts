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

export const DUPLICATE_CHECK_URL = '/sys/duplicate/check';
/** Milliseconds of no typing before the check is sent. */
export const DUPLICATE_CHECK_DELAY = 300;

/** Per table.field, the waiting check: a newer keystroke replaces it (antd keeps only the latest result). */
const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; settle: () => void }>();

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
  const key = `${tableName}.${fieldName}`;
  return {
    validator: (_rule, value: unknown) => {
      const prev = waiting.get(key);
      if (prev) {
        clearTimeout(prev.timer);
        prev.settle(); // superseded: antd ignores its result
        waiting.delete(key);
      }
      const text = value === null || value === undefined ? '' : String(value);
      if (!text.trim()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const entry = {
          settle: resolve,
          timer: setTimeout(() => {
            if (waiting.get(key) === entry) waiting.delete(key);
            ask(tableName, fieldName, text, dataId).then(resolve, reject);
          }, DUPLICATE_CHECK_DELAY),
        };
        waiting.set(key, entry);
      });
    },
  };
}

const toColumn = (prop: string) => prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The duplicate rule of an entity's field: one for a `unique` field of an entity with a `table`, else none. */
export function uniqueRules(entity: Pick<EntityDef, 'table'>, field: FieldDef, dataId?: string): Rule[] {
  return entity.table && field.unique ? [duplicateRule(entity.table, toColumn(field.prop), dataId)] : [];
}
