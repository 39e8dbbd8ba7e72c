/**
 * Operation-log benchmark server (run by bench/operation-log.mjs with `node --import tsx`, twice: OPERATION_LOG=1 and
 * OPERATION_LOG=0): the real app on its own fresh SQLite database. Prints one JSON line `{"ready":true,...}`, answers
 * the IPC message 'cpu' with its process.cpuUsage(), and serves until SIGTERM. Listens on 127.0.0.1 only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/src/app.js';
import { prepareContext } from '../server/src/bootstrap.js';
import { loadConfig } from '../server/src/config.js';

const ADMIN_PASSWORD = 'Admin@12345';

async function start(operationLog: string): Promise<{ app: FastifyInstance; url: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pk-oplog-${operationLog}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    CAPTCHA: 'off',
    ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    PORT: '0',
    WEB_DIST: path.join(dataDir, 'no-web'),
    OPERATION_LOG: operationLog,
    RATE_LIMIT_LOGIN: '100000',
  });
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

async function main(): Promise<void> {
  const server = await start(process.env.OPERATION_LOG ?? '1');
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.(process.cpuUsage());
  });
  console.log(JSON.stringify({ ready: true, url: server.url, prefix: server.app.ctx.config.apiPrefix, password: ADMIN_PASSWORD }));
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
