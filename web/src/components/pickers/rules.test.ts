import { describe, expect, it } from 'vitest';
import {
  addChosen,
  checkboxValue,
  checkedKeysOf,
  checkTreeCondition,
  ellipsis,
  errorText,
  failureOf,
  flattenTree,
  joinValue,
  latestOnly,
  PICKER,
  PICKER_MSG,
  pickedDeparts,
  removeChosen,
  splitValue,
  type PickerTreeNode,
} from './rules';

describe('picker constants (001 §9)', () => {
  it('widths, page sizes, ellipsis and debounces', () => {
    expect([PICKER.width, PICKER.userWidth, PICKER.businessWidth, PICKER.departWidth]).toEqual([1200, 1250, 900, 500]);
    expect([PICKER.pageSize, PICKER.businessPageSize]).toEqual([10, 5]);
    expect(PICKER.ellipsis).toBe(12);
    expect([PICKER.formDebounce, PICKER.searchDebounce]).toEqual([300, 800]);
  });
});

describe('comma values', () => {
  it('split trims and drops empty parts (a trailing comma included)', () => {
    expect(splitValue('a, b,,c,')).toEqual(['a', 'b', 'c']);
    expect(splitValue('')).toEqual([]);
    expect(splitValue(null)).toEqual([]);
  });
  it('join drops duplicates and keeps order', () => {
    expect(joinValue(['b', 'a', 'b', 1])).toBe('b,a,1');
    expect(joinValue([])).toBe('');
  });
  it('checkbox group value follows the option order', () => {
    const options = [{ value: '1' }, { value: '2' }, { value: '3' }];
    expect(checkboxValue(['3', '1'], options)).toBe('1,3');
    expect(checkboxValue([], options)).toBe('');
    expect(checkboxValue(['9'], options)).toBe('');
  });
});

describe('ellipsis', () => {
  it('cuts after 12 characters by default, counting Chinese characters as one', () => {
    expect(ellipsis('海盗王乐园运营部技术部门财务部人事部')).toBe('海盗王乐园运营部技术部门...');
    expect(ellipsis('短文本')).toBe('短文本');
    expect(ellipsis('abcdefghijkl')).toBe('abcdefghijkl');
    expect(ellipsis(undefined)).toBe('');
    expect(ellipsis('abcdef', 3)).toBe('abc...');
  });
});

describe('tree select condition (001 §5)', () => {
  it('empty is fine and sends nothing', () => {
    expect(checkTreeCondition(undefined)).toEqual({ ok: true, value: '' });
    expect(checkTreeCondition('')).toEqual({ ok: true, value: '' });
  });
  it('a JSON object string is sent as is', () => {
    expect(checkTreeCondition('{"code":"A01%"}')).toEqual({ ok: true, value: '{"code":"A01%"}' });
  });
  it('anything else is the §5 error', () => {
    for (const c of ['abc', '[1]', '1', '"x"', 'null', '{bad']) expect(checkTreeCondition(c)).toEqual({ ok: false, error: PICKER_MSG.badCondition });
    expect(PICKER_MSG.badCondition).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
  });
});

describe('latestOnly (stale replies dropped)', () => {
  it('only the last token is current', () => {
    const g = latestOnly();
    const a = g.next();
    const b = g.next();
    expect(g.isLatest(a)).toBe(false);
    expect(g.isLatest(b)).toBe(true);
  });
});

describe('department tree', () => {
  const tree: PickerTreeNode[] = [
    {
      key: 'a',
      title: '海盗王乐园',
      children: [
        { key: 'b', title: '运营部' },
        { key: 'c', title: '技术部', children: [{ key: 'd', title: '前端组' }] },
      ],
    },
  ];
  it('checked keys from linked (array) and unlinked (strict object) trees', () => {
    expect(checkedKeysOf(['a', 'b'])).toEqual(['a', 'b']);
    expect(checkedKeysOf({ checked: ['c'], halfChecked: ['a'] })).toEqual(['c']);
  });
  it('flattens depth first and maps keys to names, unknown keys kept', () => {
    expect(flattenTree(tree).map((n) => n.key)).toEqual(['a', 'b', 'c', 'd']);
    expect(pickedDeparts(['d', 'x'], tree)).toEqual([
      { id: 'd', departName: '前端组' },
      { id: 'x', departName: 'x' },
    ]);
  });
});

describe('business picker chosen list', () => {
  const key = (r: { id: string }) => r.id;
  it('multi adds without duplicates; single keeps the last one', () => {
    expect(addChosen([{ id: '1' }], [{ id: '1' }, { id: '2' }], key, true)).toEqual([{ id: '1' }, { id: '2' }]);
    expect(addChosen([{ id: '1' }], [{ id: '2' }, { id: '3' }], key, false)).toEqual([{ id: '3' }]);
    expect(addChosen([{ id: '1' }], [], key, false)).toEqual([{ id: '1' }]);
  });
  it('per-row delete', () => {
    expect(removeChosen([{ id: '1' }, { id: '2' }], '1', key)).toEqual([{ id: '2' }]);
  });
});

describe('failureOf / errorText', () => {
  it("a refused read gives the server's message (or 操作失败); a successful one nothing", () => {
    expect(failureOf({ success: false, message: '没有权限，请联系管理员授权' })).toBe('没有权限，请联系管理员授权');
    expect(failureOf({ success: false, message: '' })).toBe('操作失败');
    expect(failureOf({ success: true, message: '' })).toBeUndefined();
    expect(errorText(new Error('网络超时'))).toBe('网络超时');
    expect(errorText('x')).toBe('操作失败');
  });
});
