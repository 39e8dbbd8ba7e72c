import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** One grant of a user: a permission id, and the data rules chosen on it (comma ids, null when none). */
export interface Grant {
  pid: string | null;
  ruleIds: string | null;
}

/**
 * A user's grants — permission id and the data rules chosen on it — through its roles and its department roles;
 * only those of `permissionIds` when given.
 */
export async function grantsOf(db: Kysely<Database>, userId: string, permissionIds?: string[]): Promise<Grant[]> {
  let viaRoles = db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(['rp.permission_id as pid', 'rp.data_rule_ids as ruleIds'])
    .where('ur.user_id', '=', userId);
  let viaDepart = db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select(['drp.permission_id as pid', 'drp.data_rule_ids as ruleIds'])
    .where('dru.user_id', '=', userId);
  if (permissionIds) {
    viaRoles = viaRoles.where('rp.permission_id', 'in', permissionIds);
    viaDepart = viaDepart.where('drp.permission_id', 'in', permissionIds);
  }
  return [...(await viaRoles.execute()), ...(await viaDepart.execute())];
}

/**
 * A user's rights: each permission it holds, with the data rules narrowing it. The rules of every grant of one
 * permission add up and all apply (core/datarule: the union of rule ids, ANDed), so more rules = less reach.
 */
export type Rights = Map<string, Set<string>>;

export function rightsOf(grants: Grant[]): Rights {
  const out: Rights = new Map();
  for (const g of grants) {
    if (!g.pid) continue;
    const rules = out.get(g.pid) ?? new Set<string>();
    for (const r of (g.ruleIds ?? '').split(',')) if (r.trim()) rules.add(r.trim());
    out.set(g.pid, rules);
  }
  return out;
}

/**
 * `mine` covers `theirs` (their rights are a subset of mine): I hold every permission they hold, and every rule
 * narrowing mine narrows theirs too (they reach no row I cannot reach).
 */
export function covers(mine: Rights, theirs: Rights): boolean {
  for (const [pid, theirRules] of theirs) {
    const myRules = mine.get(pid);
    if (!myRules) return false;
    for (const r of myRules) if (!theirRules.has(r)) return false;
  }
  return true;
}

/** The grants of several users at once (two queries), by user id. */
async function grantsByUser(db: Kysely<Database>, userIds: string[]): Promise<Map<string, Grant[]>> {
  const viaRoles = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .select(['ur.user_id as uid', 'rp.permission_id as pid', 'rp.data_rule_ids as ruleIds'])
    .where('ur.user_id', 'in', userIds)
    .execute();
  const viaDepart = await db
    .selectFrom('sys_depart_role_permission as drp')
    .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
    .select(['dru.user_id as uid', 'drp.permission_id as pid', 'drp.data_rule_ids as ruleIds'])
    .where('dru.user_id', 'in', userIds)
    .execute();
  const out = new Map<string, Grant[]>(userIds.map((id) => [id, []]));
  for (const g of [...viaRoles, ...viaDepart]) if (g.uid) out.get(g.uid)?.push(g);
  return out;
}

/**
 * Of `targetIds`, the users whose rights are not within those of `callerId` (issue 10 point 2: managing a user
 * who holds more than oneself — resetting its password, above all — is a way to gain what it holds).
 */
export async function usersBeyond(db: Kysely<Database>, callerId: string, targetIds: string[]): Promise<string[]> {
  const ids = [...new Set(targetIds)];
  if (!ids.length) return [];
  const mine = rightsOf(await grantsOf(db, callerId));
  const theirs = await grantsByUser(db, ids);
  return ids.filter((id) => !covers(mine, rightsOf(theirs.get(id) ?? [])));
}
