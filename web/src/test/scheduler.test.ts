import { afterEach, describe, expect, it } from 'vitest';

// The guard of ./scheduler.ts (loaded first for every web test file): React's work that reaches setImmediate after
// the file's page is gone is dropped; everything else runs.
const g = globalThis as { window?: unknown };
const page = g.window;
afterEach(() => {
  g.window = page;
});

function ran(callback: () => void): Promise<boolean> {
  let done = false;
  const wrapped = Object.defineProperty(
    () => {
      done = true;
      callback();
    },
    'name',
    { value: callback.name },
  );
  setImmediate(wrapped);
  return new Promise((r) => setTimeout(() => r(done), 20));
}

describe('setImmediate guard', () => {
  it('runs React scheduler work while the page exists', async () => {
    expect(await ran(function performWorkUntilDeadline() {})).toBe(true);
  });

  it('drops React scheduler work once the page is torn down, and runs any other callback', async () => {
    delete g.window;
    expect(await ran(function performWorkUntilDeadline() {})).toBe(false);
    expect(await ran(function somethingElse() {})).toBe(true);
  });
});
