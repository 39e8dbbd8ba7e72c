/**
 * Operation-log benchmark server (run by bench/operation-log.mjs with `node --import tsx`, twice: OPERATION_LOG=1 and
 * OPERATION_LOG=0): the real app on its own fresh SQLite database. Prints one JSON line `{"ready":true,...}`, answers
 * the IPC message 'cpu' with its process.cpuUsage(), and serves until SIGTERM. Listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { ADMIN_PASSWORD, benchConfig } from './benchConfig.js';
import { operationRow } from '../server/src/core/oplog/index.js';

async function start(operationLog: string): Promise<{ app: FastifyInstance; url: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pk-oplog-${operationLog}-`));
  const config = benchConfig(dataDir, { OPERATION_LOG: operationLog, RATE_LIMIT_LOGIN: '100000' });
  const prepared = await prepareContext(config);
  const app = await buildApp(prepared.ctx, { logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    close: async () => {
      await app.close();
      await prepared.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The log's own CPU per logged write, away from any machine load: build `n` rows as the onSend hook does (a request
 * shaped like the benchmark's edit) and write them through the app's writer in bursts of 10, as under load.
 */
async function ownCostMicros(app: FastifyInstance, n = 5000): Promise<number> {
  const req = {
    user: { username: 'admin', realname: '管理员' },
    method: 'PUT',
    url: '/jeecg-boot/sys/position/edit',
    ip: '127.0.0.1',
    query: {},
    body: { id: '302b89902be110f0030ffe1e282ce937', code: 'devleader', name: '压测职务', postRank: '2' },
    isMultipart: () => false,
    routeOptions: { url: '/jeecg-boot/sys/position/edit' },
  } as unknown as FastifyRequest;
  const reply = { statusCode: 200, elapsedTime: 3 } as unknown as FastifyReply;
  const spec = { content: '职务-编辑', operateType: 3 as const };
  const payload = '{"success":true,"message":"修改成功!","code":200,"result":null,"timestamp":0}';
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i += 10) {
    for (let j = 0; j < 10; j++) app.oplog.push(operationRow(req, reply, spec, payload));
    await app.oplog.flush();
  }
  const c = process.cpuUsage(t0);
  await app.ctx.db.db.deleteFrom('sys_log').where('log_type', '=', 2).execute();
  return (c.user + c.system) / n;
}

async function main(): Promise<void> {
  const server = await start(process.env.OPERATION_LOG ?? '1');
  const ownCpuMicros = process.env.OPERATION_LOG === '1' ? await ownCostMicros(server.app) : null;
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.(process.cpuUsage());
  });
  console.log(JSON.stringify({ ready: true, url: server.url, prefix: server.app.ctx.config.apiPrefix, password: ADMIN_PASSWORD, ownCpuMicros }));
  const stop = async () => {
    await server.close().catch(() => {});
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
