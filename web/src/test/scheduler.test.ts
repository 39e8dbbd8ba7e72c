import { afterEach, describe, expect, it } from 'vitest';

// The guard of ./scheduler.ts (loaded first for every web test file): a timer callback scheduled while the page
// exists and firing after the file's page is gone is dropped; everything else runs.
const g = globalThis as { window?: unknown };
const page = g.window;
afterEach(() => {
  g.window = page;
});

const later = (ms: number) => new Promise((r) => (g.window ? setTimeout(r, ms) : setImmediate(() => setImmediate(r))));

describe('timer guard', () => {
  it('runs setImmediate, setTimeout and setInterval callbacks, with their arguments, while the page exists', async () => {
    const seen: string[] = [];
    setImmediate((a: string) => seen.push(a), 'immediate');
    setTimeout((a: string, b: string) => seen.push(a + b), 1, 'time', 'out');
    const interval = setInterval(
      (a: string) => {
        seen.push(a);
        clearInterval(interval);
      },
      1,
      'interval',
    );
    await later(30);
    expect(seen.sort()).toEqual(['immediate', 'interval', 'timeout']);
  });

  it('drops callbacks scheduled while the page existed once the page is torn down', async () => {
    let fired = 0;
    setImmediate(() => fired++);
    setTimeout(() => fired++, 0);
    delete g.window;
    await new Promise((r) => setImmediate(() => setImmediate(r)));
    await new Promise((r) => setTimeout(r, 5));
    expect(fired).toBe(0);
  });

  it('runs callbacks scheduled after the teardown (not the page’s work)', async () => {
    delete g.window;
    let fired = 0;
    await new Promise<void>((r) =>
      setTimeout(() => {
        fired++;
        r();
      }, 1),
    );
    expect(fired).toBe(1);
  });

  it('clearTimeout still cancels a guarded timer', async () => {
    let fired = 0;
    const t = setTimeout(() => fired++, 1);
    clearTimeout(t);
    await later(20);
    expect(fired).toBe(0);
  });
});
