// server/dist/main.js (copied there by build.mjs with the bundle's hash): runs the server bundle, server.cjs, with
// V8's code cache. Without it every start parses and compiles again the ~2 MB bundle and each function the start
// calls; with it V8 takes the compiled code from the cache and checks it against the source (issue 23 point 7).
// The cache is this build's own file beside the bundle (its name carries the bundle's hash); it is written once,
// a second after the first start of a build listens, and again only when V8 refuses it (another Node version or
// other V8 flags). A folder that cannot be written (a read-only image) only means no cache: the start is the same,
// a little slower. The bundle is run exactly as Node runs a CommonJS module: wrapped, with its own require.
// With `--enable-source-maps` (NODE_OPTIONS) stack traces name the TypeScript sources: Node 20 maps only what its
// own loader compiled, so the bundle is then simply required, without the cache (about 150 ms and 20 MB more).
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import Module, { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const HASH = '__BUNDLE_HASH__';
const dir = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(dir, 'server.cjs');
const cacheFile = path.join(dir, `server.${HASH}.v8cache`);

if (process.sourceMapsEnabled) createRequire(import.meta.url)(file);
else runWithCodeCache();

function runWithCodeCache() {
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined; // first start of this build
  }
  const script = new vm.Script(Module.wrap(fs.readFileSync(file, 'utf8')), { filename: file, cachedData });

  if (!cachedData || script.cachedDataRejected) {
    // main.ts emits 'pk:listening'; the cache then holds what the start compiled, not only the top level
    process.once('pk:listening', () => setTimeout(writeCache, 1000).unref());
  }

  function writeCache() {
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    try {
      fs.writeFileSync(tmp, script.createCachedData());
      fs.renameSync(tmp, cacheFile); // several nodes on one folder: each rename is whole
      for (const f of fs.readdirSync(dir))
        if (/^server\.[0-9a-f]+\.v8cache$/.test(f) && path.join(dir, f) !== cacheFile) fs.rmSync(path.join(dir, f), { force: true });
    } catch {
      // not writable: start without a cache next time
      fs.rmSync(tmp, { force: true });
    }
  }

  const mod = new Module(file);
  mod.filename = file;
  script.runInThisContext()(mod.exports, createRequire(file), mod, file, dir);
}
