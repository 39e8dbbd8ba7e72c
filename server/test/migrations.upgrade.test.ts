import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db, type DialectName } from '../src/db/connection.js';
import { MIGRATIONS, migrate } from '../src/db/migrate.js';
import { createEmptyDatabase, testDialect } from './harness.js';
import { RELEASED_SCHEMAS, releasedNames } from './fixtures/releasedMigrations.js';

/**
 * A database made by each released main (test/fixtures/releasedMigrations.ts), holding rows of that time, is
 * migrated to the head by this build: the rows keep their values, the new columns have their defaults, the rows a
 * migration derives are there, and the schema is the one a new install gets. Rows are written by hand (no seed of
 * the old version is needed).
 * SQLite: every released schema and the lists up to 0016, 0022 and 0028 (~0.4 s each). PostgreSQL (~4 s each
 * here): the first release, every list with a hole (the late landings 0004, 0006, 0012–0017, 0028), the game's
 * first release, the dashboards, the play functions and the newest. MariaDB (~12 s each here, its DDL is slow): the
 * first release, the game's hole (0012–0017), the play functions and the 0028 hole.
 */

const dialect = testDialect();
const NAMES = MIGRATIONS.map((m) => m.name);
/** Lists never released as such, also tried on SQLite: the play tables, the day figures, the look-alike keys. */
const SQLITE_PREFIXES = ['0016', '0022', '0028'];
/** Server databases take seconds per schema (CREATE DATABASE, DDL): the first release, every list with a hole, the game's first, the newest. */
const SERVER_SUBSET: Record<'postgres' | 'mysql', string[]> = {
  postgres: ['4c49454', 'ede0f83', 'e55d5ce', '2d794dd', '93d6102', 'e676b72', '9cb5ef6', 'f79d3c8', '9c55a8c'],
  mysql: ['4c49454', '93d6102', '9cb5ef6', '9c55a8c'],
};

interface Version {
  label: string;
  applied: string[];
}

function versions(d: DialectName): Version[] {
  const released = RELEASED_SCHEMAS.filter((r) => d === 'sqlite' || SERVER_SUBSET[d].includes(r.commit)).map((r) => ({
    label: `main ${r.commit} (${r.migrations})`,
    applied: releasedNames(r.migrations, NAMES),
  }));
  if (d !== 'sqlite') return released;
  const seen = new Set(released.map((v) => v.applied.join()));
  const prefixes = NAMES.map((n, i) => ({ label: `up to ${n}`, applied: NAMES.slice(0, i + 1) })).filter(
    (v) => SQLITE_PREFIXES.some((p) => v.applied.at(-1)!.startsWith(p)) && !seen.has(v.applied.join()),
  );
  return [...released, ...prefixes];
}

type Row = Record<string, unknown>;

