import { describe, expect, it, vi } from 'vitest';
import { parseAddSettings, saveAddSettings, loadAddSettings } from './addSettings';
import { acceptNumberTyping, clampHour, clampMinute, formatTags, numberOnBlur } from './inputRules';
import { filterParams, filterValue } from './filter';
import { columnWidth, overscanFor, selectionWidth, shortFileName, statistic, subTablePlacement, withRetries } from './layout';
import { uploadLimit } from './cells/UploadCell';
import type { ColumnDef } from './types';
import * as C from './constants';

describe('number input (001 §5)', () => {
  it.each([
    ['-', ''],
    ['', '1'],
    ['12', '1'],
    ['-1.', '-1'],
    ['-1.25', '-1.2'],
  ])('accepts %j while typing', (next, prev) => {
    expect(acceptNumberTyping(next, prev)).toBe(next);
  });
  it.each([
    ['1a', '1'],
    ['--', '-'],
    ['.5', ''],
    ['1.2.3', '1.2'],
    ['+1', ''],
  ])('reverts %j to the previous text', (next, prev) => {
    expect(acceptNumberTyping(next, prev)).toBe(prev);
  });
  it('on blur a valid value becomes a number, an invalid one empty', () => {
    expect(numberOnBlur('-12.5')).toBe(-12.5);
    expect(numberOnBlur('7')).toBe(7);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('1.')).toBe('');
    expect(numberOnBlur('')).toBe('');
  });
  it('hour and minute bounds', () => {
    expect([clampHour(-1), clampHour(24), clampMinute(60), clampMinute(5.7)]).toEqual([0, 23, 59, 5]);
  });
});

describe('tags input inserts a semicolon after every 2 characters', () => {
  it('while typing', () => {
    expect(formatTags('a')).toBe('a');
    expect(formatTags('ab', 'a')).toBe('ab;');
    expect(formatTags('ab;c', 'ab;')).toBe('ab;c');
    expect(formatTags('abcde')).toBe('ab;cd;e');
  });
  it('deleting does not re-add the trailing semicolon', () => {
    expect(formatTags('ab', 'ab;')).toBe('ab');
    expect(formatTags('abc', 'ab;cd')).toBe('ab;c');
  });
});

