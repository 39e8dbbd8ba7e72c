// Build steps shared by `npm start`, `npm test` and `npm run bench`: each output is rebuilt only when it is
// missing or older than its newest source file.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const WEB_DIST = path.join(ROOT, 'web/dist');
export const SERVER_BUNDLE = path.join(ROOT, 'server/dist/main.js');

const WEB_SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/package.json', 'packages/contract/src']
  .concat(fs.existsSync(path.join(ROOT, 'web')) ? fs.readdirSync(path.join(ROOT, 'web')).filter((f) => /^(vite\.config|tsconfig).*/.test(f)).map((f) => `web/${f}`) : []);
const SERVER_SOURCES = ['server/src', 'server/build.mjs', 'server/package.json', 'packages/contract/src'];

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

/** vite build in web/, then .gz and .br siblings for @fastify/static's preCompressed serving. */
export function buildWeb() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const ms = run('vite build (web/dist)', [vite, 'build', '--logLevel', 'warn'], path.join(ROOT, 'web'));
  const n = precompress(WEB_DIST);
  console.log(`  web built in ${(ms / 1000).toFixed(1)} s; ${n} files precompressed (.gz, .br)`);
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

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm|ico)$/;

/** Write file.gz and file.br next to each compressible file over 1 KB. Returns how many files it compressed. */
export function precompress(dir) {
  let n = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (COMPRESSIBLE.test(e.name) && !e.name.endsWith('.map')) {
        const buf = fs.readFileSync(p);
        if (buf.length < 1024) continue;
        fs.writeFileSync(`${p}.gz`, zlib.gzipSync(buf, { level: 9 }));
        fs.writeFileSync(`${p}.br`, zlib.brotliCompressSync(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }));
        n++;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return n;
}
