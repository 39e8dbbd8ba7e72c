import type { Kysely } from 'kysely';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { checkId } from '../../../core/crud/index.js';
import { newId } from '../../../core/id.js';
import { MENU_MSG, type Trx } from './menu.common.js';

// Grants shared by roles, departments and department roles (sys_role_permission, sys_depart_permission,
// sys_depart_role_permission).

/** `a,b,` → unique checked ids. */
export function idList(raw: unknown, name: string): string[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (Array.isArray(raw)) return [...new Set(raw.map((x) => checkId(x)))];
  if (typeof raw !== 'string') throw new BadRequestError(`参数${name}格式不正确`);
  const ids = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length > 5000) throw new BadRequestError(`参数${name}过多`);
  return ids.map(checkId);
}

export type GrantTable = 'sys_role_permission' | 'sys_depart_permission' | 'sys_depart_role_permission';

/**
 * Insert ids in new − last (when not already granted), delete ids in last − new (§4.3 saveRolePermission).
 * Every new id must be a menu; an unknown one refuses the whole save.
 */
export async function saveGrants(
  trx: Trx,
  table: GrantTable,
  key: { column: 'role_id' | 'depart_id'; value: string },
  newIds: string[],
  lastIds: string[],
  extra: Record<string, string | null> = {},
): Promise<void> {
  const last = new Set(lastIds);
  const next = new Set(newIds);
  const add = newIds.filter((i) => !last.has(i));
  const del = lastIds.filter((i) => !next.has(i));
  if (add.length) {
    const known = await trx.selectFrom('sys_permission').select('id').where('id', 'in', add).where('del_flag', '=', 0).execute();
    if (known.length !== add.length) throw new BizError(MENU_MSG.notFound);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = trx as unknown as Kysely<any>;
    const have = new Set(
      (await t.selectFrom(table).select('permission_id').where(key.column, '=', key.value).where('permission_id', 'in', add).execute()).map(
        (r: { permission_id: string }) => r.permission_id,
      ),
    );
    const rows = add.filter((i) => !have.has(i)).map((pid) => ({ id: newId(), [key.column]: key.value, permission_id: pid, ...extra }));
    for (let i = 0; i < rows.length; i += 200)
      await t
        .insertInto(table)
        .values(rows.slice(i, i + 200))
        .execute();
  }
  if (del.length) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const t = trx as unknown as Kysely<any>;
    await t.deleteFrom(table).where(key.column, '=', key.value).where('permission_id', 'in', del).execute();
  }
}
