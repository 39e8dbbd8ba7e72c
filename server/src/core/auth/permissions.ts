import type { AppContext } from '../context.js';

/**
 * Permission codes of a user: the `perms` (comma lists split, trimmed) of every sys_permission row with del_flag 0
 * granted through sys_user_role → sys_role_permission or sys_depart_role_user → sys_depart_role_permission.
 * Buttons (menu_type 2) count only with status '1'.
 *
 * Cached per user in memory (the codes, and the getUserPermissionByToken payload). EVERY write to sys_permission,
 * sys_role_permission, sys_user_role, sys_role (role_code), sys_depart_role*, must call `bumpPermissionVersion(ctx)`,
 * which increments `perm:version` in the KV store; every node compares that version at most every VERSION_CHECK_MS
 * and drops its caches when it moved.
 */
export const PERM_VERSION_KEY = 'perm:version';
export const VERSION_CHECK_MS = 2_000;

interface State {
  version: string | null;
  checkedAt: number;
  codes: Map<string, ReadonlySet<string>>;
  /** Other per-user values derived from grants (e.g. the getUserPermissionByToken payload), by kind. */
  derived: Map<string, Map<string, unknown>>;
}

const states = new Map<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    s = { version: null, checkedAt: 0, codes: new Map(), derived: new Map() };
    states.set(ctx, s);
  }
  return s;
}

/** Drop every node's permission caches (call after any change of roles, grants, menus or buttons). */
export async function bumpPermissionVersion(ctx: AppContext): Promise<void> {
  const v = await ctx.kv.incr(PERM_VERSION_KEY, 0);
  const s = stateOf(ctx);
  s.codes.clear();
  s.derived.clear();
  s.version = String(v);
  s.checkedAt = Date.now();
}

async function syncVersion(ctx: AppContext, s: State): Promise<void> {
  const t = Date.now();
  if (t - s.checkedAt < VERSION_CHECK_MS) return;
  s.checkedAt = t;
  const v = (await ctx.kv.get(PERM_VERSION_KEY)) ?? '0';
  if (v !== s.version) {
    s.codes.clear();
    s.derived.clear();
    s.version = v;
  }
}

/** Ids of the sys_permission rows granted to the user through roles and department roles (a subquery). */
export function grantedIdsQuery(ctx: AppContext, userId: string) {
  const db = ctx.db.db;
  return db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .where('ur.user_id', '=', userId)
    .select('rp.permission_id as pid')
    .union(
      db
        .selectFrom('sys_depart_role_permission as drp')
        .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
        .where('dru.user_id', '=', userId)
        .select('drp.permission_id as pid'),
    );
}

export function splitPerms(perms: string | null | undefined): string[] {
  if (!perms) return [];
  return perms
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

async function loadCodes(ctx: AppContext, userId: string): Promise<ReadonlySet<string>> {
  const rows = await ctx.db.db
    .selectFrom('sys_permission')
    .select(['perms', 'menu_type', 'status'])
    .where('del_flag', '=', 0)
    .where('perms', 'is not', null)
    .where('id', 'in', grantedIdsQuery(ctx, userId))
    .execute();
  const codes = new Set<string>();
  for (const r of rows) {
    if (Number(r.menu_type) === 2 && r.status !== '1') continue;
    for (const p of splitPerms(r.perms)) codes.add(p);
  }
  return codes;
}

export async function permissionCodesOf(ctx: AppContext, userId: string): Promise<ReadonlySet<string>> {
  const s = stateOf(ctx);
  await syncVersion(ctx, s);
  const hit = s.codes.get(userId);
  if (hit) return hit;
  const version = s.version;
  const codes = await loadCodes(ctx, userId);
  // Do not store a result computed across a version change.
  if (s.version === version) {
    if (s.codes.size > 5_000) s.codes.clear();
    s.codes.set(userId, codes);
  }
  return codes;
}

/**
 * A per-user value derived from grants, menus and roles, cached until the permission version moves (same rules as
 * the permission codes). `kind` separates different values.
 */
export async function cachedForUser<T>(ctx: AppContext, kind: string, userId: string, load: () => Promise<T>): Promise<T> {
  const s = stateOf(ctx);
  await syncVersion(ctx, s);
  let bucket = s.derived.get(kind);
  if (!bucket) {
    bucket = new Map();
    s.derived.set(kind, bucket);
  }
  if (bucket.has(userId)) return bucket.get(userId) as T;
  const version = s.version;
  const value = await load();
  if (s.version === version && s.derived.get(kind) === bucket) {
    if (bucket.size > 5_000) bucket.clear();
    bucket.set(userId, value);
  }
  return value;
}

/** Forget a context's state (when its app closes). */
export function forgetPermissionState(ctx: AppContext): void {
  states.delete(ctx);
}
