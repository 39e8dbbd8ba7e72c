// Excel import benchmark (issue 10 point 3): a few-KB workbook with one cell at row 1,048,576, and a normal
// 10,000-row workbook, read (a) as the import did before (exceljs loads the workbook, then every row up to the
// last is visited) and (b) by the streaming reader in its worker thread (server/dist/sheetWorker.js); each in a
// child process of its own, for its time, peak RSS and the longest stall of its event loop. Then (c) the built
// server: an import request carrying 10 such workbooks, while list requests run beside it.
// Writes its section of docs/PERFORMANCE.md.   node bench/excel-import.mjs   (after npm run build)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { API_PREFIX, ROOT, signInToken, startServer } from '../e2e/harness.mjs';
import { writePerfSection } from '../scripts/lib/perfDoc.mjs';

const LABELS = ['职务编码', '职务名称', '职级'];
const WORKER = path.join(ROOT, 'server/dist/sheetWorker.js');

/** Peak resident memory of this process so far (VmHWM), in MB. */
const peakRssMb = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;

async function workbook(rows, farCell = false) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['职务列表数据']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(LABELS);
  for (const r of rows) ws.addRow(r);
  if (farCell) ws.getCell('A1048576').value = 'x';
  return Buffer.from(await wb.xlsx.writeBuffer());
}

// ---- child: one way of reading one file, measured -------------------------------------------------------------

/** The import's reading before issue 10 (core/excel/workbook.ts readImportWorkbook): load, then every row. */
async function readWithExceljs(buf) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf);
  const ws = wb.worksheets[0];
  const columns = new Map();
  let header = 0;
  for (let r = 1; r <= Math.min(ws.rowCount, 5) && !header; r++) {
    ws.getRow(r).eachCell((c, col) => LABELS.includes(String(c.value)) && columns.set(col, String(c.value)));
    if (columns.size) header = r;
  }
  let rows = 0;
  for (let r = header + 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    if ([...columns.keys()].some((col) => row.getCell(col).value != null)) rows++;
  }
  return `${rows} rows`;
}

function readInWorker(buf) {
  return new Promise((resolve, reject) => {
    const w = new Worker(WORKER, {
      workerData: { files: [new Uint8Array(buf)], labels: LABELS, maxRows: 10_000 },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    w.once('message', (m) => resolve(m.ok ? `${m.sheets[0].length} rows` : m.message));
    w.once('error', reject);
  });
}

async function child(mode, file) {
  const buf = fs.readFileSync(file);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t0 = performance.now();
  const outcome = await (mode === 'exceljs' ? readWithExceljs(buf) : readInWorker(buf));
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 50)); // the monitor's timer fires once more and records a stall just ended
  loop.disable();
  console.log(JSON.stringify({ ms, peakRssMb: peakRssMb(), stallMs: loop.max / 1e6, outcome }));
}

function measure(mode, file) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bench/excel-import.mjs'), '--child', mode, file], { encoding: 'utf8', timeout: 300_000 });
  const line = r.stdout.trim().split('\n').pop();
  if (r.status !== 0 || !line) throw new Error(`${mode} ${file}: ${r.stderr}`);
  return JSON.parse(line);
}

// ---- (c) the server ------------------------------------------------------------------------------------------

