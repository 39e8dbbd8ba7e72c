import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/db/connection.js';
import { LANDED_LATE, LATEST_MIGRATION, MIGRATIONS, migrate, type MigrationEntry } from '../src/db/migrate.js';
import { RELEASED_MIGRATION_NAMES, RELEASED_SCHEMAS, releasedNames } from './fixtures/releasedMigrations.js';

/**
 * The migration list cannot go out of order (issue 24 point 3): Kysely refuses, on every database already migrated,
 * a migration that sorts before an applied one, so a list that two branches each extended could stop every install.
 * The checks below fail on the branch (or the merge) that would do it, before it lands.
 */

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations/', import.meta.url));
/** Files of db/migrations/ that are not migrations. */
const HELPER_FILES = ['ddl.ts'];
/** Numbers skipped by branches that renumbered before landing; never to be used (released databases would not care, the rule would). */
const NEVER_USED = ['0013', '0020'];
const NAME = /^(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*$/;

interface ListFacts {
  names: readonly string[];
  /** Base names of the migration files in the directory. */
  files: readonly string[];
  /** Every name a release of main had. */
  released: readonly string[];
}

/** What is wrong with a migration list; empty when it may land. */
function listProblems({ names, files, released }: ListFacts): string[] {
  const problems: string[] = [];
  for (const n of names) if (!NAME.test(n)) problems.push(`${n}: not a 4-digit number, '_' and a snake_case name`);
  for (let i = 1; i < names.length; i++) {
    if (names[i].slice(0, 4) === names[i - 1].slice(0, 4)) problems.push(`${names[i].slice(0, 4)} used twice: ${names[i - 1]}, ${names[i]}`);
    else if (names[i] < names[i - 1]) problems.push(`${names[i]} listed after ${names[i - 1]}`);
  }
  for (const f of new Set([...files, ...names])) {
    const listed = names.filter((n) => n === f).length;
    if (!files.includes(f)) problems.push(`${f} listed without a file`);
    else if (listed !== 1) problems.push(`${f} listed ${listed} times`);
  }
  const used = new Set(names.map((n) => n.slice(0, 4)));
  const top = Math.max(0, ...[...used].map(Number));
  const skipped = Array.from({ length: top }, (_, i) => String(i + 1).padStart(4, '0')).filter((n) => !used.has(n));
  if (skipped.join() !== NEVER_USED.join()) problems.push(`numbers skipped: ${skipped.join(', ') || 'none'} (expected only ${NEVER_USED.join(', ')})`);
  for (const r of released) if (!names.includes(r)) problems.push(`released ${r} missing (renamed or removed)`);
  const newestReleased = [...released].sort().at(-1) ?? '';
  for (const n of names) if (!released.includes(n) && n < newestReleased) problems.push(`${n} sorts before the released ${newestReleased}`);
  return problems;
}

function migrationFiles(): string[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => !HELPER_FILES.includes(f))
    .map((f) => f.replace(/\.ts$/, ''));
}

const NAMES = MIGRATIONS.map((m) => m.name);
/** The next free numbers after the list's last (the examples below add migrations there). */
const number4 = (n: number) => String(n).padStart(4, '0');
const N1 = number4(Number(NAMES.at(-1)!.slice(0, 4)) + 1);
const N2 = number4(Number(N1) + 1);
const NEWEST_RELEASED = [...RELEASED_MIGRATION_NAMES].sort().at(-1)!;
const REAL: ListFacts = { names: NAMES, files: migrationFiles(), released: RELEASED_MIGRATION_NAMES };

/** A migration that creates table `table` (a branch's new migration in the scenarios below). */
function creates(name: string, table: string): MigrationEntry {
  return { name, module: { up: (db: Kysely<any>) => db.schema.createTable(table).addColumn('id', 'integer').execute() } };
}