/** Representative rows of the tables a database at `applied` has (as the app of that time wrote them). */
function rowsAt(applied: ReadonlySet<string>): Record<string, Row[]> {
  const caseVariant = dialect !== 'mysql';
  const has = (n: string) => applied.has(NAMES.find((x) => x.startsWith(n))!);
  const t = '2021-03-04 05:06:07';
  const rows: Record<string, Row[]> = {
    sys_user: [
      {
        id: 'u1',
        username: 'pk_alice',
        realname: '爱丽丝',
        password: 'x',
        salt: 's',
        status: 1,
        del_flag: 0,
        email: 'a@example.com',
        birthday: '1990-05-18 00:00:00',
        create_time: '2020-01-01 10:00:00',
      },
      // A case-variant (MariaDB's case-insensitive unique index never let one in: another name there).
      {
        id: 'u2',
        username: caseVariant ? 'PK_Alice' : 'pk_carol',
        realname: '大写',
        password: 'x',
        salt: 's',
        status: 1,
        del_flag: 0,
        create_time: '2021-01-01 10:00:00',
      },
      { id: 'u3', username: 'pk_bob', realname: '鲍勃', password: 'y', salt: 't', status: 2, del_flag: 1, phone: '13800000000', create_time: t },
    ],
    sys_role: [{ id: 'r1', role_name: '船长', role_code: 'captain', description: '海盗船长', create_time: t }],
    sys_user_role: [{ id: 'ur1', user_id: 'u1', role_id: 'r1' }],
    sys_position: [{ id: 'p1', code: 'navigator', name: '航海士', post_rank: '2', sys_org_code: 'A01', create_time: t }],
    sys_dict: [{ id: 'd1', dict_name: '船型', dict_code: 'pk_ship_kind', del_flag: 0, type: 0, create_time: t }],
    sys_dict_item: [
      { id: 'di1', dict_id: 'd1', item_text: '帆船', item_value: '1', sort_order: 1, status: 1 },
      { id: 'di2', dict_id: 'd1', item_text: '铁甲船', item_value: '2', sort_order: 2, status: 1 },
    ],
    sys_announcement_send: [
      { id: 'as1', annt_id: 'an1', user_id: 'u1', read_flag: '0', create_time: t },
      { id: 'as3', annt_id: 'an1', user_id: 'u3', read_flag: '1', read_time: t },
      // A doubled row (possible before 0006): 0006 keeps the lowest id.
      ...(has('0006') ? [] : [{ id: 'as2', annt_id: 'an1', user_id: 'u1', read_flag: '1' }]),
    ],
    sys_sms: [{ id: 'sm1', es_title: '验证码', es_type: '1', es_receiver: '13800000000', es_content: '1234', es_send_status: '0', create_time: t }],
    sys_data_log: [
      { id: 'dl1', data_table: 'sys_position', data_id: 'p1', data_content: '{}', data_version: 1, create_time: t },
      { id: 'dl2', data_table: 'sys_position', data_id: 'p1', data_content: '{"name":"航海士"}', data_version: 2, create_time: t },
    ],
  };
  if (!has('0011')) return rows;
  Object.assign(rows, {
    book_user: [{ id: 'bu1', nickname: '路飞', phone: '13900000000', birthday: '2005-05-05', status: 1, del_flag: 0, create_time: t }],
    pirate_ship: [{ id: 'ps1', ship_no: 'S001', ship_name: '黄金梅里号', max_members: 6, member_count: 1, bounty: 2500000, create_time: t }],
    ship_table: [{ id: 'st1', ship_id: 'ps1', user_id: 'bu1', member_role: 1, seat_no: 1, join_time: t }],
    pirate_score: [
      { id: 'sc1', user_id: 'bu1', total_score: 150, available_score: 120, used_score: 30, bounty: 150000 },
      { id: 'sc2', user_id: 'bu2', total_score: 150, available_score: 150, used_score: 0, bounty: 150000 },
      { id: 'sc3', user_id: 'bu3', total_score: 2500, available_score: 2500, used_score: 0, bounty: 2500000 },
    ],
    user_score_history: [
      { id: 'sh1', user_id: 'bu1', change_type: 1, change_score: 150, before_score: 0, after_score: 150, biz_type: 'sign', biz_id: 'x1', create_time: t },
    ],
    book_reservation_info: [
      { id: 'br1', reservation_no: 'R20210304001', user_id: 'bu1', reserve_date: '2021-03-05', time_slot: '10:00-12:00', status: 1, create_time: t },
    ],
  });
  // The app keeps the board counts in step with pirate_score (0014, 0024, sharded by 0025).
  const shard = has('0025') ? { shard: 0 } : {};
  if (has('0014'))
    rows.pirate_bounty_count = [
      { bounty: 150000, players: 2, ...shard },
      { bounty: 2500000, players: 1, ...shard },
    ];
  if (has('0024'))
    rows.pirate_bounty_bucket = [
      { bucket: 100000, players: 2, ...shard },
      { bucket: 2500000, players: 1, ...shard },
    ];
  return rows;
}

interface Schema {
  columns: Record<string, string[]>;
  indexes: string[];
  functions: string[];
}

async function schemaOf(db: Db): Promise<Schema> {
  const tables = await db.db.introspection.getTables();
  const columns = Object.fromEntries(
    tables.map((t) => [t.name, t.columns.map((c) => `${c.name} ${c.dataType}${c.isNullable ? '' : ' not null'}${c.hasDefaultValue ? ' default' : ''}`).sort()]),
  );
  const q =
    db.dialect === 'sqlite'
      ? sql<{ n: string }>`select tbl_name || '.' || name as n from sqlite_master where type = 'index' and name not like 'sqlite_autoindex%'`
      : db.dialect === 'postgres'
        ? sql<{ n: string }>`select tablename || '.' || indexname as n from pg_indexes where schemaname = 'public'`
        : sql<{
            n: string;
          }>`select distinct concat(table_name, '.', index_name, ':', non_unique) as n from information_schema.statistics where table_schema = database()`;
  const indexes = (await q.execute(db.db)).rows.map((r) => r.n).sort();
  const functions =
    db.dialect === 'postgres'
      ? (
          await sql<{ n: string }>`select p.proname as n from pg_proc p join pg_namespace s on s.oid = p.pronamespace where s.nspname = 'public'`.execute(db.db)
        ).rows
          .map((r) => r.n)
          .sort()
      : [];
  return { columns, indexes, functions };
}

