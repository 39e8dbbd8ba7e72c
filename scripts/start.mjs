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
// The server runs in its own process group, so a Ctrl-C in the terminal reaches it once, through us: npm, the
// shell and this script all receive the terminal's SIGINT, and a second SIGINT would cut the graceful shutdown short.
const child = spawn(process.execPath, [SERVER_BUNDLE], { cwd: ROOT, stdio: 'inherit', env: process.env, detached: true });

let lastForward = 0;
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Repeats within 2 s are the same request arriving by several routes; a later one is the user insisting.
    if (Date.now() - lastForward < 2000) return;
    lastForward = Date.now();
    child.kill(sig);
  });
}
// If this script dies without a signal handler running (an exception), do not leave the server behind.
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal === 'SIGINT' ? 130 : signal === 'SIGTERM' ? 143 : 1);
});
