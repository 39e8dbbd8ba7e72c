import os from 'node:os';
import path from 'node:path';
import { loadSecurityConfig, type SecurityConfig } from './securityConfig.js';
import { loadThirdLoginConfig, type ThirdLoginConfig } from './modules/system/thirdLogin/config.js'; // issue 14 oauth part
// issue 14 sign-in part: self-registration and SMS code limits
import { loadSignInConfig, type SignInConfig } from './modules/system/sms/config.js';
import { parseDataSourceHosts } from './modules/system/dataSource/hostPolicy.js'; // issue 23 points 11–12
import { loadLoadSheddingConfig, type LoadSheddingConfig } from './core/http/loadShedding.js'; // MAX_EVENT_LOOP_DELAY_MS, MAX_HEAP_USED_PERCENT, MAX_IN_FLIGHT
import { loadRequestTimeoutConfig } from './core/http/requestTimeout.js'; // REQUEST_TIMEOUT_MS
import { loadDbTimeoutConfig, type DbTimeoutConfig } from './db/timeouts.js'; // DB_*_TIMEOUT_MS, SQLITE_BUSY_TIMEOUT_MS
import { loadFileStoreConfig, type FileStoreConfig } from './core/files/config.js'; // FILE_STORE, FILE_STORE_SHARED, CLUSTER

/**
 * Connections per node to PostgreSQL or MariaDB (DB_POOL_SIZE) when not set: 2 × this machine's cores + 1, the
 * usual pool size rule (a database serves about two busy connections per core; more wait for each other's row locks
 * and for the CPU). Measured with device sign-ins at 16 connections on 2 cores, the database on the same machine:
 * p99 64–77 ms with 5 connections against 95–111 ms with 10, at more req/s (docs/PERFORMANCE.md).
 */
export const DEFAULT_POOL_SIZE = 2 * os.availableParallelism() + 1;

