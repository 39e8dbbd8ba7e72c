import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text files worth compressing; images, fonts (woff2) and archives are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|ico)$/;
/** Below this a compressed copy saves less than a packet; such files are served as they are. */
export const MIN_BYTES = 1024;

/**
 * Write `file.br` (Brotli, quality 11) and `file.gz` (gzip -9) next to every compressible file of `dir` of at least
 * MIN_BYTES, keeping a copy only when it is smaller than the file. The server (server/src/core/http/web.ts,
 * @fastify/static `preCompressed`) sends them with `Content-Encoding` and `Vary: Accept-Encoding`. Returns the
 * number of files compressed.
 */
export async function precompressDir(dir: string): Promise<number> {
  const files: string[] = [];
  const walk = async (d: string) => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && COMPRESSIBLE.test(e.name)) files.push(p);
    }
  };
  await walk(dir);
  let n = 0;
  await Promise.all(
    files.map(async (file) => {
      const buf = await fs.readFile(file);
      if (buf.length < MIN_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(buf, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
        gzip(buf, { level: 9 }),
      ]);
      if (br.length < buf.length) await fs.writeFile(`${file}.br`, br);
      if (gz.length < buf.length) await fs.writeFile(`${file}.gz`, gz);
      n++;
    }),
  );
  return n;
}

/** Vite plugin: after `vite build` has written dist/ (public files included), precompress it. */
export function precompress(): Plugin {
  let outDir = '';
  let write = true;
  let log: (msg: string) => void = () => {};
  return {
    name: 'pk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      write = config.build.write;
      log = (msg) => config.logger.info(msg);
    },
    async closeBundle() {
      if (!write) return; // an in-memory build (src/build/chunkSize.test.ts) leaves dist/ alone
      const n = await precompressDir(outDir);
      log(`${n} files precompressed (.br, .gz)`);
    },
  };
}
