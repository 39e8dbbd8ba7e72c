import type { AppConfig } from './config.js';
import type { AppContext } from './core/context.js';
import { openKv, type OpenKvOptions } from './core/kv/index.js';
import { openDb } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { withStartupLock } from './db/startupLock.js';
import { seed } from './db/seed/index.js';
import { SESSION_MEMO_MS, SESSION_PREFIX } from './core/auth/session.js';
import { resolveJwtSecret } from './core/auth/sharedSecret.js';
import { dropStaleInitialAdminPassword } from './core/auth/initialAdminPassword.js';

/**
 * Start-up steps shared by main.ts, the test harness and the benchmarks. Nothing here listens or installs signal
 * handlers; file writes are limited to DATA_DIR (initial-admin-password).
 */

export { JWT_SECRET_FILE, resolveJwtSecret } from './core/auth/sharedSecret.js';
export { INITIAL_ADMIN_PASSWORD_FILE, writeInitialAdminPassword } from './core/auth/initialAdminPassword.js';

export interface PreparedContext {
  ctx: AppContext;
  /** Non-null only on the run that created the admin account without ADMIN_PASSWORD. */
  generatedAdminPassword: string | null;
  /** Close the key-value store and the database (after the app is closed). */
  close(): Promise<void>;
}

export interface PrepareOptions extends OpenKvOptions {
  /** Skip the seed (default: seed). */
  seed?: boolean;
}

/** Open + migrate the database, resolve the JWT secret, seed, open the key-value store. */
export async function prepareContext(config: AppConfig, opts: PrepareOptions = {}): Promise<PreparedContext> {
  const db = await openDb(config.databaseUrl, config.dbPoolSize, config.dbTimeouts);
  try {
    // Migrations, the shared secret and the seed under one database-wide lock: nodes may start together (db/startupLock.ts).
    const { finalConfig, generatedAdminPassword } = await withStartupLock(db.dialect, config.databaseUrl, config.dbTimeouts.connectMs, async () => {
      // A migration may hold a statement longer than a request's bound (a backfill of a big table): migrations and
      // the seed run on connections of their own without DB_STATEMENT_TIMEOUT_MS, closed afterwards (SQLite has none).
      const setupDb =
        db.dialect === 'sqlite' || config.dbTimeouts.statementMs === 0
          ? db
          : await openDb(config.databaseUrl, config.dbPoolSize, { ...config.dbTimeouts, statementMs: 0 });
      try {
        await migrate(setupDb);
        // After the migration: without JWT_SECRET the secret lives in the shared database (sys_secret).
        const finalConfig: AppConfig = { ...config, jwtSecret: await resolveJwtSecret(config, setupDb) };
        const { generatedAdminPassword } =
          opts.seed === false ? { generatedAdminPassword: null } : await seed(setupDb, { adminPassword: finalConfig.adminPassword });
        return { finalConfig, generatedAdminPassword };
      } finally {
        if (setupDb !== db) await setupDb.destroy();
      }
    });
    // Sessions are read on every request; on the database store this node remembers them for SESSION_MEMO_MS.
    const kv = await openKv(finalConfig, db, { memo: { prefixes: [SESSION_PREFIX], maxAgeMs: SESSION_MEMO_MS }, ...opts });
    await dropStaleInitialAdminPassword({ config: finalConfig, db, kv });
    return {
      ctx: { config: finalConfig, db, kv },
      generatedAdminPassword,
      async close() {
        try {
          await kv.close();
        } finally {
          await db.destroy();
        }
      },
    };
  } catch (err) {
    await db.destroy().catch(() => {});
    throw err;
  }
}
