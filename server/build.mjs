// Bundle the server into one ESM file: server/dist/main.js (run with `node server/dist/main.js`), plus the
// Excel import's worker thread beside it, server/dist/sheetWorker.js (core/excel/importReader.ts loads it from there).
// node_modules stay external (native better-sqlite3, swagger-ui's static files, pino's workers need their
// real paths); the workspace package @pk/contract is TypeScript source and is bundled in, and so are the pure
// JavaScript ES-module packages the start loads file by file (kysely 262 files, zod 95, jose 46: each one resolved,
// read, compiled and linked by Node's ESM loader, about half of the start's module loading; issue 23 point 7).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const BUNDLED = new Set(['@pk/contract', 'kysely', 'zod', 'jose']);

const started = Date.now();
const result = await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), sheetWorker: path.join(here, 'src/core/excel/sheetWorker.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Every bare import (server/package.json dependencies and anything they bring) stays external;
  // only relative files and the workspace packages in BUNDLED are inlined.
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('node:')) return { path: args.path, external: true };
          const name = args.path.startsWith('@') ? args.path.split('/').slice(0, 2).join('/') : args.path.split('/')[0];
          if (BUNDLED.has(name)) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
  // CommonJS helpers some bundled code may reach for in an ES module.
  banner: {
    js: [
      "import { createRequire as __pkCreateRequire } from 'node:module';",
      "import { fileURLToPath as __pkFileURLToPath } from 'node:url';",
      "import { dirname as __pkDirname } from 'node:path';",
      'const require = __pkCreateRequire(import.meta.url);',
      'const __filename = __pkFileURLToPath(import.meta.url);',
      'const __dirname = __pkDirname(__filename);',
    ].join('\n'),
  },
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + (o.bytes ?? 0), 0);
const js = result.metafile.outputs[path.relative(process.cwd(), path.join(here, 'dist/main.js'))]?.bytes ?? bytes;
console.log(`server bundle: server/dist/main.js (${(js / 1024).toFixed(0)} KB) in ${Date.now() - started} ms`);