describe('layout constants and helpers (001 §9)', () => {
  it('has every size constant', () => {
    expect([C.ROW_HEIGHT, C.MAX_HEIGHT, C.VISIBLE_LINES, C.DEFAULT_ADD_COUNT, C.ADD_INDEX_BOTTOM, C.DEFAULT_SORT_KEY]).toEqual([61, 400, 9, 1, 0, 'orderNum']);
    expect([C.SEQ_WIDTH, C.SELECTION_WIDTH, C.SELECTION_WIDTH_WITH_STATISTICS, C.MULTI_MAX_TAGS, C.TREE_DROPDOWN_MAX_HEIGHT, C.UPLOAD_NAME_LENGTH]).toEqual([
      60, 40, 60, 1, 400, 5,
    ]);
    expect([C.INPUT_POP_SIZE, C.INPUT_POP_CELL_SIZE]).toEqual([
      { width: 150, height: 200 },
      { width: 300, height: 210 },
    ]);
    expect([C.INSERT_GUARD_MS, C.BLUR_VALIDATE_MS, C.SOCKET_HEARTBEAT_MS, C.SOCKET_TIMEOUT_MS, C.SOCKET_RECONNECT_MS]).toEqual([1500, 100, 10000, 6000, 5000]);
  });
  it('column width: explicit, else 92% / visible columns, else 120px; type minimums', () => {
    expect(columnWidth({ key: 'a', title: 'A', type: 'input', width: 80 }, 4)).toBe('80px');
    expect(columnWidth({ key: 'a', title: 'A', type: 'input' }, 4)).toBe('23.0000%');
    expect(columnWidth({ key: 'a', title: 'A', type: 'input' }, 0)).toBe('120px');
    expect(columnWidth({ key: 'a', title: 'A', type: 'datetime' }, 4)).toBe('max(23.0000%, 190px)');
    expect(columnWidth({ key: 'a', title: 'A', type: 'datetime', format: 'date', width: 100 }, 4)).toBe('135px');
    expect(columnWidth({ key: 'a', title: 'A', type: 'sel_user', width: 100 }, 4)).toBe('190px');
    expect(columnWidth({ key: 'a', title: 'A', type: 'sel_depart' }, 0)).toBe('190px');
  });
  it('selection column 40, 60 with statistics', () => {
    expect([selectionWidth(false), selectionWidth(true)]).toEqual([40, 60]);
  });
  it('sub-table popover below when 350 px remain, else above', () => {
    expect(subTablePlacement(400, 750)).toBe('bottom');
    expect(subTablePlacement(401, 750)).toBe('top');
  });
  it('sub-table opening retries 3 times then gives up', async () => {
    const attempt = vi.fn(() => false);
    const wait = vi.fn(async () => {});
    expect(await withRetries(attempt, 3, wait)).toBe(false);
    expect(attempt).toHaveBeenCalledTimes(4);
    expect(wait).toHaveBeenCalledTimes(3);
    let n = 0;
    expect(await withRetries(() => ++n === 2, 3, wait)).toBe(true);
    expect(C.MSG.subTableFailed).toBe('打开子表失败');
  });
  it('statistics: sum and average skip non-numbers, no float noise', () => {
    expect(statistic('sum', [0.1, 0.2, '', null, 'x', '3'])).toBe(3.3);
    expect(statistic('average', [1, 2, '', 6])).toBe(3);
    expect(statistic('average', [])).toBe(0);
  });
  it('filter prefixes: like *x*, ne !x, ge >=x, le <=x', () => {
    expect(['like', 'ne', 'ge', 'le', 'eq'].map((r) => filterValue(r as 'like', 'x'))).toEqual(['*x*', '!x', '>=x', '<=x', 'x']);
  });
  it('filter params: one prefixed value per filtered column; blank values, unfiltered columns and unoffered rules give none', () => {
    const cols: ColumnDef[] = [
      { key: 'code', title: '编码', type: 'input', filter: 'like' },
      { key: 'name', title: '名称', type: 'input', filter: 'ne' },
      { key: 'rank', title: '职级', type: 'select', filter: ['ge', 'le', 'eq'] },
      { key: 'note', title: '备注', type: 'input' },
      { key: 'age', title: '年龄', type: 'inputNumber', filter: 'eq' },
    ];
    expect(
      filterParams(cols, {
        code: { rule: 'like', value: ' 船 ' },
        name: { rule: 'ne', value: '厨师' },
        rank: { rule: 'le', value: '3' },
        note: { rule: 'eq', value: 'x' },
        age: { rule: 'eq', value: '  ' },
      }),
    ).toEqual({ code: '*船*', name: '!厨师', rank: '<=3' });
    expect(filterParams(cols, { rank: { rule: 'ge', value: '2' }, code: { rule: 'ne', value: 'x' } })).toEqual({ rank: '>=2' });
    expect(filterParams(cols, {})).toEqual({});
  });
  it('virtual window: the overscan keeps 9 lines mounted (400 px body: 6 in view + 3), at least 1', () => {
    expect(overscanFor(400, 40)).toBe(3);
    expect(overscanFor(40 + 9 * 61, 40)).toBe(1);
    expect(overscanFor(100, 40)).toBe(8);
  });
  it('upload count limit: number, else fieldExtendJson uploadnum, else 0 (unset)', () => {
    expect(C.UPLOAD_DEFAULT_NUMBER).toBe(0);
    expect(uploadLimit({})).toBe(0);
    expect(uploadLimit({ number: 2, fieldExtendJson: '{"uploadnum":5}' })).toBe(2);
    expect(uploadLimit({ fieldExtendJson: '{"uploadnum":3}' })).toBe(3);
    expect(uploadLimit({ fieldExtendJson: '{"uploadnum":"4"}' })).toBe(4);
    expect(uploadLimit({ fieldExtendJson: 'not json' })).toBe(0);
    expect(uploadLimit({ number: -1, fieldExtendJson: '{"uploadnum":-2}' })).toBe(0);
  });
  it('upload file names are cut to 5 characters', () => {
    expect(shortFileName('报告2026年.pdf')).toBe('报告202…');
    expect(shortFileName('a.png')).toBe('a.png');
  });
});

describe('add-row settings (stored locally)', () => {
  it('defaults: add 1, at the bottom, no scroll', () => {
    expect(parseAddSettings(null)).toEqual({ addRowNum: 1, addIndex: 0, addScrollToBottom: false });
    expect(parseAddSettings('{bad')).toEqual({ addRowNum: 1, addIndex: 0, addScrollToBottom: false });
    expect(parseAddSettings('{"addRowNum":-2,"addIndex":"x"}')).toEqual({ addRowNum: 1, addIndex: 0, addScrollToBottom: false });
  });
  it('round-trips through storage', () => {
    const mem = new Map<string, string>();
    const storage = { getItem: (k: string) => mem.get(k) ?? null, setItem: (k: string, v: string) => void mem.set(k, v) };
    saveAddSettings({ addRowNum: 3, addIndex: 2, addScrollToBottom: true }, storage);
    expect(loadAddSettings(storage)).toEqual({ addRowNum: 3, addIndex: 2, addScrollToBottom: true });
  });
});
