import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type TableSpec } from './ddl.js';

/**
 * sys_quartz_job_run: one row per firing of a scheduled job (contract §11, core/jobs/scheduler.ts). The row is the
 * firing's claim and its run record at once: the unique (job_id, fire_at, trigger_type) lets exactly one node insert
 * it, whatever the number of nodes; `lease_until` (epoch ms) is renewed by the running node, and a run whose lease
 * has expired is picked up by another node (attempt 2) or marked failed. `delay_ms` is the firing's lateness (claim −
 * fire time).
 */
const TABLES: Record<string, TableSpec> = {
  sys_quartz_job_run: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['job_id', 'varchar(32)', { notNull: true }],
      ['trigger_type', 'varchar(10)', { notNull: true }],
      ['fire_at', 'bigint', { notNull: true }],
      ['fire_time', 'datetime'],
      ['start_time', 'datetime'],
      ['end_time', 'datetime'],
      ['duration', 'bigint'],
      ['delay_ms', 'bigint'],
      ['status', 'varchar(10)', { notNull: true }],
      ['error_msg', 'varchar(1000)'],
      ['node', 'varchar(100)'],
      ['attempt', 'int', { notNull: true, default: 1 }],
      ['lease_until', 'bigint'],
    ],
    indexes: [unique('uk_sqjr_job_fire', 'job_id', 'fire_at', 'trigger_type'), index('idx_sqjr_status_lease', 'status', 'lease_until')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(TABLES));
}
