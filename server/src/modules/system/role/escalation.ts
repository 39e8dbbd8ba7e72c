import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { BizError } from '../../../core/envelope/errors.js';
import type { Database } from '../../../db/schema.js';
import { isSuperAdmin, USER_MSG } from '../user/definition.js';

/**
 * No self-escalation (security §1.10): a caller grants only the roles and permissions it holds itself, and never
 * changes its own roles. The super admin (role code `admin`) is exempt from the "holds it itself" rule.
 */
export const ESCALATION_MSG = {
  permNotHeld: '不能授予自己没有的权限',
  ownRoles: USER_MSG.ownRoles,
  roleNotHeld: USER_MSG.roleNotHeld,
} as const;

function callerId(req: FastifyRequest): string {
  return req.user!.id;
}

/** `ids` (permission ids about to be granted) must all be granted to the caller (roles and department roles). */
export async function assertCanGrantPermissions(db: Kysely<Database>, req: FastifyRequest, ids: string[]): Promise<void> {
  if (!ids.length || (await isSuperAdmin(db, callerId(req)))) return;
  const me = callerId(req);
  const viaRoles = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select('rp.permission_id as pid')
    .where('ur.user_id', '=', me)
    .where('rp.permission_id', 'in', ids)
    .execute();
  const viaDepart = await db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select('drp.permission_id as pid')
    .where('dru.user_id', '=', me)
    .where('drp.permission_id', 'in', ids)
    .execute();
  const held = new Set([...viaRoles, ...viaDepart].map((r) => r.pid));
  if (ids.some((i) => !held.has(i))) throw new BizError(ESCALATION_MSG.permNotHeld);
}

/** Adding users to / removing users from a role: never oneself; a non-super-admin only for roles it holds. */
export async function assertCanAssignRole(db: Kysely<Database>, req: FastifyRequest, roleId: string, userIds: string[]): Promise<void> {
  const me = callerId(req);
  if (userIds.includes(me)) throw new BizError(ESCALATION_MSG.ownRoles);
  if (await isSuperAdmin(db, me)) return;
  const held = await db.selectFrom('sys_user_role').select('id').where('user_id', '=', me).where('role_id', '=', roleId).executeTakeFirst();
  if (!held) throw new BizError(ESCALATION_MSG.roleNotHeld);
}

/** Department roles of a user: never one's own (they carry permissions). */
export function assertNotSelf(req: FastifyRequest, userId: string): void {
  if (userId === callerId(req)) throw new BizError(ESCALATION_MSG.ownRoles);
}
