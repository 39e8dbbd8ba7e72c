import { randomBytes } from 'node:crypto';

/** The environment variable that carries the run's id to the workers (read by test/harness.ts). */
export const TEST_RUN_ENV = 'PK_TEST_RUN_ID';
/** Template databases are named `${TEMPLATE_PREFIX}${runId}_…`. */
export const TEMPLATE_PREFIX = 'pk_tpl_';

/**
 * Once per `vitest run` of the server project: an id for this run, by which the harness names its template
 * databases (test/harness.ts) on PostgreSQL and MySQL, and after the run the removal of those databases. Other runs
 * on the same database server (other worktrees) have their own ids.
 */
export async function setup(): Promise<() => Promise<void>> {
  const runId = randomBytes(5).toString('hex');
  // Set before the pool starts: the worker processes inherit it.
  process.env[TEST_RUN_ENV] = runId;
  return async () => {
    const prefix = `${TEMPLATE_PREFIX}${runId}_`;
    // As harness.ts testDialect() (not imported: that would load the whole app into vitest's own process).
    const dialect = (process.env.TEST_DB ?? 'sqlite').toLowerCase();
    if (['postgres', 'pg', 'postgresql'].includes(dialect)) {
      const pg = (await import('pg')).default;
      const c = new pg.Client({ connectionString: process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
      await c.connect();
      try {
        const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${prefix}%`]);
        for (const r of rows) await c.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    } else if (['mysql', 'mariadb'].includes(dialect)) {
      const mysql = (await import('mysql2/promise')).default;
      const c = await mysql.createConnection({ uri: process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test' });
      try {
        const [rows] = await c.query(`SELECT schema_name AS s FROM information_schema.schemata WHERE schema_name LIKE ?`, [`${prefix}%`]);
        for (const r of rows as { s: string }[]) await c.query(`DROP DATABASE IF EXISTS \`${r.s}\``);
      } finally {
        await c.end();
      }
    }
  };
}
