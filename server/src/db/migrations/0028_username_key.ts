import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { binaryCollation } from './ddl.js';
import { USERNAME_KEY_LENGTH, usernameKey } from '../../modules/system/user/username.js';

/**
 * Look-alike login accounts (issue 23 point 16): `sys_user.username_key` holds the name's key (NFKC, case-folded;
 * modules/system/user/username.ts) under a unique index, so `Admin`, `ADMIN` or `ａｄｍｉｎ` beside `admin` is refused
 * by the database on every dialect, two parallel registrations included. The key is computed by the server, not by
 * SQL: lower() folds only ASCII on SQLite and follows the locale on PostgreSQL, and MariaDB's collation is its own —
 * the column is byte-wise there (nopad_bin) so the three databases compare keys alike.
 *
 * Existing rows: every name gets its key, except that of case-variants already stored only one keeps it — the
 * active one first, then the oldest (create_time, id) — and the others keep a NULL key (NULLs are not unique). No
 * account is renamed or blocked: they all still sign in as before, while no new variant of any of them can be made.
 */
const INDEX = 'uniq_sys_user_username_key';
/** Rows updated per statement of the backfill. */
const CHUNK = 200;

interface UserRow {
  id: string;
  username: string | null;
  del_flag: number | null;
  create_time: unknown;
}

/** id → key for the rows that keep one: the first row of each key in (active first, oldest, id) order. */
export function keysToStore(rows: UserRow[]): Map<string, string> {
  const order = [...rows].sort(
    (a, b) =>
      Number(a.del_flag === 1) - Number(b.del_flag === 1) ||
      String(a.create_time ?? '').localeCompare(String(b.create_time ?? '')) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const seen = new Set<string>();
  const out = new Map<string, string>();
  for (const r of order) {
    if (!r.username) continue;
    const key = usernameKey(r.username);
    if (seen.has(key)) continue;
    seen.add(key);
    out.set(r.id, key);
  }
  return out;
}

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const type =
    dialect === 'mysql'
      ? sql.raw(`varchar(${USERNAME_KEY_LENGTH}) CHARACTER SET utf8mb4 COLLATE ${await binaryCollation(db)}`)
      : sql.raw(`varchar(${USERNAME_KEY_LENGTH})`);
  await db.schema.alterTable('sys_user').addColumn('username_key', type).execute();
  const rows: UserRow[] = await db.selectFrom('sys_user').select(['id', 'username', 'del_flag', 'create_time']).execute();
  const entries = [...keysToStore(rows)];
  for (let i = 0; i < entries.length; i += CHUNK) {
    const part = entries.slice(i, i + CHUNK);
    await db
      .updateTable('sys_user')
      .set((eb) => {
        let c = eb.case().when('id', '=', part[0][0]).then(part[0][1]);
        for (const [id, key] of part.slice(1)) c = c.when('id', '=', id).then(key);
        return { username_key: c.end() };
      })
      .where(
        'id',
        'in',
        part.map(([id]) => id),
      )
      .execute();
  }
  await db.schema.createIndex(INDEX).on('sys_user').column('username_key').unique().execute();
}

export async function down(db: Kysely<any>, dialect: DialectName): Promise<void> {
  let q = db.schema.dropIndex(INDEX);
  if (dialect === 'mysql') q = q.on('sys_user');
  await q.execute();
  await db.schema.alterTable('sys_user').dropColumn('username_key').execute();
}
