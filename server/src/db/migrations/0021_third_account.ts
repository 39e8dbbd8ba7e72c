import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * Third-party sign-in (issue 14 point 8, modules/system/thirdLogin): a linked account is found by (third_type,
 * third_user_uuid) = (provider id, OpenID subject). The unique pair makes a link atomic (two parallel links of one
 * subject: one row, the other refused), and the user's own links are listed by sys_user_id.
 */
export const THIRD_ACCOUNT_INDEXES = [
  { name: 'uk_sys_third_account_type_uuid', table: 'sys_third_account', columns: ['third_type', 'third_user_uuid'], unique: true },
  { name: 'idx_sys_third_account_user', table: 'sys_third_account', columns: ['sys_user_id', 'third_type'], unique: false },
] as const;

export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  for (const ix of THIRD_ACCOUNT_INDEXES) {
    let q = db.schema
      .createIndex(ix.name)
      .on(ix.table)
      .columns([...ix.columns]);
    if (ix.unique) q = q.unique();
    await q.execute();
  }
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  for (const ix of THIRD_ACCOUNT_INDEXES) {
    let q = db.schema.dropIndex(ix.name);
    if (dialect === 'mysql') q = q.on(ix.table);
    await q.execute();
  }
}
