import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './connection.js';
import * as m0001 from './migrations/0001_system.js';
import * as m0002 from './migrations/0002_list_sort_indexes.js';
import * as m0003 from './migrations/0003_sys_secret.js';
import * as m0004 from './migrations/0004_data_log_version.js';
import * as m0005 from './migrations/0005_sys_fill_rule_seq.js';
import * as m0006 from './migrations/0006_announcement_send_unique.js';
import * as m0007 from './migrations/0007_sys_sms_claim.js';
import * as m0008 from './migrations/0008_quartz_job_run.js';
import * as m0009 from './migrations/0009_unique_indexes.js';
import * as m0010 from './migrations/0010_announcement_indexes.js';
import * as m0011 from './migrations/0011_game.js';
import * as m0012 from './migrations/0012_venue.js';
import * as m0014 from './migrations/0014_score_ledger.js';
import * as m0015 from './migrations/0015_reservation_capacity.js';
import * as m0016 from './migrations/0016_game_play.js';
import * as m0017 from './migrations/0017_pay_notify_claim.js';
import * as m0018 from './migrations/0018_game_message_read.js';
import * as m0019 from './migrations/0019_user_setting.js';
import * as m0021 from './migrations/0021_third_account.js';
import * as m0022 from './migrations/0022_game_stat_day.js';
import * as m0023 from './migrations/0023_dashboard_ops_indexes.js';
import * as m0024 from './migrations/0024_bounty_bucket.js';
import * as m0025 from './migrations/0025_bounty_count_shards.js';
import * as m0026 from './migrations/0026_play_functions.js';
import * as m0027 from './migrations/0027_chest_password_attempt.js';
import * as m0028 from './migrations/0028_username_key.js';
import * as m0029 from './migrations/0029_sys_file.js';
import * as m0030 from './migrations/0030_online_form.js';

/** A migration file exports `up(db, dialect)` (and optionally `down(db, dialect)`). */
export interface DialectMigration {
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

export interface MigrationEntry {
  /** The file's name without extension: a 4-digit number, `_`, a snake_case name (what kysely_migration records). */
  readonly name: string;
  readonly module: DialectMigration;
}

/**
 * Every migration, in the order it runs. A new one is the next number, appended at the end; a released migration
 * is never renumbered, edited or moved (databases record its name). Static imports, no directory scan: the server
 * is bundled into one file. The numbers 0013 and 0020 were never used (branches renumbered before landing); they
 * stay unused. `test/migrations.order.test.ts` checks this list against the directory and the released schemas
 * (`test/fixtures/releasedMigrations.ts`).
 */
export const MIGRATIONS: readonly MigrationEntry[] = [
  { name: '0001_system', module: m0001 }, // every system table, sys_kv, sys_seed
  { name: '0002_list_sort_indexes', module: m0002 }, // (create_time, id) for the default list order
  { name: '0003_sys_secret', module: m0003 }, // the shared JWT secret
  { name: '0004_data_log_version', module: m0004 }, // unique (table, id, version) of sys_data_log
  { name: '0005_sys_fill_rule_seq', module: m0005 }, // fill rules' sequences
  { name: '0006_announcement_send_unique', module: m0006 }, // one send row per (notice, user)
  { name: '0007_sys_sms_claim', module: m0007 }, // sys_sms claim and retry columns
  { name: '0008_quartz_job_run', module: m0008 }, // a job firing claimed once across nodes
  { name: '0009_unique_indexes', module: m0009 }, // a unique index per unique field
  { name: '0010_announcement_indexes', module: m0010 }, // listByUser indexes
  { name: '0011_game', module: m0011 }, // the game's 26 tables
  { name: '0012_venue', module: m0012 }, // ship_table.remark
  { name: '0014_score_ledger', module: m0014 }, // change_bounty, pirate_bounty_count
  { name: '0015_reservation_capacity', module: m0015 }, // slot capacity and usage
  { name: '0016_game_play', module: m0016 }, // chests opened, devices
  { name: '0017_pay_notify_claim', module: m0017 }, // a pay notification handled once
  { name: '0018_game_message_read', module: m0018 }, // a message read once per player
  { name: '0019_user_setting', module: m0019 }, // account settings
  { name: '0021_third_account', module: m0021 }, // unique third-party accounts
  { name: '0022_game_stat_day', module: m0022 }, // a closed day's figures
  { name: '0023_dashboard_ops_indexes', module: m0023 }, // the operations dashboard
  { name: '0024_bounty_bucket', module: m0024 }, // live board bounty ranges
  { name: '0025_bounty_count_shards', module: m0025 }, // board counts in shards
  { name: '0026_play_functions', module: m0026 }, // PostgreSQL: the play calls as database functions
  { name: '0027_chest_password_attempt', module: m0027 }, // wrong chest password guesses per player and chest
  { name: '0028_username_key', module: m0028 }, // sys_user.username_key: one account per name without regard to case or width
  { name: '0029_sys_file', module: m0029 }, // FILE_STORE=database: sys_file + sys_file_chunk
  { name: '0030_online_form', module: m0030 }, // online forms: onl_cgform_* definitions, versions, onl_auth_*
];

/**
 * Migrations that landed on main after a later-numbered one had been released (parallel branches merged in another
 * order): a database made by such a release lacks them below its newest applied migration, and Kysely's own order
 * check refuses it for good. Each is independent of the later-numbered ones applied before it, so such a database
 * runs them late. History, closed: no migration may join this list (the order test pins it).
 */
export const LANDED_LATE: ReadonlySet<string> = new Set([
  '0004_data_log_version',
  '0006_announcement_send_unique',
  '0012_venue',
  '0014_score_ledger',
  '0015_reservation_capacity',
  '0016_game_play',
  '0017_pay_notify_claim',
  '0028_username_key',
]);

/** The last migration of this build: a database whose newest applied migration is another is not ready for it. */
export const LATEST_MIGRATION = MIGRATIONS.at(-1)!.name;

function provider(migrations: readonly MigrationEntry[], dialect: DialectName): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      const out: Record<string, Migration> = {};
      for (const { name, module: m } of migrations) {
        out[name] = {
          up: (db) => m.up(db, dialect),
          ...(m.down ? { down: (db: Kysely<any>) => m.down!(db, dialect) } : {}),
        };
      }
      return out;
    },
  };
}

