// The login route's JavaScript (issue 14 "Proven by": ≤ 250 KB gzip, and the chart library is not in it).
//
//   npm run build -w web && node bench/login-bundle.mjs [--json] [--dist=web/dist]
//
// Sums the gzip size (level 9, as web/build/precompress.ts writes the .gz copies) of every JS file a browser opening
// /user/login loads: index.html's module scripts and modulepreloads (web/build/loginPreload.ts lists the login
// layout's and page's chunks there), the Login page chunk, and every chunk those import statically (followed
// recursively; dynamic `import()` — the chooser, the signed-in layout, the charts — is not loaded by the login page).
// Fails (exit 1) when the sum is over the budget or any of those files carries ECharts / zrender code.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const LOGIN_JS_BUDGET_BYTES = 250 * 1024;

/** Markers only ECharts / zrender code carries (kept by minifiers: property names and strings). */
const CHART_MARKERS = [/__ec_inner_/, /zrender/i, /echarts/i, /__zr_/];

/** Static imports of an ES module chunk: `import{x}from"./a.js"`, `import"./b.js"`, `export*from"./c.js"` (not `import("…")`). */
export function staticImports(code) {
  const out = new Set();
  const re = /(?:\bimport|\bexport)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+?\.js|\/assets\/[^"']+?\.js)["']/g;
  for (const m of code.matchAll(re)) out.add(m[1]);
  return [...out];
}

/** The JS files the login route loads, with their gzip sizes, and the ECharts findings. */
export function measureLoginBundle(dist = path.join(ROOT, 'web/dist')) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const start = new Set();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) start.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) start.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) start.add(m[1]);
  const assets = path.join(dist, 'assets');
  // the Login page chunk itself (named after its module by Vite), whether or not index.html preloads it
  const loginChunk = fs.readdirSync(assets).find((f) => /^Login-[\w-]+\.js$/.test(f));
  if (!loginChunk) throw new Error('no Login-*.js chunk in web/dist/assets: build the web first (npm run build -w web)');
  start.add(`/assets/${loginChunk}`);

  const files = new Map();
  const visit = (url, from) => {
    const abs = url.startsWith('/') ? path.join(dist, url) : path.resolve(path.dirname(from), url);
    if (files.has(abs) || !abs.endsWith('.js')) return;
    const code = fs.readFileSync(abs, 'utf8');
    files.set(abs, { file: path.relative(dist, abs), raw: Buffer.byteLength(code), gzip: zlib.gzipSync(code, { level: 9 }).length, code });
    for (const dep of staticImports(code)) visit(dep, abs);
  };
  for (const u of start) visit(u, path.join(dist, 'index.html'));

  const list = [...files.values()].sort((a, b) => b.gzip - a.gzip);
  const gzip = list.reduce((s, f) => s + f.gzip, 0);
  const raw = list.reduce((s, f) => s + f.raw, 0);
  const charts = list.filter((f) => /echarts|zrender/i.test(f.file) || CHART_MARKERS.some((re) => re.test(f.code))).map((f) => f.file);
  return { files: list.map(({ file, raw, gzip }) => ({ file, raw, gzip })), raw, gzip, budget: LOGIN_JS_BUDGET_BYTES, charts, loginChunk };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const distArg = process.argv.find((a) => a.startsWith('--dist='))?.slice(7);
  const r = measureLoginBundle(distArg ? path.resolve(distArg) : undefined);
  if (process.argv.includes('--json')) console.log(JSON.stringify(r, null, 2));
  else {
    const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
    console.log(`login route JS: ${r.files.length} files, ${kb(r.raw)} raw, ${kb(r.gzip)} gzip (budget ${kb(r.budget)})`);
    for (const f of r.files) console.log(`  ${kb(f.gzip).padStart(9)}  ${f.file}`);
    console.log(r.charts.length ? `ECharts code found in: ${r.charts.join(', ')}` : 'no ECharts / zrender code');
  }
  console.log(`budget ${r.gzip > r.budget ? 'NOT met' : 'met'}`);
  if (r.gzip > r.budget || r.charts.length) process.exit(1);
}
