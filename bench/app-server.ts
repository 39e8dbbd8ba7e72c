/**
 * Benchmark server (run by scripts/bench.mjs with `node --import tsx`): a fresh SQLite database seeded with
 * BENCH_ROWS positions, the real app (prepareContext + buildApp, exactly as main.ts) and, in the same process,
 * a bare Fastify handler running the same page query + count with no guard, no session, no dictionary and no
 * count cache (`/list`), and a bare handler sending the app's own answer from memory (`/memory`: the same JSON bytes
 * the app sends for the admin's first page, taken once at start; Fastify's ceiling for this answer on this machine).
 * Prints one JSON line `{"ready":true,...}` on stdout, then serves until SIGTERM.
 * Listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { CompiledQuery, sql } from 'kysely';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { ADMIN_PASSWORD, benchConfig } from './benchConfig.js';
import { resolveBinding, toWire } from '../server/src/core/crud/index.js';
import { ok, page } from '../server/src/core/envelope/result.js';
import { newId } from '../server/src/core/id.js';
import { formatDateTime } from '../server/src/core/time.js';
import { positionBinding } from '../server/src/modules/system/position/definition.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const BATCH = 1000;

async function main(): Promise<void> {
  const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'pk-bench-'));
  const config = benchConfig(dataDir);
  const prepared = await prepareContext(config);
  const { db } = prepared.ctx.db;

  // Bulk insert in one transaction, 1000 rows per statement: create_time one second apart so the default sort
  // (create_time desc) has to really order 100k distinct values.
  const seedStart = Date.now();
  const base = Date.now() - ROWS * 1000;
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < ROWS; i += BATCH) {
      const rows = [];
      for (let j = i; j < Math.min(i + BATCH, ROWS); j++) {
        rows.push({
          id: newId(),
          code: `BENCH${String(j).padStart(6, '0')}`,
          name: `压测职务${j}`,
          post_rank: String((j % 5) + 1),
          company_id: null,
          sys_org_code: 'A01',
          create_by: 'admin',
          create_time: formatDateTime(new Date(base + j * 1000)),
          update_by: null,
          update_time: null,
        });
      }
      await trx
        .insertInto('sys_position')
        .values(rows as never)
        .execute();
    }
  });
  const seedMs = Date.now() - seedStart;
  const counted = await db
    .selectFrom('sys_position')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  const dbBytes = fs.existsSync(path.join(dataDir, 'pirate-king.db')) ? fs.statSync(path.join(dataDir, 'pirate-king.db')).size : 0;

  const app = await buildApp(prepared.ctx, { logger: false });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  // The bare handler: the engine's page query for the default sort (create_time desc, id desc) and the count.
  const b = resolveBinding(positionBinding);
  const pageQuery = () =>
    db
      .selectFrom('sys_position')
      .select(b.selectColumns as never[])
      .where(sql<boolean>`true`)
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(10)
      .offset(0);
  // How the database runs the page query (SQLite): a full scan plus a temp B-tree means no usable index.
  let plan: string[] = [];
  if (prepared.ctx.db.dialect === 'sqlite') {
    const c = pageQuery().compile();
    const r = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
    plan = r.rows.map((x) => x.detail);
  }
  // What an index on the sort columns would change: time the page query as is, then with a temporary index.
  const timePage = async () => {
    const t0 = performance.now();
    for (let i = 0; i < 10; i++) await pageQuery().execute();
    return (performance.now() - t0) / 10;
  };
  const t0 = performance.now();
  for (let i = 0; i < 10; i++)
    await db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll().as('total'))
      .where(sql<boolean>`true`)
      .executeTakeFirst();
  const countMs = (performance.now() - t0) / 10;
  const whatIf: { pageMs: number; countMs: number; pageMsWithIndex?: number } = { pageMs: await timePage(), countMs };
  if (prepared.ctx.db.dialect === 'sqlite' && plan.some((d) => /TEMP B-TREE FOR ORDER BY/.test(d))) {
    await sql`CREATE INDEX bench_tmp_position_sort ON sys_position (create_time, id)`.execute(db);
    whatIf.pageMsWithIndex = await timePage();
    await sql`DROP INDEX bench_tmp_position_sort`.execute(db);
  }
  const bare = Fastify({ logger: false });
  bare.get('/list', async () => {
    const rows = await pageQuery().execute();
    const c = await db
      .selectFrom('sys_position')
      .select((eb) => eb.fn.countAll().as('total'))
      .where(sql<boolean>`true`)
      .executeTakeFirst();
    return ok(
      page(
        rows.map((r) => toWire(b, r as Record<string, unknown>)),
        Number(c?.total ?? 0),
        1,
        10,
      ),
    );
  });
  // Server CPU time (this process: app and bare handler), so the bench can report CPU per request, which a loaded
  // machine distorts far less than latency.
  bare.get('/__cpu', async () => process.cpuUsage());
  let listBytes = Buffer.alloc(0);
  let listType = 'application/json; charset=utf-8';
  bare.get('/memory', (_req, reply) => reply.type(listType).send(listBytes));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  const login = await fetch(`${appUrl}${config.apiPrefix}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const body = (await login.json()) as { success: boolean; message: string; result?: { token?: string } };
  if (!body.success || !body.result?.token) throw new Error(`login failed: ${body.message}`);

  // The app's answer for the first page, byte for byte, served from memory by the bare server.
  const listAnswer = await fetch(`${appUrl}${config.apiPrefix}/sys/position/list`, { headers: { 'X-Access-Token': body.result.token } });
  listBytes = Buffer.from(await listAnswer.arrayBuffer());
  listType = listAnswer.headers.get('content-type') ?? listType;

  process.stdout.write(
    `${JSON.stringify({ ready: true, appUrl, bareUrl, listBytes: listBytes.length, prefix: config.apiPrefix, token: body.result.token, rows: Number(counted?.n ?? 0), seedMs, dbBytes, plan, whatIf })}\n`,
  );

  const stop = async () => {
    await Promise.allSettled([app.close(), bare.close()]);
    await prepared.close();
    if (!process.env.BENCH_DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  // Stops by itself if the parent forgets it.
  setTimeout(() => void stop(), 15 * 60_000).unref();
  await new Promise(() => {});
}

main().catch((err: unknown) => {
  process.stderr.write(`bench server failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
