// Runs the message send job once (modules/message sendPending) against the database of an e2e server, as a second
// node of it would: `node --import tsx e2e/tools/send-pending.ts <DATA_DIR>` prints `{"sent":n,"failed":n}`.
// The journeys use it while the scheduler that calls the job handler is not part of the build.
import path from 'node:path';
import { loadConfig } from '../../server/src/config.js';
import { prepareContext } from '../../server/src/bootstrap.js';
import { buildApp } from '../../server/src/app.js';
import { sendPending } from '../../server/src/modules/message/send/sender.service.js';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: send-pending.ts <DATA_DIR>');
const config = loadConfig({
  PORT: '0',
  DATA_DIR: path.resolve(dataDir),
  CAPTCHA: 'off',
  LOG_LEVEL: 'warn',
  WEB_DIST: path.join(dataDir, 'no-web-dist'),
  SMTP_URL: process.env.SMTP_URL,
});
const prepared = await prepareContext(config);
const app = await buildApp(prepared.ctx, { logger: false });
try {
  console.log(JSON.stringify(await sendPending(app)));
} finally {
  await app.close();
  await prepared.close();
}
