import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare';

describe('compareVersions', () => {
  it('lists every field of both versions and marks the changed ones', () => {
    const diffs = compareVersions('{"id":"1","name":"甲","rank":"1","n":null}', '{"id":"1","name":"乙","rank":"1","n":0,"extra":{"a":1}}');
    expect(diffs).toEqual([
      { field: 'id', left: '1', right: '1', changed: false },
      { field: 'name', left: '甲', right: '乙', changed: true },
      { field: 'rank', left: '1', right: '1', changed: false },
      { field: 'n', left: '', right: '0', changed: true },
      { field: 'extra', left: '', right: '{"a":1}', changed: true },
    ]);
  });

  it('reads broken or non-object content as empty', () => {
    expect(compareVersions('not json', '[1,2]')).toEqual([]);
    expect(compareVersions(null, '{"a":"x"}')).toEqual([{ field: 'a', left: '', right: 'x', changed: true }]);
  });
});
