import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';

// server/launcher.mjs (server/dist/main.js after the build): runs the bundle with V8's code cache, written once the
// first start of a build listens, refused and written again when it does not fit, never needed to start.
const LAUNCHER = path.resolve(__dirname, '../launcher.mjs');
const BUNDLE = `
const path = require('node:path');
exports.ok = true;
function answer() { return 'answer from ' + path.basename(__filename) + ' in ' + path.basename(__dirname); }
console.log(answer());
process.emit('pk:listening');
setTimeout(() => {}, 1200); // stays up long enough for the cache to be written
`;

const dirs: string[] = [];
function build(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-launcher-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'main.js'), fs.readFileSync(LAUNCHER, 'utf8').replace('__BUNDLE_HASH__', '0123abcd'));
  fs.writeFileSync(path.join(dir, 'server.cjs'), BUNDLE);
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  return dir;
}
const run = (dir: string, env: Record<string, string> = {}) => {
  const r = spawnSync(process.execPath, [path.join(dir, 'main.js')], { encoding: 'utf8', timeout: 15_000, env: { ...process.env, ...env } });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  return r.stdout.trim();
};
const cacheFile = (dir: string) => path.join(dir, 'server.0123abcd.v8cache');

afterEach(() => {
  for (const d of dirs.splice(0)) {
    fs.chmodSync(d, 0o755);
    fs.rmSync(d, { recursive: true, force: true });
  }
});

describe('the server launcher', () => {
  it('runs the bundle as a CommonJS module and writes its code cache once, after the first start listens', () => {
    const dir = build();
    expect(run(dir)).toBe('answer from server.cjs in ' + path.basename(dir));
    const first = fs.statSync(cacheFile(dir));
    expect(first.size).toBeGreaterThan(0);
    // the second start uses it and leaves it as it is
    expect(run(dir)).toBe('answer from server.cjs in ' + path.basename(dir));
    expect(fs.statSync(cacheFile(dir)).mtimeMs).toBe(first.mtimeMs);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('replaces a cache V8 refuses, and removes the cache of an earlier build', () => {
    const dir = build();
    fs.writeFileSync(cacheFile(dir), Buffer.from('not a code cache'));
    fs.writeFileSync(path.join(dir, 'server.ffff0000.v8cache'), Buffer.from('old build'));
    expect(run(dir)).toMatch(/^answer from server.cjs/);
    expect(fs.readFileSync(cacheFile(dir)).toString()).not.toBe('not a code cache');
    expect(fs.existsSync(path.join(dir, 'server.ffff0000.v8cache'))).toBe(false);
  });

  it('starts the same in a folder it cannot write (no cache)', () => {
    if (process.getuid?.() === 0) {
      // root writes anyway: stand for a read-only folder with a cache path that is a directory
      const dir = build();
      fs.mkdirSync(cacheFile(dir));
      expect(run(dir)).toMatch(/^answer from server.cjs/);
      expect(fs.statSync(cacheFile(dir)).isDirectory()).toBe(true);
      expect(fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
      return;
    }
    const dir = build();
    fs.chmodSync(dir, 0o555);
    expect(run(dir)).toMatch(/^answer from server.cjs/);
    expect(fs.existsSync(cacheFile(dir))).toBe(false);
  });

  it('with source maps on, loads the bundle through require (Node maps only what its loader compiled), no cache', () => {
    const dir = build();
    expect(run(dir, { NODE_OPTIONS: '--enable-source-maps' })).toMatch(/^answer from server.cjs/);
    expect(fs.existsSync(cacheFile(dir))).toBe(false);
  });
});
