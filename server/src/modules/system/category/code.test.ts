import { describe, expect, it } from 'vitest';
import { isWellFormedCode, nextCategoryCode, parentCodeOf } from './code.js';

// contract §6.5 code scheme
describe('category code scheme', () => {
  it('first child of a level is A01, appended to the parent code', () => {
    expect(nextCategoryCode('', [])).toBe('A01');
    expect(nextCategoryCode('A01', [])).toBe('A01A01');
  });
  it('next sibling increments the number, then the letter after 99', () => {
    expect(nextCategoryCode('', ['A01', 'A02'])).toBe('A03');
    expect(nextCategoryCode('', ['A99', 'A05'])).toBe('B01');
    expect(nextCategoryCode('B02', ['B02A09', 'B02B10'])).toBe('B02B11');
  });
  it('ignores codes of other levels and malformed ones', () => {
    expect(nextCategoryCode('A01', ['A01A01A01', 'A02A05', 'A01x99', 'A01A03'])).toBe('A01A04');
  });
  it('a full level (Z99) gives null instead of a colliding code', () => {
    expect(nextCategoryCode('', ['Z99'])).toBeNull();
  });
  it('parentCodeOf and isWellFormedCode', () => {
    expect(parentCodeOf('A01B02')).toBe('A01');
    expect(parentCodeOf('A01')).toBe('');
    expect(isWellFormedCode('A01B02')).toBe(true);
    expect(isWellFormedCode('A1')).toBe(false);
    expect(isWellFormedCode('a01')).toBe(false);
    expect(isWellFormedCode('')).toBe(false);
  });
});