/** The names recorded in kysely_migration; none when the table does not exist yet (an empty database). */
async function appliedMigrations(db: Db): Promise<string[]> {
  try {
    const rows = await db.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    return rows.map((r) => (r as { name: string }).name);
  } catch (err) {
    const e = err as { code?: unknown; errno?: unknown; message?: unknown };
    if (e.code === '42P01' || e.errno === 1146 || /no such table/.test(String(e.message))) return [];
    throw err;
  }
}

/**
 * A pending migration that sorts before an applied one, other than the ones of LANDED_LATE: the database was made
 * by a build that did not have it, and running it now would put the schema in a state no build was tested with.
 */
export function outOfOrderMigrations(migrations: readonly MigrationEntry[], applied: readonly string[]): string[] {
  const done = new Set(applied);
  const newest = [...applied].sort().at(-1);
  if (newest === undefined) return [];
  return migrations.map((m) => m.name).filter((name) => !done.has(name) && name < newest && !LANDED_LATE.has(name));
}

export interface MigrateOptions {
  /** The build's list (default MIGRATIONS); tests pass an older or a changed one. */
  migrations?: readonly MigrationEntry[];
}

/**
 * Bring the database to the latest schema. Throws with the failing migration's error; refuses (changing nothing) a
 * database with a migration this build does not know (a newer build's) or one where a migration of this build sorts
 * before an applied one (except LANDED_LATE, which run late).
 */
export async function migrate(db: Db, opts: MigrateOptions = {}): Promise<void> {
  const migrations = opts.migrations ?? MIGRATIONS;
  const late = outOfOrderMigrations(migrations, await appliedMigrations(db));
  if (late.length > 0)
    throw new Error(
      `corrupted migrations: ${late.join(', ')} not applied but sorting before an applied migration; a new migration must come after every released one`,
    );
  // Kysely's order check would refuse LANDED_LATE for good; every other disorder was refused just above.
  const migrator = new Migrator({ db: db.db, provider: provider(migrations, db.dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const err = error instanceof Error ? error : new Error(String(error));
    if (failed) err.message = `migration ${failed.migrationName} failed: ${err.message}`;
    throw err;
  }
}
