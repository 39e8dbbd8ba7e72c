import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, type TableSpec } from './ddl.js';

/**
 * sys_fill_rule_seq: the sequences of the fill rules (contract §6.5), e.g. the daily order number of a rule. The next
 * number is decided by one atomic upsert in the database (core/rules/sequence.ts), so every node of the database
 * gets distinct numbers.
 */
const TABLES: Record<string, TableSpec> = {
  sys_fill_rule_seq: {
    columns: [
      ['seq_key', 'varchar(191)', { pk: true, binary: true }],
      ['seq_value', 'bigint', { notNull: true }],
      ['update_time', 'datetime'],
    ],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(TABLES));
}
