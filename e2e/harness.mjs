// e2e harness: the built server on a free port with a fresh data folder, and Debian's Chromium.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(ROOT, 'e2e/artifacts');
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/main.js');
export const ADMIN = { username: 'admin', password: 'Admin@12345' };
export const API_PREFIX = '/jeecg-boot';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A free TCP port on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Start `node server/dist/main.js` on a free port with a fresh temp DATA_DIR, CAPTCHA=off and the known admin
 * password; resolve once it answers HTTP. `stop()` sends SIGTERM (SIGKILL after 5 s) and deletes the data folder.
 */
export async function startServer({ env = {}, timeoutMs = 30_000 } = {}) {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: build first (npm run build)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-e2e-'));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = path.join(ARTIFACTS, 'server.log');
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      CAPTCHA: 'off',
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let exited = null;
  child.once('exit', (code, signal) => (exited = { code, signal }));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await new Promise((r) => (exited ? r() : child.once('exit', r)));
      clearTimeout(killer);
    }
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  while (Date.now() - started < timeoutMs) {
    if (exited) {
      await stop();
      throw new Error(`server exited during start (${JSON.stringify(exited)}); see ${logFile}`);
    }
    try {
      const res = await fetch(`${baseUrl}${API_PREFIX}/v3/api-docs`, { signal: AbortSignal.timeout(1000) });
      if (res.status < 500) return { baseUrl, port, dataDir, logFile, startMs: Date.now() - started, stop };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`server did not answer within ${timeoutMs} ms; see ${logFile}`);
}

/** Headless Debian Chromium. */
export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/** Write a PNG to e2e/artifacts/<name>.png and return its path. */
export async function screenshot(page, name, opts = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, ...opts });
  return file;
}

/** Throw with `message` unless `cond` holds. */
export function expect(cond, message) {
  if (!cond) throw new Error(message);
}
