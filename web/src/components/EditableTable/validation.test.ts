import { describe, expect, it } from 'vitest';
import type { ColumnDef, Row } from './types';
import { countOf, firstError, PATTERNS, validateCell, validateRows } from './validation';

const col = (rules: ColumnDef['validateRules'], title = '名称'): ColumnDef => ({ key: 'v', title, type: 'input', validateRules: rules });
const row = (v: unknown, id = 'r1'): Row => ({ id, v });
const check = (code: string, v: string) => PATTERNS[code]!.re.test(v);

describe('pattern codes (001 §5)', () => {
  it.each([
    ['*', 'a', true],
    ['*', '', false],
    ['n6-16', '123456', true],
    ['n6-16', '12345', false],
    ['n6-16', '1'.repeat(17), false],
    ['n6-16', '12345a', false],
    ['*6-16', 'ab c!@', true],
    ['*6-16', 'abcde', false],
    ['*6-16', 'x'.repeat(17), false],
    ['s6-18', 'abcDEF', true],
    ['s6-18', 'abc12f', false],
    ['s6-18', 'a'.repeat(19), false],
    ['url', 'https://example.com/a?b=1', true],
    ['url', 'http://a.b', true],
    ['url', 'example.com', false],
    ['e', 'a.b@c.com', true],
    ['e', 'a@b', false],
    ['m', '13800138000', true],
    ['m', '12800138000', false],
    ['m', '1380013800', false],
    ['p', '100101', true],
    ['p', '10010', false],
    ['s', 'abcXYZ', true],
    ['s', 'ab1', false],
    ['n', '-1.5', true],
    ['n', '3', true],
    ['n', '1.', false],
    ['n', 'x', false],
    ['z', '-12', true],
    ['z', '1.2', false],
    ['money', '12.12345', true],
    ['money', '12.123456', false],
    ['money', '0.12', true],
    ['money', '0.123', false],
    ['money', '01', false],
    ['money', '0', true],
  ])('%s matches %j → %s', (code, v, ok) => {
    expect(check(code, v)).toBe(ok);
  });
});

describe('validateCell', () => {
  it('required and * reject empty values with the rule message (${title} filled)', async () => {
    expect(await validateCell(col([{ required: true, message: '${title}不能为空' }]), row(''), [])).toBe('名称不能为空');
    expect(await validateCell(col([{ pattern: '*', message: '请输入' }]), row(null), [])).toBe('请输入');
    expect(await validateCell(col([{ required: true }]), row('x'), [])).toBeNull();
  });
  it('other patterns skip empty values and use a default message when none is given', async () => {
    expect(await validateCell(col([{ pattern: 'm' }]), row(''), [])).toBeNull();
    expect(await validateCell(col([{ pattern: 'm' }], '手机'), row('123'), [])).toBe('手机必须是手机号码');
    expect(await validateCell(col([{ pattern: /^a/, message: '须以a开头' }]), row('ba'), [])).toBe('须以a开头');
  });
  it('uniqueness fails when the value appears twice or more', async () => {
    const c = col([{ unique: true, message: '${title}不能重复' }]);
    expect(await validateCell(c, row('x'), ['x', 'x'])).toBe('名称不能重复');
    expect(await validateCell(c, row('x'), ['x', 'y'])).toBeNull();
    expect(countOf('', ['', ''])).toBe(0);
  });
  it('custom handlers: true passes, a string is the message, async works', async () => {
    const c = col([{ handler: ({ value }) => (value === 'bad' ? '不可以是bad' : true) }]);
    expect(await validateCell(c, row('bad'), [])).toBe('不可以是bad');
    expect(await validateCell(c, row('ok'), [])).toBeNull();
    const asyncCol = col([{ handler: async () => '', message: '异步失败' }]);
    expect(await validateCell(asyncCol, row('x'), [])).toBe('异步失败');
  });
  it('rules run in order; the first failure wins', async () => {
    const c = col([
      { required: true, message: 'A' },
      { pattern: 'z', message: 'B' },
    ]);
    expect(await validateCell(c, row(''), [])).toBe('A');
    expect(await validateCell(c, row('1.5'), [])).toBe('B');
  });
});

describe('validateRows / firstError', () => {
  it('collects errors per row and column and reports the first in row order', async () => {
    const cols: ColumnDef[] = [
      col([{ required: true, message: '必填' }]),
      { key: 'w', title: 'W', type: 'input', validateRules: [{ unique: true, message: '重复' }] },
    ];
    const rows: Row[] = [
      { id: 'a', v: 'x', w: '1' },
      { id: 'b', v: '', w: '1' },
    ];
    const errors = await validateRows(cols, rows);
    expect(errors).toEqual({ a: { w: '重复' }, b: { v: '必填', w: '重复' } });
    expect(firstError(errors, rows, cols)).toBe('第1行：重复');
    expect(firstError({}, rows, cols)).toBeNull();
  });
});
