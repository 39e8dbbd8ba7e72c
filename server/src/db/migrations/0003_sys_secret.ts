import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, type TableSpec } from './ddl.js';

/**
 * sys_secret: server secrets every node of one database must share (the generated JWT secret when JWT_SECRET is
 * not set). A row is created once by INSERT … ignoring a conflict, then read back (core/auth/sharedSecret.ts).
 */
const TABLES: Record<string, TableSpec> = {
  sys_secret: {
    columns: [
      ['name', 'varchar(64)', { pk: true, binary: true }],
      ['value', 'varchar(255)', { notNull: true }],
      ['create_time', 'datetime'],
    ],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(TABLES));
}
