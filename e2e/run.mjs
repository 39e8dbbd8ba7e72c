// Tiny e2e runner (no @playwright/test here): starts the built server once, runs every journey in
// e2e/journeys/*.mjs in its own browser context, prints `ok` / `not ok` per journey (TAP) and a summary.
//   node e2e/run.mjs [--json=out.json] [--grep=text] [--headed-slowmo=ms]
// A journey module exports `name` and `run({ page, context, baseUrl, server, step })`, and may export `timeoutMs`
// (default 120 s; the game-venue journeys start their own demo-venue server).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ARTIFACTS, ROOT, launchBrowser, screenshot, startServer, stopDemoServer, watchCspViolations } from './harness.mjs';

const args = process.argv.slice(2);
const jsonOut = args.find((a) => a.startsWith('--json='))?.slice(7);
const grep = args.find((a) => a.startsWith('--grep='))?.slice(7);
const JOURNEY_TIMEOUT_MS = 120_000;

const dir = path.join(ROOT, 'e2e/journeys');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs'))
  .sort();
const journeys = [];
for (const f of files) {
  const mod = await import(pathToFileURL(path.join(dir, f)).href);
  if (!grep || mod.name.includes(grep) || f.includes(grep)) journeys.push({ file: f, ...mod });
}

const result = { passed: 0, failed: 0, skipped: 0, journeys: [] };
const finish = () => {
  console.log(`# e2e: ${result.passed} passed, ${result.failed} failed`);
  if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(result, null, 2));
};

// A promise a journey left behind that rejects later (after its journey failed or moved on) must not end the run
// without a report (it did once): it is reported and counted as a failure, and the other journeys still run.
process.on('unhandledRejection', (err) => {
  result.failed++;
  result.journeys.push({ name: 'unhandled rejection', ok: false, error: String(err?.message ?? err) });
  console.log(`# unhandled rejection, counted as a failure: ${JSON.stringify(String(err?.message ?? err).split('\n')[0])}`);
});

console.log('TAP version 13');
console.log(`1..${journeys.length}`);
let server;
let browser;
try {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  server = await startServer();
  console.log(`# server up at ${server.baseUrl} in ${server.startMs} ms`);
  browser = await launchBrowser();
} catch (err) {
  console.log(`not ok 1 - harness: ${err.message}`);
  result.failed = Math.max(1, journeys.length);
  await server?.stop();
  finish();
  process.exit(1);
}

let n = 0;
for (const j of journeys) {
  n++;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  context.setDefaultTimeout(15_000);
  const cspViolations = await watchCspViolations(context);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  let current = 'start';
  const step = (s) => {
    current = s;
    console.log(`#   · ${s}`);
  };
  const t0 = Date.now();
  let timer;
  try {
    await Promise.race([
      j.run({ page, context, baseUrl: server.baseUrl, server, step }),
      new Promise(
        (_, reject) =>
          (timer = setTimeout(() => reject(new Error(`timed out after ${j.timeoutMs ?? JOURNEY_TIMEOUT_MS} ms`)), j.timeoutMs ?? JOURNEY_TIMEOUT_MS)),
      ),
    ]);
    // a journey that works only because a refused resource was not needed still fails: the CSP must fit the product
    if (cspViolations.length) throw new Error(`Content-Security-Policy violation: ${JSON.stringify(cspViolations.slice(0, 3))}`);
    result.passed++;
    result.journeys.push({ name: j.name, ok: true, ms: Date.now() - t0 });
    console.log(`ok ${n} - ${j.name} (${Date.now() - t0} ms)`);
  } catch (err) {
    result.failed++;
    const shot = await screenshot(page, `FAILED-${j.file.replace(/\.mjs$/, '')}`).catch(() => null);
    result.journeys.push({ name: j.name, ok: false, step: current, error: err.message, screenshot: shot });
    console.log(`not ok ${n} - ${j.name}`);
    console.log(`  ---\n  step: ${JSON.stringify(current)}\n  error: ${JSON.stringify(String(err.message).split('\n')[0])}`);
    if (shot) console.log(`  screenshot: ${path.relative(ROOT, shot)}`);
    if (errors.length) console.log(`  pageErrors: ${JSON.stringify(errors.slice(0, 3))}`);
    if (cspViolations.length) console.log(`  cspViolations: ${JSON.stringify(cspViolations.slice(0, 3))}`);
    console.log(`  server log: ${path.relative(ROOT, server.logFile)}\n  ...`);
  } finally {
    clearTimeout(timer);
    await context.close().catch(() => {});
  }
}

await browser.close().catch(() => {});
await stopDemoServer();
await server.stop();
finish();
process.exit(result.failed ? 1 : 0);
