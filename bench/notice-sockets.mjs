// Open notice sockets on one node (issue 12 "Proven by"): BENCH_USERS users, each with one session made by the real
// createSession and one live socket `/websocket/{userId}` (token as the first sub-protocol) held by this process (the
// server is bench/announcement-server.ts, BENCH_MODE=sockets, SQLite, in a process of its own). Each socket is counted
// open when its HeartBeat is answered (the server has checked its token and registered it). Then --notices ALL
// announcements are published one after another through the real path (`GET /sys/annountCement/doReleaseData` as the
// admin → app.notifier.toAll → the live hub → every socket), and each delivery is timed from the moment the request
// was sent to the moment this process read the push on that socket. Server RSS (after a GC) before and after the
// sockets gives the memory per socket. Writes the `notice-sockets` section of docs/PERFORMANCE.md.
//   node bench/notice-sockets.mjs [--sockets=5000] [--notices=20] [--no-write] [--report-only]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { ROOT } from '../scripts/lib/build.mjs';
import { nextReady } from '../scripts/lib/benchServer.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt;
const SOCKETS = Number(opt('sockets', '5000'));
const NOTICES = Number(opt('notices', '20'));
const OPEN_PARALLEL = 100;
const TARGET_MS = 1000;

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SAVED = path.join(ROOT, 'bench/results/notice-sockets.json');
if (!args.includes('--report-only')) await measure();
report(JSON.parse(fs.readFileSync(SAVED, 'utf8')));
process.exit(0);

