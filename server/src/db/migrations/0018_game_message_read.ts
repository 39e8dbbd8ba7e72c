import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type TableSpec } from './ddl.js';

/**
 * The players' read marks of 消息 (game_message, issue 13 point 10; jeecg-schema.md §4.3's optional table): one row per
 * (message, player), so a read is counted once by an insert against the unique pair, whatever the parallel calls.
 * Types: server/src/db/gameSchema.ts `GameMessageReadTable`.
 */
export const CONTENT_TABLES: Record<string, TableSpec> = {
  game_message_read: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['message_id', 'varchar(32)', { notNull: true }],
      ['user_id', 'varchar(32)', { notNull: true }],
      ['read_time', 'datetime'],
    ],
    indexes: [unique('uk_game_message_read', 'message_id', 'user_id'), index('idx_game_message_read_user', 'user_id')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, CONTENT_TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(CONTENT_TABLES));
}
