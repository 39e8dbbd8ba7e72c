import type { AppContext } from '../../src/core/context.js';
import type { Database } from '../../src/db/schema.js';

/** Tables whose row counts may move on a refused request (sys_log gains audit rows; the KV table holds sessions). */
// pay_callback_record: every call of the public pay callback is recorded, refused ones too (issue 13 point 9)
export const VOLATILE_TABLES = new Set(['sys_log', 'sys_kv', 'sys_seed', 'pay_callback_record']);

/** The row count of every table but the volatile ones: equal before and after means a request changed no rows' number. */
export async function rowCounts(ctx: AppContext): Promise<Record<string, number>> {
  const tables = (await ctx.db.db.introspection.getTables()).map((t) => t.name).filter((n) => !VOLATILE_TABLES.has(n) && !n.startsWith('kysely_'));
  const out: Record<string, number> = {};
  for (const t of tables) {
    const row = await ctx.db.db
      .selectFrom(t as keyof Database)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(row.n);
  }
  return out;
}