async function measure() {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/announcement-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, BENCH_MODE: 'sockets', BENCH_DB: 'sqlite', BENCH_USERS: String(SOCKETS), BENCH_NOTICES: String(NOTICES) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.setEncoding('utf8');
  const sockets = [];
  let result;
  try {
    const ready = await nextReady(child, 5 * 60_000, 'announcement server (sockets)');
    if (ready.sessions.length < SOCKETS) throw new Error(`only ${ready.sessions.length} sessions`);
    const stats = async (gc) => (await fetch(`${ready.statsUrl}${gc ? '?gc' : ''}`)).json();
    await sleep(500);
    await stats(true);
    const before = await stats(true);
    const wsBase = ready.appUrl.replace(/^http/, 'ws') + ready.prefix;

    // Open the sockets, OPEN_PARALLEL at a time; a socket counts once its HeartBeat is answered.
    const tOpen = performance.now();
    const open = ([userId, token]) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${wsBase}/websocket/${userId}`, [token]);
        const s = { ws, userId, got: new Map() };
        const timer = setTimeout(() => reject(new Error(`socket ${userId}: no heartcheck within 30 s`)), 30_000);
        ws.on('open', () => ws.send('HeartBeat'));
        ws.on('message', (data) => {
          const at = performance.now();
          const m = JSON.parse(data.toString());
          if (m.cmd === 'heartcheck') {
            clearTimeout(timer);
            resolve(s);
          } else if (m.msgId) s.got.set(m.msgId, at);
        });
        ws.on('close', (code) => {
          s.closedWith = code;
          reject(new Error(`socket ${userId} closed ${code}`));
        });
        ws.on('error', (e) => reject(e));
      });
    for (let i = 0; i < SOCKETS; i += OPEN_PARALLEL) sockets.push(...(await Promise.all(ready.sessions.slice(i, i + OPEN_PARALLEL).map(open))));
    const openMs = performance.now() - tOpen;
    await sleep(1000);
    await stats(true);
    const after = await stats(true);
    const perSocketKB = (after.rss - before.rss) / 1024 / SOCKETS;
    console.log(
      `${sockets.length} sockets open in ${(openMs / 1000).toFixed(1)} s; server RSS ${(before.rss / 1048576).toFixed(0)} → ${(after.rss / 1048576).toFixed(0)} MB (${perSocketKB.toFixed(1)} KB per socket)`,
    );

    // Publish: one notice at a time, the next 300 ms after every socket has the previous one (or 10 s passed).
    const loadBefore = loadavg();
    const cpu0 = await stats(false);
    const perNotice = [];
    const all = [];
    for (const id of ready.notices) {
      const t0 = performance.now();
      const res = await fetch(`${ready.appUrl}${ready.prefix}/sys/annountCement/doReleaseData?id=${id}`, { headers: { 'X-Access-Token': ready.adminToken } });
      const answeredMs = performance.now() - t0;
      const body = await res.json();
      if (!body.success) throw new Error(`doReleaseData failed: ${body.message}`);
      const deadline = t0 + 10_000;
      while (sockets.some((s) => !s.got.has(id)) && performance.now() < deadline) await sleep(5);
      const times = sockets.filter((s) => s.got.has(id)).map((s) => s.got.get(id) - t0);
      all.push(...times);
      perNotice.push({ id, answeredMs, delivered: times.length, p50: pct(times, 50), p99: pct(times, 99), max: Math.max(...times) });
      console.log(
        `${id}: answered ${answeredMs.toFixed(1)} ms, ${times.length}/${SOCKETS} delivered, p50 ${pct(times, 50).toFixed(1)} p99 ${pct(times, 99).toFixed(1)} max ${Math.max(...times).toFixed(1)} ms`,
      );
      await sleep(300);
    }
    const cpu1 = await stats(false);
    const lasts = perNotice.map((p) => p.max);
    result = {
      date: new Date().toISOString(),
      sockets: sockets.length,
      openMs,
      rssBefore: before.rss,
      rssAfter: after.rss,
      perSocketKB,
      notices: perNotice,
      deliveries: all.length,
      expected: SOCKETS * NOTICES,
      p50: pct(all, 50),
      p99: pct(all, 99),
      max: Math.max(...all),
      lastP50: pct(lasts, 50),
      lastMax: Math.max(...lasts),
      answeredP50: pct(
        perNotice.map((p) => p.answeredMs),
        50,
      ),
      cpuPerNoticeMs: (cpu1.cpu.user + cpu1.cpu.system - cpu0.cpu.user - cpu0.cpu.system) / 1000 / NOTICES,
      loadBefore,
      loadAfter: loadavg(),
      fdLimit: Number(fs.readFileSync('/proc/self/limits', 'utf8').match(/Max open files\s+(\d+)/)?.[1] ?? 0),
    };
  } finally {
    for (const s of sockets) s.ws.terminate();
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }

  fs.mkdirSync(path.dirname(SAVED), { recursive: true });
  if (!args.includes('--no-write')) fs.writeFileSync(SAVED, JSON.stringify(result, null, 2));
}

function report(r) {
  const f = (x, d = 1) => Number(x).toFixed(d);
  const met = r.deliveries === r.expected && r.lastMax <= TARGET_MS;
  const md = `## Notice sockets: publish to all (issue 12 point 5)

Measured by \`node bench/notice-sockets.mjs\` (\`bench/announcement-server.ts\`) on ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} cores shared
with other work, Node ${process.version}: **load average ${r.loadBefore} before the publishes, ${r.loadAfter} after** (1 / 5 / 15 min).

One server process (SQLite, fresh database, the real app) with ${r.sockets.toLocaleString('en-US')} users, each with one session made by the
real \`createSession\` (no sign-in through argon2) and one live socket \`/websocket/{userId}\` (token as the first
sub-protocol), held by the bench process (ws; the server and the clients share the 2 cores; open-file limit ${r.fdLimit}).
A socket counts as open when its \`HeartBeat\` is answered (the server has checked its token and registered it):
all ${r.sockets.toLocaleString('en-US')} were open in ${f(r.openMs / 1000)} s. Then ${r.notices.length} ALL announcements are published one after another
through the real path — \`GET /sys/annountCement/doReleaseData\` as the admin (the row is updated, then
\`app.notifier.toAll\` → the live hub → every socket) — each 300 ms after the previous one reached every socket.
A delivery is timed from sending the publish request to reading the push on that socket (so it includes the HTTP
request, the UPDATE, ${r.sockets.toLocaleString('en-US')} frames written by the server and read by the client process).

| check | measured | target | |
|---|---|---|---|
| deliveries | ${r.deliveries.toLocaleString('en-US')} of ${r.expected.toLocaleString('en-US')} | every socket, every notice | ${r.deliveries === r.expected ? 'met' : '**missed**'} |
| time until the last socket has a notice (median / worst of ${r.notices.length}) | ${f(r.lastP50)} / ${f(r.lastMax)} ms | ≤ ${TARGET_MS} ms | ${met ? 'met' : '**missed**'} |
| single delivery p50 / p99 / max (all ${r.deliveries.toLocaleString('en-US')}) | ${f(r.p50)} / ${f(r.p99)} / ${f(r.max)} ms | | |
| publish request answered (median) | ${f(r.answeredP50)} ms | | |
| server CPU per publish to ${r.sockets.toLocaleString('en-US')} sockets | ${f(r.cpuPerNoticeMs)} ms (${f((r.cpuPerNoticeMs * 1000) / r.sockets, 2)} µs per socket) | | |
| server RSS before → after opening the sockets (after a GC) | ${f(r.rssBefore / 1048576, 0)} → ${f(r.rssAfter / 1048576, 0)} MB | | |
| RSS growth per open socket | ${f(r.perSocketKB)} KB | | |

Per notice (ms from the request): ${r.notices.map((p) => `${f(p.p50, 0)}/${f(p.max, 0)}`).join(', ')} (p50/last socket).

The publish request is answered once the push has been handed to every socket (\`doReleaseData\` awaits \`toAll\`), so its
time is the node's fan-out. The push is one JSON text serialised once and written to each registered socket of the node (\`liveSocket.ts\`, the hub's
\`ALL\` branch); with REDIS_URL set, the same text goes through one Redis message per publish to every node.
The CPU per publish is the figure to compare between runs: it hardly moves with the machine's load, unlike the times.
Not part of \`npm run bench\` (it needs about a minute and 10,000 file descriptors); run it on its own
(\`--sockets=N --notices=N\`; \`--report-only\` rewrites this section from \`bench/results/notice-sockets.json\`).
`;
  if (!args.includes('--no-write')) {
    writePerfSection('notice-sockets', md);
    console.log('> wrote the notice-sockets section of docs/PERFORMANCE.md');
  } else console.log(md);
}
