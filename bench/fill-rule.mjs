// Fill-rule sequence benchmark (issue 11 point 14): PUT /sys/fillRule/executeRuleByCode/{code} at 16 connections
// against the built server, on SQLite, PostgreSQL and MariaDB (a fresh database each) and with Redis; every number
// given is kept and checked for duplicates. Writes its section of docs/PERFORMANCE.md.
//   node bench/fill-rule.mjs [--seconds=10] [--dbs=sqlite,postgres,mysql,redis]   (after npm run build)
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { RE2JS } from 're2js';
import { API_PREFIX, signInToken, startServer } from '../e2e/harness.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const arg = (k, d) => process.argv.find((a) => a.startsWith(`--${k}=`))?.slice(k.length + 3) ?? d;
const SECONDS = Number(arg('seconds', '10'));
const DBS = arg('dbs', 'sqlite,postgres,mysql,redis').split(',');
const CONNECTIONS = 16;
const PG_URL = process.env.PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const withDb = (url, name) => Object.assign(new URL(url), { pathname: `/${name}` }).toString();

/** A fresh database for one run: its URL and how to drop it. */
async function freshDatabase(kind) {
  const name = `pk_bench_${randomBytes(4).toString('hex')}`;
  if (kind === 'postgres') {
    const pg = (await import('pg')).default;
    const admin = async (q) => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(q).finally(() => c.end());
    };
    await admin(`CREATE DATABASE "${name}"`);
    return { url: withDb(PG_URL, name), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
  }
  const mysql = (await import('mysql2/promise')).default;
  const admin = async (q) => {
    const c = await mysql.createConnection({ uri: MYSQL_URL });
    await c.query(q).finally(() => c.end());
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4`);
  return { url: withDb(MYSQL_URL, name), drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``) };
}

async function runOne(kind) {
  const db = kind === 'postgres' || kind === 'mysql' ? await freshDatabase(kind) : null;
  const env = { LOG_LEVEL: 'error', ...(db ? { DATABASE_URL: db.url } : {}), ...(kind === 'redis' ? { REDIS_URL } : {}) };
  const server = await startServer({ env, logName: `fill-rule-${kind}` });
  try {
    const api = `${server.baseUrl}${API_PREFIX}`;
    const token = await signInToken(api);
    const headers = { 'X-Access-Token': token, 'content-type': 'application/json' };
    const numbers = [];
    let failed = 0;
    const result = await autocannon({
      url: `${api}/sys/fillRule/executeRuleByCode/shop_order_num`,
      method: 'PUT',
      headers,
      body: '{}',
      connections: CONNECTIONS,
      duration: SECONDS,
      setupClient: (client) =>
        client.on('body', (buf) => {
          const r = JSON.parse(buf.toString());
          if (r.success && typeof r.result === 'string') numbers.push(r.result);
          else failed++;
        }),
    });
    const distinct = new Set(numbers).size;
    return {
      kind,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      answers: numbers.length,
      distinct,
      failed,
      errors: result.errors + result.non2xx,
    };
  } finally {
    await server.stop();
    await db?.drop();
  }
}

const LABEL = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MariaDB', redis: 'SQLite + Redis' };
const rows = [];
for (const kind of DBS) {
  const r = await runOne(kind);
  console.log(JSON.stringify(r));
  rows.push(r);
}

/** The check rules' regex engine on a catastrophic pattern (issue 11 point 13), beside a backtracking one. */
function timeMs(f) {
  const t = performance.now();
  const out = f();
  return [performance.now() - t, out];
}
const EVIL = '(a+)+$';
const [re2Ms, re2Out] = timeMs(() => RE2JS.compile(EVIL).matches(`${'a'.repeat(5000)}b`));
const [jsMs, jsOut] = timeMs(() => new RegExp(`^(?:${EVIL})$`).test(`${'a'.repeat(24)}b`));

const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' / ');
const fmt = (n) => Math.round(n).toLocaleString('en-US');
writePerfSection(
  'fill-rule',
  `## Fill-rule sequences (issue 11 point 14)

Measured by \`node bench/fill-rule.mjs\` (after \`npm run build\`) on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores,
Node ${process.version}, load average ${load}: \`PUT /sys/fillRule/executeRuleByCode/shop_order_num\` (OrderNumberRule,
\`CN\` + yyyyMMdd + 6-digit daily sequence) for ${SECONDS} s at ${CONNECTIONS} connections, one server process and a fresh
database per row. Each next number is decided by one atomic upsert in sys_fill_rule_seq (\`core/rules/sequence.ts\`);
every answer is kept and checked for duplicates. All requests increment the same row (one rule, one day), so they
queue on its row lock: the rate is that of one contended sequence, and it moves with the machine's load.

| database | requests/s | p50 ms | p99 ms | numbers given | distinct | failed answers |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${LABEL[r.kind]} | ${fmt(r.rps)} | ${r.p50} | ${r.p99} | ${fmt(r.answers)} | ${fmt(r.distinct)} | ${r.failed + r.errors} |`).join('\n')}

Check rules run their patterns on RE2JS (\`core/rules/safeRegex.ts\`, linear time). The catastrophic pattern \`${EVIL}\` in
the same run: RE2JS on 5,001 characters (\`a…ab\`) ${re2Ms.toFixed(1)} ms (match ${re2Out}); the JavaScript RegExp engine
(backtracking) on 25 characters ${fmt(jsMs)} ms (match ${jsOut}), doubling with each further character.
`,
);
const dup = rows.some((r) => r.distinct !== r.answers || r.failed);
if (dup) {
  console.error('duplicate or failed numbers');
  process.exit(1);
}
