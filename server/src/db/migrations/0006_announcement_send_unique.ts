import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * One send row per (announcement, user) (contract §8.2 listByUser): the ALL-type rows are created on demand by
 * whoever asks first, on any node; the database refuses a second one (insert-ignore / on conflict do nothing).
 * Rows doubled before this index (none are created by this server) are removed first, keeping the oldest id.
 */
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  const dups = await db
    .selectFrom('sys_announcement_send')
    .select(['annt_id', 'user_id'])
    .select((eb) => eb.fn.min('id').as('keep'))
    .groupBy(['annt_id', 'user_id'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const d of dups)
    await db.deleteFrom('sys_announcement_send').where('annt_id', '=', d.annt_id).where('user_id', '=', d.user_id).where('id', '<>', d.keep).execute();
  await db.schema.createIndex('uk_sas_annt_user').unique().on('sys_announcement_send').columns(['annt_id', 'user_id']).execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let q = db.schema.dropIndex('uk_sas_annt_user');
  if (dialect === 'mysql') q = q.on('sys_announcement_send');
  await q.execute();
}