/** The typed configuration; every field comes from one environment variable (README "Configuration"). */
export interface AppConfig extends SecurityConfig, ThirdLoginConfig, SignInConfig, FileStoreConfig, DbTimeoutConfig {
  /** Load shedding (core/http/loadShedding.ts). */
  loadShedding: LoadSheddingConfig;
  /** The bound on one request's answer (core/http/requestTimeout.ts); 0 = none. */
  requestTimeoutMs: number;
  port: number;
  host: string;
  /** API path prefix, e.g. `/jeecg-boot` (no trailing slash). */
  apiPrefix: string;
  dataDir: string;
  /** `sqlite:<file>` is normalised to a file path; also `postgres://…`, `mysql://…`. */
  databaseUrl: string;
  redisUrl: string | null;
  adminPassword: string | null;
  /** Null until resolveSecrets() has read or generated it. */
  jwtSecret: string | null;
  /** DATA_SOURCE_KEY: the secret data-source passwords are encrypted with; null = the database's shared one (core/crypto). */
  dataSourceKey: string | null;
  /** DATA_SOURCE_HOSTS: the hosts (names, IPs, CIDRs) the data-source connection test may dial; empty = any but link-local and metadata. */
  dataSourceHosts: string[];
  captcha: boolean;
  logLevel: string;
  /** Where the built React app lives; served at `/` when present. */
  webDist: string;
  /** Session idle timeout in minutes. */
  sessionIdleMinutes: number;
  /** Origins (`scheme://host[:port]`) whose pages may call the API from the browser (CORS); empty: none. */
  corsOrigins: string[];
  /** OPERATION_LOG=1 (default) writes an operation-log row for every write (core/oplog); 0 turns it off. */
  operationLog: boolean;
  /** ESPEAK_PATH: the espeak-ng program that speaks notices (modules/system/speech); default `espeak-ng` on the PATH. */
  espeakPath: string;
  /** SMTP_URL: the mail server the e-mail channel of the message sender uses (`smtp://user:pass@host:587`, `smtps://…`); null = no e-mail. */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender address of those e-mails (default: the SMTP_URL's user when it is an address, else `pirate-king@localhost`). */
  smtpFrom: string | null;
  /** SEED_DEMO=on builds the demo venue once at start (db/seed/demo, marker demo-venue-v1); off (default): never. */
  seedDemo: boolean;
  /** WECHAT_PAY_PLATFORM_CERT: the WeChat Pay platform certificate or public key (PEM) that signs pay callbacks; null = callbacks refused. */
  wechatPayPlatformCert: string | null;
  /** WECHAT_PAY_API_V3_KEY: the 32-byte API v3 key that decrypts a callback's resource (AEAD_AES_256_GCM); null = callbacks refused. */
  wechatPayApiV3Key: string | null;
  /** ORDER_TIMEOUT_MINUTES: an unpaid game order older than this is closed by the order timeout job (default 15). */
  orderTimeoutMinutes: number;
  /** Connections per node to PostgreSQL or MariaDB (DB_POOL_SIZE; default DEFAULT_POOL_SIZE). */
  dbPoolSize: number;
  // issue 14 monitor (s14-monitor):
  /** METRICS_TOKEN: a bearer token that may scrape `GET {API_PREFIX}/metrics` (Prometheus) without a session; null = that way is off. */
  metricsToken: string | null;
}

export class ConfigError extends Error {}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Read and validate the environment. Throws ConfigError with a one-line reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = int(env.PORT ?? '8080', 'PORT', 0, 65535);
  const host = (env.HOST ?? '127.0.0.1').trim();
  if (!host) throw new ConfigError('HOST must not be empty');
  let apiPrefix = (env.API_PREFIX ?? '/jeecg-boot').trim().replace(/\/+$/, '');
  if (apiPrefix && !/^\/[A-Za-z0-9._~\-/]*$/.test(apiPrefix))
    throw new ConfigError(`API_PREFIX must start with "/" and contain only URL path characters (got "${env.API_PREFIX}")`);
  if (apiPrefix === '/') apiPrefix = '';
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const databaseUrl = (env.DATABASE_URL ?? '').trim() || `sqlite:${path.join(dataDir, 'pirate-king.db')}`;
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/|mysql:\/\/|mariadb:\/\/)/.test(databaseUrl))
    throw new ConfigError('DATABASE_URL must start with sqlite:, postgres://, postgresql://, mysql:// or mariadb://');
  const redisUrl = (env.REDIS_URL ?? '').trim() || null;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  const adminPassword = env.ADMIN_PASSWORD ?? null;
  if (adminPassword !== null && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters');
  const jwtSecret = env.JWT_SECRET ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
  const dataSourceKey = env.DATA_SOURCE_KEY ?? null;
  if (dataSourceKey !== null && dataSourceKey.length < 32) throw new ConfigError('DATA_SOURCE_KEY must be at least 32 characters');
  const captchaRaw = (env.CAPTCHA ?? 'on').trim().toLowerCase();
  if (captchaRaw !== 'on' && captchaRaw !== 'off') throw new ConfigError(`CAPTCHA must be "on" or "off" (got "${env.CAPTCHA}")`);
  const logLevel = (env.LOG_LEVEL ?? 'info').trim();
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const webDist = path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname ?? '.', '../../web/dist'));
  const sessionIdleMinutes = int(env.SESSION_IDLE_MINUTES ?? '120', 'SESSION_IDLE_MINUTES', 1, 7 * 24 * 60);
  const corsOrigins = parseOrigins(env.CORS_ORIGINS ?? '');
  const operationLogRaw = (env.OPERATION_LOG ?? '1').trim();
  if (operationLogRaw !== '0' && operationLogRaw !== '1') throw new ConfigError(`OPERATION_LOG must be 0 or 1 (got "${env.OPERATION_LOG}")`);
  const espeakPath = (env.ESPEAK_PATH ?? 'espeak-ng').trim();
  if (!espeakPath) throw new ConfigError('ESPEAK_PATH must not be empty (default espeak-ng)');
  const smtpUrl = (env.SMTP_URL ?? '').trim() || null;
  if (smtpUrl && !/^smtps?:\/\/[^/\s]+/.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const smtpFrom = (env.SMTP_FROM ?? '').trim() || null;
  if (smtpFrom && !/^[^\s@<>]+@[^\s@<>]+$/.test(smtpFrom)) throw new ConfigError(`SMTP_FROM must be an e-mail address (got "${env.SMTP_FROM}")`);
  const seedDemoRaw = (env.SEED_DEMO ?? 'off').trim().toLowerCase();
  if (seedDemoRaw !== 'on' && seedDemoRaw !== 'off') throw new ConfigError(`SEED_DEMO must be "on" or "off" (got "${env.SEED_DEMO}")`);
  const certRaw = (env.WECHAT_PAY_PLATFORM_CERT ?? '').trim().replace(/\\n/g, '\n');
  if (certRaw && !/^-----BEGIN (CERTIFICATE|PUBLIC KEY)-----/.test(certRaw))
    throw new ConfigError('WECHAT_PAY_PLATFORM_CERT must be a PEM certificate or public key (-----BEGIN CERTIFICATE----- …)');
  const apiV3Key = env.WECHAT_PAY_API_V3_KEY ?? '';
  if (apiV3Key && Buffer.byteLength(apiV3Key, 'utf8') !== 32) throw new ConfigError('WECHAT_PAY_API_V3_KEY must be exactly 32 bytes');
  const dbPoolSize = int(env.DB_POOL_SIZE ?? String(DEFAULT_POOL_SIZE), 'DB_POOL_SIZE', 1, 200);
  const orderTimeoutMinutes = int(env.ORDER_TIMEOUT_MINUTES ?? '15', 'ORDER_TIMEOUT_MINUTES', 1, 7 * 24 * 60);
  // issue 14 monitor (s14-monitor): the Prometheus scrape token
  const metricsToken = (env.METRICS_TOKEN ?? '').trim();
  if (metricsToken && (metricsToken.length < 16 || metricsToken.length > 512 || !/^[\x21-\x7e]+$/.test(metricsToken)))
    throw new ConfigError('METRICS_TOKEN must be 16 to 512 printable characters without spaces');
  return {
    port,
    host,
    apiPrefix,
    dataDir,
    databaseUrl,
    redisUrl,
    adminPassword,
    jwtSecret,
    captcha: captchaRaw === 'on',
    logLevel,
    webDist,
    sessionIdleMinutes,
    ...loadSecurityConfig(env),
    ...loadSignInConfig(env), // issue 14 sign-in part
    corsOrigins,
    dataSourceKey,
    dataSourceHosts: parseDataSourceHosts(env.DATA_SOURCE_HOSTS ?? ''),
    operationLog: operationLogRaw === '1',
    espeakPath,
    smtpUrl,
    smtpFrom,
    seedDemo: seedDemoRaw === 'on',
    wechatPayPlatformCert: certRaw || null,
    wechatPayApiV3Key: apiV3Key || null,
    orderTimeoutMinutes,
    dbPoolSize,
    ...loadDbTimeoutConfig(env, (message) => {
      throw new ConfigError(message);
    }),
    ...loadLoadSheddingConfig(env, (message) => {
      throw new ConfigError(message);
    }),
    ...loadRequestTimeoutConfig(env, (message) => {
      throw new ConfigError(message);
    }),
    ...loadThirdLoginConfig(env), // issue 14 oauth part: OIDC_PROVIDERS, OIDC_REDIRECT_BASE, CAS_SERVER_URL, CAS_SERVICES
    metricsToken: metricsToken || null, // issue 14 monitor
    ...loadFileStoreConfig(env), // where uploads live (core/files/config.ts)
  };
}

/** `CORS_ORIGINS`: a comma list of exact origins such as `https://admin.example.com,http://10.0.0.5:3100`. */
function parseOrigins(raw: string): string[] {
  const out: string[] = [];
  for (const item of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let origin: string | null = null;
    try {
      const u = new URL(item);
      const plainHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(u.hostname);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && plainHost && u.origin === item.replace(/\/$/, '').toLowerCase()) origin = u.origin;
    } catch {
      origin = null;
    }
    if (!origin) throw new ConfigError(`CORS_ORIGINS must list origins such as https://admin.example.com, without a path or "*" (got "${item}")`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

function int(raw: string, name: string, min: number, max: number): number {
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be a whole number (got "${raw}")`);
  const n = Number(raw);
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max} (got ${n})`);
  return n;
}
