import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config.js';
import type { AppContext } from './core/context.js';
import { openKv, type OpenKvOptions } from './core/kv/index.js';
import { openDb } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed/index.js';
import { SESSION_MEMO_MS, SESSION_PREFIX } from './core/auth/session.js';

/**
 * Start-up steps shared by main.ts, the test harness and the benchmarks. Nothing here listens or installs signal
 * handlers; file writes are limited to DATA_DIR (jwt-secret, initial-admin-password).
 */

export const JWT_SECRET_FILE = 'jwt-secret';
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

/**
 * The JWT secret: config.jwtSecret (env JWT_SECRET) if set, else DATA_DIR/jwt-secret, else 64 random hex
 * characters written there with mode 600.
 */
export function resolveJwtSecret(config: Pick<AppConfig, 'jwtSecret' | 'dataDir'>): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, JWT_SECRET_FILE);
  if (fs.existsSync(file)) {
    const secret = fs.readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new Error(`${file} must hold at least 32 characters`);
    return secret;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Write the generated admin password to DATA_DIR/initial-admin-password (mode 600); returns the path. */
export function writeInitialAdminPassword(dataDir: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

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

/** Resolve secrets, open + migrate + seed the database, open the key-value store. */
export async function prepareContext(config: AppConfig, opts: PrepareOptions = {}): Promise<PreparedContext> {
  const jwtSecret = resolveJwtSecret(config);
  const finalConfig: AppConfig = { ...config, jwtSecret };
  const db = await openDb(finalConfig.databaseUrl);
  try {
    await migrate(db);
    const { generatedAdminPassword } =
      opts.seed === false ? { generatedAdminPassword: null } : await seed(db, { adminPassword: finalConfig.adminPassword });
    // Sessions are read on every request; on the database store this node remembers them for SESSION_MEMO_MS.
    const kv = await openKv(finalConfig, db, { memo: { prefixes: [SESSION_PREFIX], maxAgeMs: SESSION_MEMO_MS }, ...opts });
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
