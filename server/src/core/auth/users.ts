import type { AppContext } from '../context.js';
import type { SysUser } from '../../db/schema.js';

/**
 * A short in-memory cache of sys_user rows for the authenticator, keyed by user id. Entries live USER_CACHE_MS;
 * `invalidateUser(id)` drops one at once (call it after freezing, deleting or editing a user; the sessions' next
 * request then reads the database again).
 */
export const USER_CACHE_MS = 3_000;

interface Entry {
  row: SysUser;
  at: number;
}

/** One cache per database context (tests run several apps in one process). */
const caches = new Map<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext): Map<string, Entry> {
  let c = caches.get(ctx);
  if (!c) {
    c = new Map();
    caches.set(ctx, c);
  }
  return c;
}

/** The user row, from the cache when fresh. Null when no such user exists. */
export async function loadUser(ctx: AppContext, id: string): Promise<SysUser | null> {
  const cache = cacheOf(ctx);
  const hit = cache.get(id);
  const t = Date.now();
  if (hit && t - hit.at < USER_CACHE_MS) return hit.row;
  const row = await ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) {
    cache.delete(id);
    return null;
  }
  if (cache.size > 5_000) cache.clear();
  cache.set(id, { row, at: t });
  return row;
}

/** Drop a user's cached row on every context of this process. */
export function invalidateUser(id: string): void {
  for (const c of caches.values()) c.delete(id);
}

/** Forget a context's cache (when its app closes). */
export function forgetContext(ctx: AppContext): void {
  caches.delete(ctx);
}

/** A user may sign in / use a session: status 1 (normal) and not in the recycle bin. */
export function isActive(row: SysUser): boolean {
  return Number(row.status) === 1 && Number(row.del_flag ?? 0) === 0;
}

/** Tenant ids of `rel_tenant_ids` ("1,2," → [1, 2]). */
export function tenantIdsOf(row: Pick<SysUser, 'rel_tenant_ids'>): number[] {
  return (row.rel_tenant_ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d+$/.test(s))
    .map(Number)
    .filter((n) => n > 0);
}
