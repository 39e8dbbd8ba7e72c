import { describe, expect, it } from 'vitest';
import { fromDrafts, toDrafts } from './rules';

describe('gateway rule drafts', () => {
  it('shows array args as tags and generated keys by value; named keys as key=value', () => {
    expect(
      toDrafts([
        { name: 'Path', args: ['/a/**', '/b/**'] },
        { name: 'StripPrefix', args: { _genkey_0: '1' } },
        { name: 'X', args: { k: 'v' } },
      ]),
    ).toEqual([
      { name: 'Path', tags: ['/a/**', '/b/**'] },
      { name: 'StripPrefix', tags: ['1'] },
      { name: 'X', tags: ['k=v'] },
    ]);
    expect(toDrafts(null)).toEqual([]);
  });

  it('builds rules back: key=value tags give an object, other tags an array; nameless rows dropped', () => {
    expect(
      fromDrafts([
        { name: ' Path ', tags: ['/a/**', ' '] },
        { name: 'RequestRateLimiter', tags: ['redis-rate-limiter.replenishRate=10', 'key-resolver=#{@ipKeyResolver}'] },
        { name: '', tags: ['x'] },
        { name: 'Method', tags: [] },
      ]),
    ).toEqual([
      { name: 'Path', args: ['/a/**'] },
      { name: 'RequestRateLimiter', args: { 'redis-rate-limiter.replenishRate': '10', 'key-resolver': '#{@ipKeyResolver}' } },
      { name: 'Method', args: [] },
    ]);
  });
});
