import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, unique, type TableSpec } from './ddl.js';

/**
 * A chest password's wrong guesses per player and chest (issue 23 point 13): `failures` counts the wrong guesses in a
 * row, each within the lock window of the one before (`last_failure_time`). A device's guess takes one attempt by a
 * conditional UPDATE before the password is compared (modules/game/play/chestAttempts.ts), so parallel guesses on any
 * node never pass the limit; a right guess gives its attempt back. Types: db/gameSchema.ts `ChestPasswordAttemptTable`.
 */
export const CHEST_ATTEMPT_TABLES: Record<string, TableSpec> = {
  chest_password_attempt: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['user_id', 'varchar(32)', { notNull: true }],
      ['chest_id', 'varchar(32)', { notNull: true }],
      ['failures', 'int', { notNull: true, default: 0 }],
      ['last_failure_time', 'datetime'],
    ],
    indexes: [unique('uk_chest_password_attempt', 'user_id', 'chest_id')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, CHEST_ATTEMPT_TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(CHEST_ATTEMPT_TABLES));
}
