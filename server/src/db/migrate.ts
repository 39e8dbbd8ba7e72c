import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Db, DialectName } from './connection.js';
import * as m0001 from './migrations/0001_system.js';
import * as m0002 from './migrations/0002_list_sort_indexes.js';
import * as m0003 from './migrations/0003_sys_secret.js';
import * as m0005 from './migrations/0005_sys_fill_rule_seq.js';
import * as m0004 from './migrations/0004_data_log_version.js';
import * as m0007 from './migrations/0007_sys_sms_claim.js';
import * as m0006 from './migrations/0006_announcement_send_unique.js';
import * as m0008 from './migrations/0008_quartz_job_run.js';
import * as m0009 from './migrations/0009_unique_indexes.js';
import * as m0010 from './migrations/0010_announcement_indexes.js';
import * as m0011 from './migrations/0011_game.js';
import * as m0018 from './migrations/0018_game_message_read.js';
import * as m0014 from './migrations/0014_score_ledger.js';
import * as m0016 from './migrations/0016_game_play.js';
import * as m0023 from './migrations/0023_dashboard_ops_indexes.js'; // issue 14 dashops
import * as m0017 from './migrations/0017_pay_notify_claim.js';
import * as m0012 from './migrations/0012_venue.js';
import * as m0015 from './migrations/0015_reservation_capacity.js';
// issue 14 oauth part
import * as m0021 from './migrations/0021_third_account.js';
// issue 14 account settings
import * as m0019 from './migrations/0019_user_setting.js';
// dashboard venue (issue 14 point 5)
import * as m0022 from './migrations/0022_game_stat_day.js';
import * as m0024 from './migrations/0024_bounty_bucket.js';
import * as m0025 from './migrations/0025_bounty_count_shards.js';
import * as m0026 from './migrations/0026_play_functions.js';
import * as m0027 from './migrations/0027_chest_password_attempt.js'; // devices' chest password attempts
import * as m0028 from './migrations/0028_username_key.js'; // look-alike login accounts
import * as m0029 from './migrations/0029_sys_file.js'; // the file store every node shares

/**
 * A migration file exports `up(db, dialect)` (and optionally `down(db, dialect)`).
 * Register new files here, in order; names sort lexically, so keep the 4-digit prefix.
 * Static imports (no directory scan): the server is bundled into one file.
 */
interface DialectMigration {
  up(db: Kysely<any>, dialect: DialectName): Promise<void>;
  down?(db: Kysely<any>, dialect: DialectName): Promise<void>;
}

export const MIGRATIONS: Record<string, DialectMigration> = {
  '0001_system': m0001,
  '0002_list_sort_indexes': m0002,
  '0003_sys_secret': m0003,
  '0005_sys_fill_rule_seq': m0005,
  '0004_data_log_version': m0004,
  '0007_sys_sms_claim': m0007,
  '0006_announcement_send_unique': m0006,
  '0008_quartz_job_run': m0008,
  '0009_unique_indexes': m0009,
  '0010_announcement_indexes': m0010,
  '0011_game': m0011,
  '0018_game_message_read': m0018,
  '0014_score_ledger': m0014,
  '0016_game_play': m0016,
  '0017_pay_notify_claim': m0017,
  '0012_venue': m0012,
  '0015_reservation_capacity': m0015,
  // issue 14 oauth part
  '0021_third_account': m0021,
  // issue 14 account settings
  '0019_user_setting': m0019,
  // dashboard venue (issue 14 point 5)
  '0022_game_stat_day': m0022,
  '0023_dashboard_ops_indexes': m0023, // issue 14 dashops
  '0024_bounty_bucket': m0024,
  '0025_bounty_count_shards': m0025,
  '0026_play_functions': m0026, // PostgreSQL: the play calls as database functions
  '0027_chest_password_attempt': m0027, // wrong chest password guesses per player and chest
  '0028_username_key': m0028, // sys_user.username_key: one account per name without regard to case or width
  '0029_sys_file': m0029, // FILE_STORE=database: sys_file + sys_file_chunk
};

/** The last migration of this build: a database whose newest applied migration is another is not ready for it. */
export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1)!;

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = {
        up: (db) => m.up(db, this.dialect),
        ...(m.down ? { down: (db: Kysely<any>) => m.down!(db, this.dialect) } : {}),
      };
    }
    return out;
  }
}

/** Bring the database to the latest schema. Throws with the failing migration's error. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.db, provider: new StaticProvider(db.dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const err = error instanceof Error ? error : new Error(String(error));
    if (failed) err.message = `migration ${failed.migrationName} failed: ${err.message}`;
    throw err;
  }
}
