/**
 * The start-up handshake of the bench servers (bench/*-server.ts): a server prints one JSON line `{"ready": …}` on
 * stdout when it listens. One helper for every benchmark (scripts/bench.mjs, bench/operation-log.mjs).
 */

/** Wait for the next `{"ready"...}` line of a bench server's stdout; rejects on exit or after `timeoutMs`. */
export function nextReady(child, timeoutMs, what) {
  return new Promise((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => done(new Error(`${what}: not ready within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop();
      const line = lines.find((l) => l.startsWith('{"ready"'));
      if (line) done(null, JSON.parse(line));
    };
    const onExit = (code) => done(new Error(`${what}: exited (${code})`));
    function done(err, value) {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(value);
    }
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}
