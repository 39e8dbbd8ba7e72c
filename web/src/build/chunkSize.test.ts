/**
 * Issue 10 point 20: `npm run build -w web` prints no chunk-size warning. Builds the client in memory with the real
 * vite.config.ts and checks every emitted chunk against the configured `chunkSizeWarningLimit` (kB, as Vite counts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('web build', () => {
  it('emits no chunk over the size warning limit (the lazily loaded TinyMCE editor is split)', async () => {
    let limitKb = 500;
    const out = (await build({
      root: WEB,
      configFile: path.join(WEB, 'vite.config.ts'),
      logLevel: 'silent',
      build: { write: false },
      plugins: [{ name: 'read-limit', configResolved: (c) => void (limitKb = c.build.chunkSizeWarningLimit) }],
    })) as Rollup.RollupOutput | Rollup.RollupOutput[];
    const outputs = Array.isArray(out) ? out : [out];
    const chunks = outputs.flatMap((o) => o.output).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
    expect(chunks.length).toBeGreaterThan(10);
    const over = chunks.filter((c) => c.code.length / 1000 > limitKb).map((c) => `${c.fileName} ${(c.code.length / 1000).toFixed(0)} kB`);
    expect(over).toEqual([]);
  }, 120_000);
});
