// The Prometheus scrape (issue 14 point 3 "a /metrics scrape ≤ 5 ms"): `GET /metrics` with the bearer token against
// bench/metrics-server.ts (SQLite, BENCH_SESSIONS live sessions, warmed histogram), with autocannon: one connection
// (a scraper: Prometheus scrapes one target at a time), then 16 connections (many scrapers, the worst case); 3 s
// warm-up, then --duration s. Also one scrape's size and the server's CPU per scrape. Writes the `metrics-scrape`
// section of docs/PERFORMANCE.md.
//   node bench/metrics.mjs [--duration=10] [--sessions=500] [--no-write]
import { spawn } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/lib/build.mjs';
import { nextReady } from '../scripts/lib/benchServer.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const DURATION = Number(opt('duration', '10'));
const SESSIONS = Number(opt('sessions', '500'));
const TARGET_P99 = 5;
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');

const child = spawn(process.execPath, ['--import', 'tsx', 'bench/metrics-server.ts'], {
  cwd: ROOT,
  env: { ...process.env, BENCH_SESSIONS: String(SESSIONS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
child.stdout.setEncoding('utf8');
const rows = [];
let scrape;
let work;
try {
  const ready = await nextReady(child, 5 * 60_000, 'metrics server');
  const url = `${ready.appUrl}${ready.prefix}/metrics`;
  const headers = { Authorization: `Bearer ${ready.metricsToken}` };
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status !== 200 || !text.includes('http_request_duration_seconds_bucket')) throw new Error(`scrape failed: HTTP ${res.status} ${text.slice(0, 200)}`);
  scrape = { bytes: Buffer.byteLength(text), lines: text.split('\n').filter((l) => l && !l.startsWith('#')).length };
  const sessionsLine = text.split('\n').find((l) => l.startsWith('sessions_active '));
  work = ready.work;
  /** The server's CPU seconds, from the scrape itself (process_cpu_seconds_total). */
  const cpuSeconds = async () => Number(/^process_cpu_seconds_total (\S+)$/m.exec(await (await fetch(url, { headers })).text())?.[1] ?? 'NaN');
  for (const connections of [1, 16]) {
    await autocannon({ url, headers, connections, duration: 3 });
    const loadBefore = load();
    const c0 = await cpuSeconds();
    const r = await autocannon({ url, headers, connections, duration: DURATION });
    const c1 = await cpuSeconds();
    const row = {
      connections,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      total: r.requests.total,
      errors: r.errors + r.timeouts + r.non2xx,
      cpuPerScrape: r.requests.total ? ((c1 - c0) * 1000) / r.requests.total : null,
      loadBefore,
      loadAfter: load(),
    };
    console.log(
      `${connections} connection(s): ${row.reqPerSec} scrapes/s p50 ${row.p50} p99 ${row.p99} max ${row.max} ms, errors ${row.errors}, load ${row.loadAfter}`,
    );
    rows.push(row);
  }
  console.log(
    `one scrape: ${scrape.bytes} bytes, ${scrape.lines} samples; ${sessionsLine}; in-process work p50 ${work.p50.toFixed(3)} p99 ${work.p99.toFixed(3)} ms`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
}

const one = rows.find((r) => r.connections === 1);
const verdict = one && one.p99 <= TARGET_P99 ? `met (${one.p99} ms)` : `NOT met (${one?.p99} ms)`;
const md = `## /metrics scrape (issue 14 point 3)

\`node bench/metrics.mjs --duration=${DURATION} --sessions=${SESSIONS}\` on ${new Date().toISOString().slice(0, 10)}: \`GET /jeecg-boot/metrics\` with
\`Authorization: Bearer <METRICS_TOKEN>\` against a fresh SQLite database with ${SESSIONS} live sessions (the session figures
scan the session store at most every 5 s, in the background after the first scrape), ${os.cpus().length} cores shared with
other work. One scrape is ${scrape.bytes} bytes (${scrape.lines} samples). Target: p99 ≤ ${TARGET_P99} ms for a scraper
(one connection): ${verdict}. The scrape's own work (guard, snapshot, text: 2,000 scrapes through \`app.inject\`, no socket):
p50 ${work.p50.toFixed(3)} ms, p99 ${work.p99.toFixed(3)} ms, max ${work.max.toFixed(1)} ms. The load average shows how busy the machine was: the
HTTP tail beyond the work is the wait for a CPU.

| connections | scrapes/s | p50 ms | p90 ms | p99 ms | max ms | server CPU ms / scrape | errors | load before → after |
|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows.map((r) => `| ${r.connections} | ${r.reqPerSec} | ${r.p50} | ${r.p90} | ${r.p99} | ${r.max} | ${r.cpuPerScrape?.toFixed(3)} | ${r.errors} | ${r.loadBefore} → ${r.loadAfter} |`).join('\n')}

A scrape reads process.memoryUsage, the V8 heap and heap-space statistics, os.cpus/loadavg, the event-loop histogram,
the GC tally, the in-process request histogram and the cached session counts; nothing touches the database on the
request path.`;
if (!args.includes('--no-write')) writePerfSection('metrics-scrape', md);
console.log(md);
