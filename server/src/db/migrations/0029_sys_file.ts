import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTable, dropTables, unique } from './ddl.js';

/**
 * The file store every node shares (FILE_STORE=database, core/files/dbStore.ts): one sys_file row per file, found
 * by the relative path `/sys/common/static/{path}` serves (null while an upload is still being written), and its
 * bytes in sys_file_chunk rows of at most 256 KiB (well under MariaDB's max_allowed_packet), numbered from 0.
 * The path is unique (two nodes cannot both create one path) and byte-wise on MySQL (paths are case-sensitive,
 * as on a disk); pending rows are found by their create_time when an interrupted upload is swept.
 */
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'sys_file', {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['path', 'varchar(255)', { binary: true }],
      ['size', 'bigint', { notNull: true, default: 0 }],
      ['chunk_count', 'int', { notNull: true, default: 0 }],
      ['create_time', 'datetime', { notNull: true }],
    ],
    indexes: [unique('uk_sys_file_path', 'path')],
  });
  await sql`create index idx_sys_file_pending on sys_file (create_time)`.execute(db);
  const blob = dialect === 'postgres' ? sql`bytea` : dialect === 'mysql' ? sql`mediumblob` : sql`blob`;
  let chunks = db.schema
    .createTable('sys_file_chunk')
    .addColumn('file_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_file_chunk', ['file_id', 'seq']);
  if (dialect === 'mysql') chunks = chunks.modifyEnd(sql`ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  await chunks.execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['sys_file', 'sys_file_chunk']);
}
