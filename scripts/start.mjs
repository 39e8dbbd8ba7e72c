// `npm start`: build the web client and the server bundle when missing or stale, then run the server.
// On a fresh clone (`npm ci && npm start`) this serves the whole product on SQLite in ./data; the first start
// prints the generated admin password (server/src/main.ts).
import path from 'node:path';
import { spawn } from 'node:child_process';
import { ROOT, SERVER_BUNDLE, ensureBuilt } from './lib/build.mjs';

try {
  ensureBuilt();
} catch (err) {
  console.error(`npm start: ${err.message}`);
  process.exit(1);
}

console.log(`> node ${path.relative(ROOT, SERVER_BUNDLE)}`);
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: ROOT, stdio: 'inherit', env: process.env });

// Forward signals so that Ctrl-C and `kill` reach the server's graceful shutdown; exit with its code.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode === null) child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1) : 1);
});
