import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../connection.js';

/**
 * sys_sms: what the send job (modules/message/send) needs to send each queued message once across nodes and to
 * retry failures with backoff — `claim_token` / `claim_until` (a node claims a row with one conditional UPDATE and
 * owns it until then), `next_try_time` (when a failed row may be tried again; null = no further attempt).
 */
const COLUMNS: Array<[name: string, type: 'varchar' | 'datetime']> = [
  ['claim_token', 'varchar'],
  ['claim_until', 'datetime'],
  ['next_try_time', 'datetime'],
];

function colType(type: 'varchar' | 'datetime', dialect: DialectName): RawBuilder<unknown> {
  if (type === 'varchar') return sql`varchar(32)`;
  return dialect === 'sqlite' ? sql`text` : dialect === 'postgres' ? sql`timestamp` : sql`datetime`;
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  // one column per statement: SQLite's ALTER TABLE adds one at a time
  for (const [name, type] of COLUMNS) await db.schema.alterTable('sys_sms').addColumn(name, colType(type, dialect)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...COLUMNS].reverse()) await db.schema.alterTable('sys_sms').dropColumn(name).execute();
}
