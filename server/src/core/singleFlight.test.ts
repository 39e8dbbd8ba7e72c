import { describe, expect, it } from 'vitest';
import { SingleFlight } from './singleFlight.js';

describe('SingleFlight', () => {
  it('shares one run per key while it runs, then starts a new one; a failure reaches every waiter and is not kept', async () => {
    const f = new SingleFlight<number>();
    let runs = 0;
    let release!: (n: number) => void;
    const slow = () => (runs++, new Promise<number>((r) => (release = r)));
    const a = f.run('k', slow);
    const b = f.run('k', slow);
    const other = f.run('other', async () => (runs++, 7));
    release(1);
    expect(await Promise.all([a, b, other])).toEqual([1, 1, 7]);
    expect(runs).toBe(2);
    expect(await f.run('k', async () => (runs++, 2))).toBe(2); // settled: a new run
    const failing = async () => {
      runs++;
      throw new Error('boom');
    };
    const results = await Promise.allSettled([f.run('x', failing), f.run('x', failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(4);
    await expect(f.run('x', async () => 3)).resolves.toBe(3);
  });
});
