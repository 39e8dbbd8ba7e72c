// Bundle the server (`npm run build -w server`), into server/dist:
//   server.cjs      the whole server with the pure-JavaScript packages it loads at start (fastify and its plugins,
//                   kysely, zod, jose, openid-client…), one CommonJS file: Node resolves, reads and compiles one file
//                   instead of ~520 (issue 23 point 7; the ES-module form cost ~150 ms more to load);
//   main.js         the launcher, `node server/dist/main.js` (server/launcher.mjs): runs server.cjs with V8's code
//                   cache, so a restart does not compile again what the last start compiled;
//   sheetWorker.js  the Excel import's worker thread (core/excel/importReader.ts loads it from beside the bundle).
// Packages stay external when they are native (better-sqlite3, argon2), read files beside themselves (swagger-ui's
// and @fastify/static's pages, svg-captcha's fonts), or are loaded only on first use (database drivers, Redis,
// exceljs, mail, HTML sanitising): none of those is on the start path.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');
const EXTERNAL = new Set([
  'better-sqlite3',
  '@node-rs/argon2',
  '@fastify/swagger-ui',
  '@fastify/static',
  'svg-captcha',
  'pg',
  'mysql2',
  'ioredis',
  'exceljs',
  'nodemailer',
  'sanitize-html',
  'saxes',
  'tsx',
  // optional native speed-ups ws looks for
  'bufferutil',
  'utf-8-validate',
]);

const packageName = (p) => (p.startsWith('@') ? p.split('/').slice(0, 2).join('/') : p.split('/')[0]);
const externals = (isExternal) => ({
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      return isExternal(packageName(args.path)) ? { path: args.path, external: true } : undefined;
    });
  },
});

const started = Date.now();
fs.rmSync(dist, { recursive: true, force: true });
const common = { bundle: true, platform: 'node', target: 'node20', sourcemap: true, logLevel: 'warning', metafile: true };
const [server] = await Promise.all([
  build({
    ...common,
    entryPoints: { server: path.join(here, 'src/main.ts') },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    format: 'cjs',
    // no comments or indentation: half the bytes to read and keep, and a one-byte string in V8's heap (a comment in
    // Chinese made the whole 4.9 MB source a two-byte string); stack traces go through the source map
    minifyWhitespace: true,
    // `import()` of an external becomes a `require()`: the bundle runs as a plain script (launcher.mjs)
    supported: { 'dynamic-import': false },
    define: { 'import.meta.url': '__pkImportMetaUrl', 'import.meta.dirname': '__dirname' },
    banner: { js: "const __pkImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [externals((name) => EXTERNAL.has(name))],
  }),
  // the worker thread: ES module, its packages external
  build({
    ...common,
    entryPoints: { sheetWorker: path.join(here, 'src/core/excel/sheetWorker.ts') },
    outdir: dist,
    format: 'esm',
    plugins: [externals((name) => name !== '@pk/contract')],
  }),
]);

// The launcher, with the bundle's hash: a code cache belongs to exactly one build.
const bundle = fs.readFileSync(path.join(dist, 'server.cjs'));
const hash = crypto.createHash('sha256').update(bundle).digest('hex').slice(0, 16);
const launcher = fs.readFileSync(path.join(here, 'launcher.mjs'), 'utf8').replace('__BUNDLE_HASH__', hash);
fs.writeFileSync(path.join(dist, 'main.js'), launcher);
const kb = (server.metafile.outputs[path.relative(process.cwd(), path.join(dist, 'server.cjs'))]?.bytes ?? bundle.length) / 1024;
console.log(`server bundle: server/dist/server.cjs (${kb.toFixed(0)} KB, ${hash}) + main.js in ${Date.now() - started} ms`);
