import path from 'node:path';
import { loadConfig, type AppConfig } from '../server/src/config.js';

/** The admin password of every bench server's fresh database. */
export const ADMIN_PASSWORD = 'Admin@12345';

/**
 * The configuration of an in-process bench server: a fresh DATA_DIR, captcha off, the known admin password, no log,
 * any free port, no web assets; `env` adds or overrides settings (DATABASE_URL, OPERATION_LOG …).
 */
export function benchConfig(dataDir: string, env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // the benches seed a million rows in one statement: longer than a request's 5 s bound
    DB_STATEMENT_TIMEOUT_MS: '0',
    ...env,
  });
}