/** Rows in one order whatever the column order of the select: by their values, column by column in name order. */
const sortKey = (r: Row) =>
  JSON.stringify(
    Object.keys(r)
      .sort()
      .map((k) => r[k]),
  );
const sortRows = (rows: Row[]) => [...rows].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : 1));

async function allRows(db: Db, table: string, columns?: string[]): Promise<Row[]> {
  const q = db.db.selectFrom(table as never);
  return sortRows((await (columns ? q.select(columns as never) : q.selectAll()).execute()) as Row[]);
}

const num = (v: unknown) => (v === null ? null : Number(v));

describe(`migrating a released database to the head (${dialect})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-upgrade-'));
  let head: Schema;

  async function withEmptyDb<T>(name: string, fn: (db: Db) => Promise<T>): Promise<T> {
    const sub = path.join(dir, name.replace(/[^a-z0-9]+/gi, '_'));
    fs.mkdirSync(sub, { recursive: true });
    const database = await createEmptyDatabase(dialect, sub);
    try {
      const db = await openDb(database.url, 2);
      try {
        return await fn(db);
      } finally {
        await db.destroy();
      }
    } finally {
      await database.drop();
    }
  }

  beforeAll(async () => {
    head = await withEmptyDb('head', async (db) => {
      await migrate(db);
      return schemaOf(db);
    });
  }, 120_000);
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const v of versions(dialect)) {
    it(`from ${v.label}`, async () => {
      await withEmptyDb(v.label, async (db) => {
        const applied = new Set(v.applied);
        await migrate(db, { migrations: MIGRATIONS.filter((m) => applied.has(m.name)) });
        const has = (n: string) => applied.has(NAMES.find((x) => x.startsWith(n))!);
        const old = await schemaOf(db);
        for (const [table, rows] of Object.entries(rowsAt(applied))) {
          expect(old.columns[table], `${table} exists at this version`).toBeDefined();
          await db.db
            .insertInto(table as never)
            .values(rows as never)
            .execute();
        }
        const before = Object.fromEntries(await Promise.all(Object.keys(old.columns).map(async (t) => [t, await allRows(db, t)] as const)));

        await migrate(db);

        const applied2 = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db.db)).rows.map((r) => r.name);
        expect(applied2).toEqual(NAMES);
        expect(await schemaOf(db)).toEqual(head);
        // Every row of every table of that version, with the values it had (columns of that version).
        for (const [table, rows] of Object.entries(before)) {
          const columns = old.columns[table].map((c) => c.split(' ')[0]);
          const expected = table === 'sys_announcement_send' ? rows.filter((r) => r.id !== 'as2') : rows;
          expect(await allRows(db, table, columns), table).toEqual(expected);
        }
        // New columns: their defaults, or what the migration derived.
        if (!has('0007'))
          expect(await allRows(db, 'sys_sms', ['claim_token', 'claim_until', 'next_try_time'])).toEqual([
            { claim_token: null, claim_until: null, next_try_time: null },
          ]);
        if (!has('0028'))
          expect(await allRows(db, 'sys_user', ['id', 'username_key'])).toEqual([
            { id: 'u1', username_key: 'pk_alice' },
            { id: 'u2', username_key: dialect === 'mysql' ? 'pk_carol' : null }, // the younger case-variant keeps signing in, without the key
            { id: 'u3', username_key: 'pk_bob' },
          ]);
        if (!has('0011')) return;
        if (!has('0012')) expect(await allRows(db, 'ship_table', ['remark'])).toEqual([{ remark: null }]);
        if (!has('0014')) expect((await allRows(db, 'user_score_history', ['change_bounty'])).map((r) => num(r.change_bounty))).toEqual([0]);
        const counts = async (table: string, key: string) =>
          (
            await sql<Row>`select ${sql.ref(key)} as k, sum(players) as n from ${sql.table(table)} group by ${sql.ref(key)} order by ${sql.ref(key)}`.execute(
              db.db,
            )
          ).rows.map((r) => [num(r.k), num(r.n)]);
        expect(await counts('pirate_bounty_count', 'bounty')).toEqual([
          [150000, 2],
          [2500000, 1],
        ]);
        expect(await counts('pirate_bounty_bucket', 'bucket')).toEqual([
          [100000, 2],
          [2500000, 1],
        ]);
      });
    }, 120_000);
  }
});