describe('the migration list', () => {
  it('is in order, one entry per file of db/migrations/, numbered without new gaps, every released name kept', () => {
    expect(fs.readdirSync(MIGRATIONS_DIR).filter((f) => !f.endsWith('.ts'))).toEqual([]);
    expect(listProblems(REAL)).toEqual([]);
    expect(LATEST_MIGRATION).toBe(NAMES.at(-1));
  });

  it('pairs each name with the module of its own file', async () => {
    for (const { name, module } of MIGRATIONS) {
      const file = (await import(`../src/db/migrations/${name}.ts`)) as object;
      expect(module, name).toBe(file);
    }
  });

  it('holds every released schema, and the migrations that landed late are exactly the historical ones', () => {
    const late = new Set<string>();
    for (const r of RELEASED_SCHEMAS) {
      const applied = releasedNames(r.migrations, NAMES);
      const newest = applied.at(-1)!;
      for (const n of NAMES) if (n < newest && !applied.includes(n)) late.add(n);
    }
    expect([...late].sort()).toEqual([...LANDED_LATE].sort());
    // Closed history: no later migration may run late (a new one must come after every released one).
    expect([...LANDED_LATE].every((n) => n < '0029')).toBe(true);
  });

  describe('refuses what would stop installs, before it lands', () => {
    const files = [...REAL.files];
    it(`two branches that each add the next number: the merge lists ${N1} twice`, () => {
      const names = [...NAMES, `${N1}_branch_a`, `${N1}_branch_b`];
      expect(listProblems({ ...REAL, names, files: [...files, `${N1}_branch_a`, `${N1}_branch_b`] })).toEqual([
        `${N1} used twice: ${N1}_branch_a, ${N1}_branch_b`,
      ]);
    });

    it('a branch numbered past the next free number (so that another could land below it later)', () => {
      expect(listProblems({ ...REAL, names: [...NAMES, `${N2}_b`], files: [...files, `${N2}_b`] })).toEqual([
        `numbers skipped: 0013, 0020, ${N1} (expected only 0013, 0020)`,
      ]);
    });

    it(`a migration numbered below a released one (${N2} released, then ${N1} arrives, or a gap filled)`, () => {
      const names = [...NAMES, `${N1}_a`, `${N2}_b`];
      expect(listProblems({ names, files: [...files, `${N1}_a`, `${N2}_b`], released: [...RELEASED_MIGRATION_NAMES, `${N2}_b`] })).toEqual([
        `${N1}_a sorts before the released ${N2}_b`,
      ]);
      const filled = [...NAMES.slice(0, 12), '0013_gap', ...NAMES.slice(12)];
      expect(listProblems({ ...REAL, names: filled, files: [...files, '0013_gap'] })).toEqual([
        'numbers skipped: 0020 (expected only 0013, 0020)',
        `0013_gap sorts before the released ${NEWEST_RELEASED}`,
      ]);
    });

    it('an entry out of place, a file not listed, a listed name without a file, a released migration renamed', () => {
      const swapped = [...NAMES];
      [swapped[3], swapped[4]] = [swapped[4], swapped[3]];
      expect(listProblems({ ...REAL, names: swapped })).toEqual(['0004_data_log_version listed after 0005_sys_fill_rule_seq']);
      expect(listProblems({ ...REAL, files: [...files, `${N1}_forgotten`] })).toEqual([`${N1}_forgotten listed 0 times`]);
      expect(listProblems({ ...REAL, names: [...NAMES, `${N1}_ghost`] })).toEqual([`${N1}_ghost listed without a file`]);
      const renamed = NAMES.map((n) => (n === '0005_sys_fill_rule_seq' ? '0005_fill_rule_seq' : n));
      expect(listProblems({ ...REAL, names: renamed, files: renamed })).toEqual([
        'released 0005_sys_fill_rule_seq missing (renamed or removed)',
        `0005_fill_rule_seq sorts before the released ${NEWEST_RELEASED}`,
      ]);
    });
  });
});

/** What Kysely and migrate() do with such databases (SQLite; the rules do not depend on the dialect). */
describe('migrate() on a database the list does not match', () => {
  let db: Db | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await db?.destroy();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    db = dir = null;
  });

  async function freshDb(): Promise<Db> {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-migr-'));
    db = await openDb(`sqlite:${path.join(dir, 'm.db')}`);
    return db;
  }
  const applied = async (d: Db) => (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(d.db)).rows.map((r) => r.name);
  const tableExists = async (d: Db, t: string) =>
    (await sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${t}`.execute(d.db)).rows[0].n === 1;

  it('refuses a new migration that sorts before an applied one, changing nothing (the list check names it first)', async () => {
    const d = await freshDb();
    // Branch B (0031) landed and ran; branch A's 0030 arrives after it.
    await migrate(d, { migrations: [...MIGRATIONS, creates(`${N2}_b`, 't_b')] });
    const list = [...MIGRATIONS, creates(`${N1}_a`, 't_a'), creates(`${N2}_b`, 't_b')];
    const before = await applied(d);
    await expect(migrate(d, { migrations: list })).rejects.toThrow(new RegExp(`${N1}_a not applied but sorting before an applied migration`));
    expect(await tableExists(d, 't_a')).toBe(false);
    expect(await applied(d)).toEqual(before);
    const names = list.map((m) => m.name);
    expect(listProblems({ names, files: names, released: [...RELEASED_MIGRATION_NAMES, `${N2}_b`] })).toEqual([`${N1}_a sorts before the released ${N2}_b`]);
  });

  it('refuses a database that ran a migration this build does not know (a newer build made it)', async () => {
    const d = await freshDb();
    await migrate(d, { migrations: [...MIGRATIONS, creates(`${N1}_newer`, 't_newer')] });
    await expect(migrate(d)).rejects.toThrow(`corrupted migrations: previously executed migration ${N1}_newer is missing`);
    expect(await tableExists(d, 't_newer')).toBe(true);
  });

  it("runs a historical late landing that Kysely's own order check refuses for good", async () => {
    const d = await freshDb();
    const release = releasedNames('0001-0027 0029', NAMES); // main at 9c55a8c: 0028 landed after 0029
    await migrate(d, { migrations: MIGRATIONS.filter((m) => release.includes(m.name)) });
    const { Migrator } = await import('kysely');
    const strict = new Migrator({
      db: d.db,
      provider: { getMigrations: async () => Object.fromEntries(MIGRATIONS.map((m) => [m.name, { up: (k: Kysely<any>) => m.module.up(k, 'sqlite') }])) },
    });
    const { error } = await strict.migrateToLatest();
    expect(String(error)).toMatch(/expected previously executed migration 0029_sys_file to be at index 25 but 0028_username_key was found/);
    await migrate(d);
    expect(await applied(d)).toEqual(NAMES);
    await migrate(d); // and again on the next start: the late run is not taken for a disorder
    expect(await applied(d)).toEqual(NAMES);
  });
});
