/**
 * The /metrics benchmark server (issue 14 point 3, run by bench/metrics.mjs with `node --import tsx`): a fresh SQLite
 * database migrated and seeded as main.ts does, METRICS_TOKEN set, BENCH_SESSIONS sessions made by the real
 * createSession (what the session figures scan), the real app on 127.0.0.1, warmed by some API traffic so the
 * latency histogram and the trace ring hold data. Prints one JSON line `{"ready":true,...}` and serves until SIGTERM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { createSession } from '../server/src/core/auth/session.js';
import { ADMIN_PASSWORD, benchConfig } from './benchConfig.js';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 500);
const TOKEN = process.env.BENCH_METRICS_TOKEN ?? 'bench-metrics-token-0123456789';

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-bench-metrics-'));
  const config = benchConfig(dataDir, { METRICS_TOKEN: TOKEN });
  const prepared = await prepareContext(config);
  const app = await buildApp(prepared.ctx, { logger: false });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  for (let i = 0; i < SESSIONS; i++)
    await createSession(prepared.ctx, { id: `bench-${i}`, username: `bench${i}`, realname: `压测${i}` }, { ip: '127.0.0.1', userAgent: 'bench' });

  const login = await fetch(`${appUrl}${config.apiPrefix}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await login.json()) as { success: boolean; message: string; result?: { token?: string } };
  if (!body.success || !body.result?.token) throw new Error(`login failed: ${body.message}`);
  const token = body.result.token;
  for (let i = 0; i < 200; i++) await fetch(`${appUrl}${config.apiPrefix}/sys/position/list?pageNo=1&pageSize=10`, { headers: { 'X-Access-Token': token } });

  // The scrape's own work (guard, snapshot, text) timed in process with app.inject: no socket and no client.
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${config.apiPrefix}/metrics`, headers: { authorization: `Bearer ${TOKEN}` } });
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`scrape failed: ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const work = { p50: times[1000], p99: times[1980], max: times[1999] };

  process.stdout.write(`${JSON.stringify({ ready: true, appUrl, prefix: config.apiPrefix, metricsToken: TOKEN, token, sessions: SESSIONS, work })}\n`);
  const stop = async () => {
    await app.close();
    await prepared.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // Stops by itself if the parent forgets it.
  setTimeout(() => void stop(), 15 * 60_000).unref();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
