// Operation-log overhead (issue 11 point 18): throughput of a write endpoint (PUT /sys/position/edit, which the
// operation log records) and of the user list (GET /sys/user/list, which it only inspects) with OPERATION_LOG=1 vs
// OPERATION_LOG=0, in the same run: two app instances in one server process (bench/oplog-server.ts), each on a fresh
// SQLite database; the load alternates between them round by round so a change of machine load hits both alike.
// Writes its section of docs/PERFORMANCE.md. Target: at most 10 % fewer requests per second with the log on.
//   node bench/operation-log.mjs [--rounds=8] [--duration=3] [--connections=16]
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { ROOT } from '../scripts/lib/build.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => Number(args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? dflt);
const ROUNDS = opt('rounds', 8);
const DURATION = opt('duration', 3);
const CONNECTIONS = opt('connections', 16);
const TARGET_OVERHEAD = 0.1;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/oplog-server.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => reject(new Error('bench server not ready within 120 s')), 120_000);
    child.stdout.on('data', (d) => {
      buf += d;
      const line = buf.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited (${code})`));
    });
  });
  return { child, ready };
}

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!body.success) throw new Error(`${url}: ${body.message}`);
  return body.result;
}

/** Sign in as admin and pick the seeded position to edit. */
async function prepare(base, prefix, password) {
  const login = await json(`${base}${prefix}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, captcha: '', checkKey: '' }),
  });
  const headers = { 'x-access-token': login.token, 'content-type': 'application/json' };
  const positions = await json(`${base}${prefix}/sys/position/list`, { headers });
  const p = positions.records[0];
  return { headers, edit: JSON.stringify({ id: p.id, code: p.code, name: '压测职务', postRank: p.postRank }) };
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }, (err, r) => {
      if (err) return reject(err);
      const failed = r.non2xx + r.errors;
      resolve({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, failed });
    });
  });
}

const { child, ready: readyPromise } = startServer();
try {
  const ready = await readyPromise;
  const variants = { on: ready.on, off: ready.off };
  const setup = {};
  for (const [name, base] of Object.entries(variants)) setup[name] = await prepare(base, ready.prefix, ready.password);
  const cases = {
    write: (name) => ({ url: `${variants[name]}${ready.prefix}/sys/position/edit`, method: 'PUT', headers: setup[name].headers, body: setup[name].edit }),
    list: (name) => ({ url: `${variants[name]}${ready.prefix}/sys/user/list?column=createTime&order=desc&pageNo=1&pageSize=10`, headers: setup[name].headers }),
  };
  const results = { write: { on: [], off: [] }, list: { on: [], off: [] } };
  console.log(`> ${ROUNDS} rounds × ${DURATION} s per case and setting, ${CONNECTIONS} connections (1 s warm-up each)`);
  for (const [label, make] of Object.entries(cases)) {
    for (const name of ['on', 'off']) await run({ ...make(name), duration: 1 });
    for (let i = 0; i < ROUNDS; i++) {
      // alternate which setting goes first, so neither always runs on the warmer (or busier) machine
      for (const name of i % 2 ? ['off', 'on'] : ['on', 'off']) {
        const r = await run(make(name));
        results[label][name].push(r);
        console.log(`  ${label} OPERATION_LOG=${name === 'on' ? 1 : 0}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms${r.failed ? `, ${r.failed} failed` : ''}`);
      }
    }
  }
  const summary = {};
  for (const [label, byName] of Object.entries(results)) {
    const on = median(byName.on.map((r) => r.rps));
    const off = median(byName.off.map((r) => r.rps));
    summary[label] = {
      on, off,
      overhead: 1 - on / off,
      range: (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`,
      onAll: byName.on.map((r) => r.rps),
      offAll: byName.off.map((r) => r.rps),
      p99on: median(byName.on.map((r) => r.p99)),
      p99off: median(byName.off.map((r) => r.p99)),
      failed: [...byName.on, ...byName.off].reduce((n, r) => n + r.failed, 0),
    };
  }
  const load = os.loadavg().map((x) => x.toFixed(1)).join(' / ');
  const row = (what, s) =>
    `| ${what} | ${s.off.toFixed(0)} (${s.range(s.offAll)}) | ${s.on.toFixed(0)} (${s.range(s.onAll)}) | ${(s.overhead * 100).toFixed(1)} % | ${s.p99off} / ${s.p99on} | ${s.overhead <= TARGET_OVERHEAD ? 'met' : 'missed'} |`;
  const md = `## Operation log overhead (issue 11 point 18)

Measured by \`node bench/operation-log.mjs\` (\`bench/oplog-server.ts\`) on ${new Date().toISOString().slice(0, 10)}: two instances
of the app in one process, each on a fresh SQLite database, OPERATION_LOG=0 and OPERATION_LOG=1; autocannon with
${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s per case and setting, alternating; medians of the rounds. ${os.cpus().length} cores,
load average ${load} at the end (other work shared the machine: the figures compare the two settings, not absolute speed).
Target: at most ${TARGET_OVERHEAD * 100} % fewer requests per second with the log on.

| case | req/s, log off (rounds' range) | req/s, log on (rounds' range) | overhead | p99 ms off / on | target |
|---|---|---|---|---|---|
${row('PUT /sys/position/edit (logged: one sys_log row each, plus its data-log version)', summary.write)}
${row('GET /sys/user/list (not logged: the hook only looks at the route)', summary.list)}

Each logged write costs a JSON copy of its parameters (secrets masked) and a queued row; the rows of a burst go to
the database as one multi-row INSERT on the next turn of the event loop (\`core/oplog/writer.ts\`), so the request
never waits for the log.${summary.write.failed + summary.list.failed ? `\n\n${summary.write.failed + summary.list.failed} requests failed during the run.` : ''}
`;
  writePerfSection('operation-log', md);
  console.log(md);
} finally {
  child.kill('SIGTERM');
}
