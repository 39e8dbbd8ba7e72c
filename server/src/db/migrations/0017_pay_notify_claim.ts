import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, unique, type TableSpec } from './ddl.js';

/**
 * Issue 13 point 9: a pay callback is processed once per (transaction_id, notify_type). pay_callback_record keeps
 * EVERY callback (duplicates and bad signatures too), so the once-only decision is a separate claim table: the
 * processing transaction inserts its claim against the unique pair; a second delivery finds it taken (handle_status 3).
 */
export const PAY_NOTIFY_CLAIM: Record<string, TableSpec> = {
  pay_notify_claim: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['transaction_id', 'varchar(64)', { notNull: true }],
      ['notify_type', 'int', { notNull: true }],
      ['order_no', 'varchar(32)'],
      ['callback_id', 'varchar(32)'],
      ['create_time', 'datetime'],
    ],
    indexes: [unique('uk_pay_notify_claim', 'transaction_id', 'notify_type')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, PAY_NOTIFY_CLAIM);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(PAY_NOTIFY_CLAIM));
}
