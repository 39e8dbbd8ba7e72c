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
export async function startServer({ env = {}, timeoutMs = 30_000, logName = 'server' } = {}) {
  if (!fs.existsSync(SERVER_BUNDLE)) throw new Error(`${SERVER_BUNDLE} missing: build first (npm run build)`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-e2e-'));
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const logFile = path.join(ARTIFACTS, `${logName}.log`);
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [SERVER_BUNDLE], {
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
      // Every journey's browser is 127.0.0.1: raise the per-client request limits (README, RATE_LIMIT_*).
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_CAPTCHA: '10000',
      RATE_LIMIT_SMS: '10000',
      RATE_LIMIT_CHECK: '10000',
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

let demo = null;

/**
 * The demo-venue server (SEED_DEMO=on), started by the first journey that asks for it and shared by every later one
 * (building the venue takes a minute): journeys on it use names of their own and never stop it; run.mjs stops it.
 */
export function demoServer() {
  demo ??= startServer({ env: { SEED_DEMO: 'on' }, timeoutMs: 150_000, logName: 'server-demo' });
  return demo;
}

/** Stops the shared demo-venue server if a journey started it. */
export async function stopDemoServer() {
  if (!demo) return;
  const started = demo;
  demo = null;
  await (await started.catch(() => null))?.stop();
}

/** Headless Debian Chromium. */
export function launchBrowser() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * Collect Content-Security-Policy violations of every page and frame of `context` (the server's CSP must let the
 * product work: issue 10 point 5): `securitypolicyviolation` events and Chromium's console reports ("Refused to
 * load / execute / apply … because it violates the following Content Security Policy directive"). Returns the
 * live list; the runner fails a journey that left anything in it.
 */
export async function watchCspViolations(context) {
  const violations = [];
  await context.exposeBinding('__pkCspViolation', ({ frame }, v) => violations.push({ url: frame?.url(), ...v }));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      globalThis.__pkCspViolation?.({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample });
    });
  });
  const onConsole = (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push({ console: msg.text().slice(0, 300), url: msg.location()?.url });
  };
  for (const page of context.pages()) page.on('console', onConsole);
  context.on('page', (page) => page.on('console', onConsole));
  return violations;
}

/**
 * Wait until antd's enter/appear motions have ended (at most `ms`): a dialog caught while zooming in is missing
 * from a picture, and a click on it can be lost on a loaded machine. (Playwright's animations:'disabled' is no
 * help: the motion's prepare state stays, invisible.)
 */
export async function motionsSettled(page, ms = 1500) {
  await page
    .waitForFunction(
      () =>
        ![...document.querySelectorAll('[class*="-appear"], [class*="-enter"]')].some((el) =>
          [...el.classList].some((c) => /^ant-(zoom|fade|move|slide)[\w-]*-(appear|enter)(-(prepare|start|active))?$/.test(c)),
        ),
      null,
      { timeout: ms, polling: 50 },
    )
    .catch(() => {});
}

/** Write a PNG to e2e/artifacts/<name>.png and return its path. */
export async function screenshot(page, name, opts = {}) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await motionsSettled(page);
  await page.screenshot({ path: file, ...opts });
  return file;
}

/** Throw with `message` unless `cond` holds. */
export function expect(cond, message) {
  if (!cond) throw new Error(message);
}

/**
 * Click the item `label` of a hover-opened antd Dropdown behind `trigger`. On a loaded machine a hover can land
 * while the trigger is still moving (a modal's zoom) or the menu can close before the pointer reaches it, so the
 * pointer leaves and hovers again until the item is clicked (at most `tries` times). The menu's slide-in is let
 * finish first: a click computed while it moves lands where the item was (once in CI the item was "clicked" and
 * nothing was chosen).
 */