function multipart(files) {
  const boundary = `----pkbench${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((data, i) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="f${i}.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from('\r\n'),
  ]);
  return { body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function serverRun(far) {
  const server = await startServer({ env: { LOG_LEVEL: 'error' } });
  try {
    const api = `${server.baseUrl}${API_PREFIX}`;
    const token = await signInToken(api);
    const auth = { 'X-Access-Token': token };
    const list = async () => {
      const t = performance.now();
      await (await fetch(`${api}/sys/position/list?pageSize=10`, { headers: auth })).json();
      return performance.now() - t;
    };
    const lat = async (until) => {
      const xs = [];
      while (!until() && xs.length < 10_000) xs.push(await list());
      return xs;
    };
    for (let i = 0; i < 50; i++) await list(); // warm
    let stop = false;
    setTimeout(() => (stop = true), 1000);
    const idle = await lat(() => stop);
    const mp = multipart(Array.from({ length: 10 }, () => far));
    let done = false;
    const t0 = performance.now();
    const importing = fetch(`${api}/sys/position/importExcel`, { method: 'POST', headers: { ...auth, 'content-type': mp.type }, body: mp.body })
      .then((r) => r.json())
      .then((b) => ({ ms: performance.now() - t0, message: b.message }))
      .finally(() => (done = true));
    const during = await lat(() => done);
    const imp = await importing;
    return { imp, idle, during };
  } finally {
    await server.stop();
  }
}

// ---- main ----------------------------------------------------------------------------------------------------

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–');
const f1 = (x) => (Number.isFinite(x) ? (Math.round(x * 10) / 10).toString() : '–');

async function main() {
  if (!fs.existsSync(WORKER)) throw new Error(`${WORKER} missing: npm run build first`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-xlsx-bench-'));
  try {
    const far = await workbook([['b1', '职务', '员级']], true);
    const normal = await workbook(Array.from({ length: 10_000 }, (_, i) => [`n${i}`, `职务${i}`, '员级']));
    fs.writeFileSync(path.join(dir, 'far.xlsx'), far);
    fs.writeFileSync(path.join(dir, 'normal.xlsx'), normal);
    const rows = [];
    for (const [name, file, size] of [
      ['one cell at row 1,048,576', 'far.xlsx', far.length],
      ['10,000 data rows', 'normal.xlsx', normal.length],
    ]) {
      const before = measure('exceljs', path.join(dir, file));
      const after = measure('worker', path.join(dir, file));
      rows.push({ name, size, before, after });
      console.log(name, JSON.stringify({ before, after }));
    }
    const srv = await serverRun(far);
    console.log('server', JSON.stringify({ imp: srv.imp, idleP50: pct(srv.idle, 50), duringP50: pct(srv.during, 50), duringMax: Math.max(...srv.during) }));

    const md = [
      '## Excel import (issue 10 point 3)',
      '',
      `Measured by \`node bench/excel-import.mjs\` (after \`npm run build\`) on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}.`,
      "Each way of reading runs in a child process of its own: time to the outcome, the process's peak RSS, and the",
      'longest stall of its event loop (`monitorEventLoopDelay`, what every other request would wait). *Before* is the',
      "import's reading up to issue 10 (exceljs loads the workbook, then every row up to the last is visited); *after* is",
      'the streaming reader in its worker thread (`server/dist/sheetWorker.js`), measured in the same run.',
      '',
      '| workbook | size | reading | outcome | time ms | peak RSS MB | longest event-loop stall ms |',
      '|---|---|---|---|---|---|---|',
      ...rows.flatMap((r) => [
        `| ${r.name} | ${f1(r.size / 1024)} KB | before (exceljs) | ${r.before.outcome} | ${f0(r.before.ms)} | ${f0(r.before.peakRssMb)} | ${f0(r.before.stallMs)} |`,
        `| | | after (worker) | ${r.after.outcome} | ${f0(r.after.ms)} | ${f0(r.after.peakRssMb)} | ${f0(r.after.stallMs)} |`,
        `| | | after vs before | | ${f1((r.after.ms / r.before.ms) * 100)} % | ${f1((r.after.peakRssMb / r.before.peakRssMb) * 100)} % | ${f1((r.after.stallMs / Math.max(r.before.stallMs, 1e-9)) * 100)} % |`,
      ]),
      '',
      `The built server (SQLite), one import request carrying 10 copies of the ${f1(far.length / 1024)} KB workbook while`,
      '`GET /sys/position/list` requests run one after another beside it:',
      '',
      '| check | measured |',
      '|---|---|',
      `| import answered in | ${f0(srv.imp.ms)} ms: ${srv.imp.message} |`,
      `| list p50 / max, idle (1 s) | ${f1(pct(srv.idle, 50))} / ${f1(Math.max(...srv.idle))} ms (${srv.idle.length} requests) |`,
      `| list p50 / max, during the import | ${f1(pct(srv.during, 50))} / ${f1(Math.max(...srv.during))} ms (${srv.during.length} requests) |`,
    ].join('\n');
    writePerfSection('excel-import', md);
    console.log(md);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') await child(process.argv[3], process.argv[4]);
else await main();
