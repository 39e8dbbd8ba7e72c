// Build steps shared by `npm start`, `npm test` and `npm run bench`: each output is rebuilt only when it is
// missing or older than its newest source file.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'web/dist');
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/main.js');

const WEB_SOURCES = ['web/src', 'web/build', 'web/public', 'web/index.html', 'web/package.json', 'packages/contract/src'].concat(
  fs.existsSync(path.join(ROOT, 'web'))
    ? fs
        .readdirSync(path.join(ROOT, 'web'))
        .filter((f) => /^(vite\.config|tsconfig).*/.test(f))
        .map((f) => `web/${f}`)
    : [],
);
const SERVER_SOURCES = ['server/src', 'server/build.mjs', 'server/launcher.mjs', 'server/package.json', 'packages/contract/src'];

/** Newest modification time (ms) among files under the given repo-relative paths; 0 when none exist. */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p)) if (e !== 'node_modules' && !e.endsWith('.test.ts') && !e.endsWith('.test.tsx')) visit(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return newest;
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function run(label, args, cwd) {
  console.log(`> ${label}`);
  const started = Date.now();
  const r = spawnSync(process.execPath, args, { cwd, stdio: 'inherit', env: process.env });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status ?? r.signal})`);
  return Date.now() - started;
}

/** vite build in web/; the build itself writes the .br / .gz copies the server sends (web/build/precompress.ts). */
export function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const ms = run('vite build (web/dist)', [vite, 'build', '--logLevel', 'warn'], path.join(ROOT, 'web'));
  console.log(`  web built in ${(ms / 1000).toFixed(1)} s`);
}

export function buildServer() {
  run('esbuild (server/dist/main.js)', [path.join(ROOT, 'server/build.mjs')], path.join(ROOT, 'server'));
}

export function webIsStale() {
  return mtime(path.join(WEB_DIST, 'index.html')) < newestMtime(WEB_SOURCES);
}

export function serverIsStale() {
  return mtime(SERVER_BUNDLE) < newestMtime(SERVER_SOURCES);
}

/** Build what is missing or stale; `force` rebuilds both. */
export function ensureBuilt({ force = false, web = true, server = true } = {}) {
  if (web) {
    if (force || webIsStale()) buildWeb();
    else console.log('> web/dist is up to date');
  }
  if (server) {
    if (force || serverIsStale()) buildServer();
    else console.log('> server/dist/main.js is up to date');
  }
}
