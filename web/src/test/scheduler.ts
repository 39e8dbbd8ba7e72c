/**
 * Loaded before anything else of a web test file (first of `setupFiles`), so React's scheduler picks up this
 * setImmediate when it loads.
 *
 * React runs its work from setImmediate (`performWorkUntilDeadline`). Work that a library starts near the end of
 * a file (an upload or motion callback after the last assertion) can reach that callback after vitest has torn the
 * file's jsdom down; React then throws "window is not defined" and the whole run fails although every test of every
 * file passed. Such work belongs to a page that no longer exists, after the file's last test and hooks: it is
 * dropped. Anything else, and React's work while the page exists, runs as before.
 */
const INSTALLED = Symbol.for('pk.test.schedulerGuard');
const g = globalThis as typeof globalThis & { [INSTALLED]?: true };

if (!g[INSTALLED]) {
  g[INSTALLED] = true;
  const original = globalThis.setImmediate;
  const guarded = ((callback: (...args: unknown[]) => void, ...args: unknown[]) =>
    original(() => {
      if (callback.name === 'performWorkUntilDeadline' && typeof (globalThis as { window?: unknown }).window === 'undefined') return;
      callback(...args);
    })) as typeof setImmediate;
  globalThis.setImmediate = Object.assign(guarded, original);
}
