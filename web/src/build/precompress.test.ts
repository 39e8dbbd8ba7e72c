import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plugin, UserConfig } from 'vite';
import viteConfig from '../../vite.config';
import { precompressDir } from '../../build/precompress';

// Issue 11 point 9: the web build itself leaves a Brotli and a gzip copy next to every compressible file, so the
// server can send them whoever built dist/ (npm run build, npm start, npm test, the bench).
describe('web build precompression', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-dist-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('is a plugin of the production build', () => {
    const config = (viteConfig as (env: { mode: string; command: 'build' }) => UserConfig)({ mode: 'production', command: 'build' });
    const names = (config.plugins ?? []).flat().map((p) => (p as Plugin | null)?.name);
    expect(names).toContain('pk-precompress');
  });

  it('writes .br and .gz copies of compressible files over 1 KB, and only of those', async () => {
    const big = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `用户${i}`))};\n`;
    const html = `<!doctype html><html><head>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(40)}</head></html>`;
    fs.mkdirSync(path.join(dist, 'assets'));
    const files: Record<string, string | Buffer> = {
      'index.html': html,
      'assets/index-abc.js': big,
      'assets/index-abc.css': `.a{color:red}\n`.repeat(200),
      'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
      'assets/small-1.js': 'console.log(1)',
      'assets/photo.png': Buffer.alloc(4096, 7),
    };
    for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dist, name), body);

    expect(await precompressDir(dist)).toBe(4);
    for (const name of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css', 'logo.svg']) {
      const original = fs.readFileSync(path.join(dist, name));
      const br = fs.readFileSync(path.join(dist, `${name}.br`));
      const gz = fs.readFileSync(path.join(dist, `${name}.gz`));
      expect(zlib.brotliDecompressSync(br).equals(original), name).toBe(true);
      expect(zlib.gunzipSync(gz).equals(original), name).toBe(true);
      expect(br.length, name).toBeLessThan(original.length);
    }
    for (const name of ['assets/small-1.js', 'assets/photo.png']) {
      expect(fs.existsSync(path.join(dist, `${name}.br`)), name).toBe(false);
      expect(fs.existsSync(path.join(dist, `${name}.gz`)), name).toBe(false);
    }
  });
});
