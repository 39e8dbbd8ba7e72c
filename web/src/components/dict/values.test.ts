import { describe, expect, it } from 'vitest';
import { MULTI_SEPARATOR, SWITCH_DEFAULTS, dictText, joinMulti, splitMulti, switchChecked, switchValue } from './values';

const OPTS = [
  { value: 'H', label: '高' },
  { value: 'M', label: '中' },
  { value: 'L', label: '低' },
];

describe('multi values (001 §9: separator comma)', () => {
  it('split and join', () => {
    expect(MULTI_SEPARATOR).toBe(',');
    expect(splitMulti('a,b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitMulti('')).toEqual([]);
    expect(splitMulti(null)).toEqual([]);
    expect(splitMulti(['1', 2])).toEqual(['1', '2']);
    expect(splitMulti('a|b', '|')).toEqual(['a', 'b']);
    expect(joinMulti(['a', 'b', 'a'])).toBe('a,b');
    expect(joinMulti([])).toBe('');
  });

  it('dictionary text per item, unknown values kept', () => {
    expect(dictText(OPTS, 'H')).toBe('高');
    expect(dictText(OPTS, 'H,L')).toBe('高,低');
    expect(dictText(OPTS, 'X')).toBe('X');
    expect(dictText(OPTS, '')).toBe('');
    expect(dictText(OPTS, null)).toBe('');
  });
});

describe('switch (Y/N, 是/否, configurable)', () => {
  it('defaults', () => {
    expect(SWITCH_DEFAULTS).toEqual({ options: ['Y', 'N'], labels: ['是', '否'] });
    expect(switchChecked('Y')).toBe(true);
    expect(switchChecked('N')).toBe(false);
    expect(switchChecked(undefined)).toBe(false);
    expect(switchValue(true)).toBe('Y');
    expect(switchValue(false)).toBe('N');
  });

  it('configurable values', () => {
    expect(switchChecked(1, [1, 0])).toBe(true);
    expect(switchChecked('1', [1, 0])).toBe(true);
    expect(switchValue(false, [1, 0])).toBe(0);
  });
});
