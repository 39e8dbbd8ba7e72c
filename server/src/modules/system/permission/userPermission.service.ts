import type { AppContext } from '../../../core/context.js';
import { grantedIdsQuery } from '../../../core/auth/permissions.js';
import { HOME_NAME, PERM_ROW_COLUMNS, buildUserPermission, type PermRow, type UserPermissionPayload } from './userPermission.build.js';

/**
 * Loads the rows for getUserPermissionByToken in three small queries run together (the user's rows; every button
 * plus the 首页 rows; the user's role codes), then builds the payload in memory.
 */
export async function userPermissionPayload(ctx: AppContext, userId: string): Promise<UserPermissionPayload> {
  const db = ctx.db.db;
  const [rows, extra, roles] = await Promise.all([
    db
      .selectFrom('sys_permission')
      .select(PERM_ROW_COLUMNS)
      .where('del_flag', '=', 0)
      .where((eb) =>
        eb.or([
          eb('id', 'in', grantedIdsQuery(ctx, userId)),
          // Granted to everybody (contract §4.1 (b)): hidden /online…:code routes and /online itself.
          eb.and([eb('url', 'like', '/online%'), eb('url', 'like', '%:code'), eb('hidden', '=', 1)]),
          eb('url', '=', '/online'),
        ]),
      )
      .execute(),
    db
      .selectFrom('sys_permission')
      .select(PERM_ROW_COLUMNS)
      .where('del_flag', '=', 0)
      .where((eb) => eb.or([eb('menu_type', '=', 2), eb('name', '=', HOME_NAME)]))
      .execute(),
    db.selectFrom('sys_role as r').innerJoin('sys_user_role as ur', 'ur.role_id', 'r.id').where('ur.user_id', '=', userId).select('r.role_code').execute(),
  ]);
  const allButtons: PermRow[] = [];
  let homeRow: PermRow | null = null;
  for (const r of extra as PermRow[]) {
    if (Number(r.menu_type) === 2 && r.menu_type !== null) allButtons.push(r);
    if (r.name === HOME_NAME && (!homeRow || compareHome(r, homeRow) < 0)) homeRow = r;
  }
  return buildUserPermission({
    rows: rows as PermRow[],
    allButtons,
    homeRow,
    roleCodes: roles.map((r) => r.role_code),
  });
}

function compareHome(a: PermRow, b: PermRow): number {
  const sa = a.sort_no ?? -Infinity;
  const sb = b.sort_no ?? -Infinity;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.id < b.id ? -1 : 1;
}
