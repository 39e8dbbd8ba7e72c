import { describe, expect, it } from 'vitest';
import { readCachedDict, toOptions } from './useDictOptions';
import { serverUrl } from './serverUrl';

const items = [
  { value: '1', text: '员级' },
  { value: '2', text: '助级' },
];

function storage(map: Record<string, string>): Pick<Storage, 'getItem'> {
  return { getItem: (k) => map[k] ?? null };
}

describe('readCachedDict', () => {
  it('reads a plain {code: items} map', () => {
    expect(readCachedDict('position_rank', storage({ UI_CACHE_DB_DICT_DATA: JSON.stringify({ position_rank: items }) }))).toEqual(items);
  });

  it('reads the Vue.ls {value, expire} wrapper and skips an expired one', () => {
    const fresh = JSON.stringify({ value: { position_rank: items }, expire: Date.now() + 60_000 });
    const stale = JSON.stringify({ value: { position_rank: items }, expire: Date.now() - 1 });
    expect(readCachedDict('position_rank', storage({ pro__UI_CACHE_DB_DICT_DATA: fresh }))).toEqual(items);
    expect(readCachedDict('position_rank', storage({ pro__UI_CACHE_DB_DICT_DATA: stale }))).toBeUndefined();
  });

  it('ignores missing codes and broken data', () => {
    expect(readCachedDict('sex', storage({ UI_CACHE_DB_DICT_DATA: JSON.stringify({ position_rank: items }) }))).toBeUndefined();
    expect(readCachedDict('sex', storage({ UI_CACHE_DB_DICT_DATA: '{oops' }))).toBeUndefined();
    expect(readCachedDict('sex', storage({ UI_CACHE_DB_DICT_DATA: JSON.stringify({ sex: [{ nope: 1 }] }) }))).toBeUndefined();
  });
});

describe('toOptions', () => {
  it('maps DictModel to select options with string values', () => {
    expect(toOptions([{ value: 1 as unknown as string, text: '男' }])).toEqual([{ value: '1', label: '男' }]);
  });
});

describe('serverUrl', () => {
  it('joins base, prefix and path', () => {
    expect(serverUrl('/sys/common/static/logs/a.txt', 'http://h:8080/jeecg-boot/')).toBe('http://h:8080/jeecg-boot/sys/common/static/logs/a.txt');
    expect(serverUrl('sys/x', '')).toBe('/sys/x');
    expect(serverUrl('https://cdn/x.txt')).toBe('https://cdn/x.txt');
  });

  it('defaults to window._CONFIG.domianURL', () => {
    expect(serverUrl('/sys/common/static/logs/e.txt')).toBe(`${window._CONFIG.domianURL}/sys/common/static/logs/e.txt`);
  });
});
