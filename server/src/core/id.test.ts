import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, newIdBlock } from './id.js';

describe('newId', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives 19-digit ids that sort by creation', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^\d{19}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const sorted = [...ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(sorted).toEqual(ids);
  });

  it('never repeats an id when the clock steps back', () => {
    const base = Date.now() + 60_000;
    const spy = vi.spyOn(Date, 'now');
    const ids: string[] = [];
    spy.mockReturnValue(base + 5000); // a clock ahead (a fake clock, NTP about to correct it)
    for (let i = 0; i < 3; i++) ids.push(newId());
    spy.mockReturnValue(base); // back five seconds
    for (let i = 0; i < 3; i++) ids.push(newId());
    expect(new Set(ids).size).toBe(6);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
  });

  it('a block of ids (the rows of a database function) meets no id made before or after it, in one millisecond or across', () => {
    const spy = vi.spyOn(Date, 'now');
    spy.mockReturnValue(Date.now() + 120_000); // one millisecond for all of it: the sequence fills and moves on
    const written = (v: bigint) => v.toString().padStart(19, '1'); // as the database function writes its k-th id
    const ids: string[] = [newId()];
    for (let i = 0; i < 40; i++) {
      const first = newIdBlock(256);
      for (let k = 0n; k < 256n; k++) ids.push(written(first + k));
      ids.push(newId());
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^\d{19}$/);
    for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
  });
});