export async function clickHoverMenuItem(page, trigger, label, tries = 5) {
  const item = page.getByRole('menuitem', { name: label });
  for (let i = 1; ; i++) {
    try {
      await page.mouse.move(0, 0);
      await trigger.hover();
      await item.waitFor({ state: 'visible', timeout: 2000 });
      await motionsSettled(page, 2000);
      await item.click({ timeout: 2000 });
      break;
    } catch (e) {
      if (i >= tries) throw e;
    }
  }
  await page.mouse.move(0, 0);
  await item.waitFor({ state: 'hidden', timeout: 5000 }); // the closing menu must not cover what comes next
}

/** Fill and submit the sign-in form of the login page (captcha is off in the e2e server: any text passes). */
export async function submitSignIn(page, who = ADMIN) {
  const form = page.getByRole('form', { name: '账号密码登录' });
  await form.getByLabel('账号', { exact: true }).fill(who.username);
  await form.getByLabel('密码', { exact: true }).fill(who.password);
  await form.getByLabel('验证码', { exact: true }).fill('0000');
  await form.locator('button[type="submit"]').click();
}

/** Sign in over HTTP at `api` (base URL + API_PREFIX of a startServer server, captcha off) and return the token. */
export async function signInToken(api, who = ADMIN) {
  const res = await fetch(`${api}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.username, password: who.password, captcha: '0000' }),
  });
  const body = await res.json();
  if (!body.success) throw new Error(`sign-in failed: ${body.message}`);
  return body.result.token;
}

/** The signed-in page's token (store/storage.ts keeps Vue.ls JSON under `pro__Access-Token`). */
export async function tokenOf(page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value);
}

/** A JSON API caller with `token`: `await call('POST', '/sys/x/add', body)` answers the parsed envelope. */
export function api(baseUrl, token) {
  return async (method, url, body) => {
    const res = await fetch(`${baseUrl}${API_PREFIX}${url}`, {
      method,
      headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return res.json();
  };
}

/**
 * Staff clear a demo place's open hours (the demo venue's places open 09:00–22:00, and a sign-in outside them is
 * refused), so a journey's sign-in there passes at any hour of the run.
 */
export async function openAllDay(call, placeId) {
  const saved = await call('PUT', '/book/signPlace/edit', { id: placeId, openTime: '', closeTime: '' });
  expect(saved.success, `open the place all day: ${saved.message}`);
}

/** The whole-day reservation slot the game journeys book (open at any hour, unlike the seeded 10:00–21:00 slots). */
export const ALL_DAY_SLOT = '00:00-23:59';

/**
 * Today's date in Asia/Shanghai for a journey that books and checks in on one day, with {@link ALL_DAY_SLOT} in the
 * reservation_slot dictionary (added through the API when missing, so the browser's next sign-in lists it). In the
 * last 3 minutes of the day it waits for the next one, so a booking and its check-in never straddle midnight.
 */
export async function bookingDay(call) {
  const local = () => new Date(Date.now() + 8 * 3600_000).toISOString();
  const hhmmss = local().slice(11, 19);
  if (hhmmss >= '23:57:00') {
    const [h, m, s] = hhmmss.split(':').map(Number);
    await new Promise((r) => setTimeout(r, (24 * 3600 - (h * 3600 + m * 60 + s) + 5) * 1000));
  }
  const dictId = '2040717f9153e82cd67741c52137288f'; // md5('dict:reservation_slot'), seed part game-dicts-v1
  const items = await call('GET', `/sys/dictItem/list?dictId=${dictId}&pageNo=1&pageSize=50`);
  if (!items.result?.records?.some((i) => i.itemValue === ALL_DAY_SLOT)) {
    const added = await call('POST', '/sys/dictItem/add', { dictId, itemText: ALL_DAY_SLOT, itemValue: ALL_DAY_SLOT, sortOrder: 9, status: 1 });
    expect(added.success, `slot ${ALL_DAY_SLOT}: ${added.message}`);
  }
  return local().slice(0, 10);
}
