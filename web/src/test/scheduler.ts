/**
 * Loaded before anything else of a web test file (first of `setupFiles`), so React's scheduler and every library
 * pick up these timer functions when they load.
 *
 * Work that a page starts near the end of a file (React's `performWorkUntilDeadline` from setImmediate, an antd
 * message's close timer, a motion or debounce timeout) can fire after vitest has torn the file's jsdom down; the
 * callback then throws "window is not defined" and the whole run fails although every test of every file passed.
 * Such work belongs to a page that no longer exists: a callback scheduled while the window existed and firing once it
 * is gone is dropped. Anything scheduled or firing while the page exists runs as before, errors included.
 */
const INSTALLED = Symbol.for('pk.test.timerGuard');
const g = globalThis as typeof globalThis & { [INSTALLED]?: true };

const hasWindow = () => typeof (globalThis as { window?: unknown }).window !== 'undefined';

/** The timer function `name` of globalThis, wrapped so a callback of a torn-down page is dropped. */
function guard(name: 'setImmediate' | 'setTimeout' | 'setInterval') {
  const original = globalThis[name] as unknown as (callback: unknown, ...rest: unknown[]) => unknown;
  const guarded = (callback: unknown, ...rest: unknown[]) => {
    if (typeof callback !== 'function' || !hasWindow()) return original(callback, ...rest);
    const fn = callback as (...args: unknown[]) => unknown;
    // setTimeout/setInterval pass their arguments after the delay; setImmediate right after the callback.
    return original(
      function guardedTimer(this: unknown, ...args: unknown[]) {
        if (!hasWindow()) return undefined;
        return fn.apply(this, args);
      },
      ...rest,
    );
  };
  (globalThis as Record<string, unknown>)[name] = Object.assign(guarded, original);
}

if (!g[INSTALLED]) {
  g[INSTALLED] = true;
  guard('setImmediate');
  guard('setTimeout');
  guard('setInterval');
}
