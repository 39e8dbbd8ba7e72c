import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Unique indexes behind the read checks (issue 11 review): the CRUD engine's `unique: true` check and the gateway's
 * `路由ID已存在` read before they write, so two parallel saves of one value both pass; the index refuses the second
 * and the save answers the read check's message (core/db/uniqueViolation.ts).
 *
 * Every `unique` field of the entities has its index from 0001 already (the original's: uniq_sys_user_username,
 * uniq_code, uk_sd_dict_code …; `server/test/uniqueIndexes.test.ts` fails for a unique field without one). The
 * gateway's router_id had none (the original has none either), so an install may hold duplicates made before the
 * read check existed. Such data is not changed here: a router_id held twice leaves the index out with a warning
 * (the read check still refuses new duplicates), and a later migration may add it once the rows are told apart.
 *
 * Soft-deleted rows (del_flag = 1: users, dictionaries) keep their value in the index, as in the original and as
 * the engine's read check does (it looks at every row): a code in the recycle bin is not free again until the row
 * is deleted for good, so restoring it can never collide. A partial index (WHERE del_flag = 0) is not portable to
 * MySQL and would let a restore make a duplicate.
 */
export const GATEWAY_ROUTER_ID_INDEX = 'uk_sgr_router_id';

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const dup = await db
    .selectFrom('sys_gateway_route')
    .select('router_id')
    .where('router_id', 'is not', null)
    .groupBy('router_id')
    .having(sql`count(*)`, '>', 1)
    .limit(1)
    .executeTakeFirst();
  if (dup) {
    console.warn(
      `migration 0009: sys_gateway_route.router_id holds duplicates (e.g. ${JSON.stringify(dup.router_id)}): index ${GATEWAY_ROUTER_ID_INDEX} left out, the read check still refuses new ones`,
    );
    return;
  }
  await db.schema.createIndex(GATEWAY_ROUTER_ID_INDEX).unique().on('sys_gateway_route').column('router_id').execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let q = db.schema.dropIndex(GATEWAY_ROUTER_ID_INDEX).ifExists();
  if (dialect === 'mysql') q = q.on('sys_gateway_route');
  await q.execute();
}
