import { describe, expect, it } from 'vitest';
import { positionEntity } from '@pk/contract';
import {
  blankCondition,
  isEmptyCondition,
  loadSaved,
  MATCH_TYPES,
  planSave,
  queryFields,
  readSaved,
  removeSaved,
  RULES,
  saveKey,
  SQ_MSG,
  superQueryParams,
  withField,
  withRule,
  writeSaved,
  type Condition,
  type SavedQuery,
} from './superQueryRules';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};

describe('constants (001 §9)', () => {
  it('offers the ten rule codes and two match types', () => {
    expect(RULES.map((r) => r.value)).toEqual(['eq', 'like', 'right_like', 'left_like', 'in', 'ne', 'gt', 'ge', 'lt', 'le']);
    expect(MATCH_TYPES.map((m) => m.value)).toEqual(['and', 'or']);
  });
});

describe('conditions', () => {
  it('offers the filterable fields of the entity', () => {
    expect(queryFields(positionEntity).map((f) => f.prop)).toEqual(['code', 'name', 'postRank', 'createTime']);
    expect(queryFields({ fields: [{ prop: 'x', label: 'x', type: 'string' }] })).toEqual([]);
  });
  it('a condition is empty without field, rule or value (001 §5)', () => {
    expect(isEmptyCondition(blankCondition())).toBe(true);
    expect(isEmptyCondition({ field: 'name', rule: 'eq', val: ' ' })).toBe(true);
    expect(isEmptyCondition({ field: 'name', val: 'a' })).toBe(true);
    expect(isEmptyCondition({ rule: 'eq', val: 'a' })).toBe(true);
    expect(isEmptyCondition({ field: 'name', rule: 'eq', val: 'a' })).toBe(false);
  });
  it('picking a field brings its type and dictionary and drops the old value', () => {
    const rank = positionEntity.fields.find((f) => f.prop === 'postRank')!;
    const created = positionEntity.fields.find((f) => f.prop === 'createTime')!;
    expect(withField({ field: 'name', rule: 'like', val: 'x' }, rank)).toEqual({ field: 'postRank', rule: 'like', type: 'string', dictCode: 'position_rank' });
    expect(withField({ rule: 'gt' }, created)).toEqual({ field: 'createTime', rule: 'gt', type: 'datetime' });
    expect(withField({ field: 'name', rule: 'ne', val: 'x' }, undefined)).toEqual({ rule: 'ne' });
  });
  it('switching the rule away from in keeps only the first value (001 §4)', () => {
    const c: Condition = { field: 'postRank', rule: 'in', val: '1,2,3' };
    expect(withRule(c, 'eq')).toEqual({ field: 'postRank', rule: 'eq', val: '1' });
    expect(withRule(c, 'in')).toEqual(c);
    expect(withRule({ field: 'name', rule: 'eq', val: 'a,b' }, 'like')).toEqual({ field: 'name', rule: 'like', val: 'a,b' });
  });
});

describe('superQueryParams (contract §5.5)', () => {
  it('is encodeURI(JSON) of the non-empty conditions plus the match type', () => {
    const out = superQueryParams(
      [
        { field: 'name', rule: 'like', val: ' 经理 ', type: 'string' },
        blankCondition(),
        { field: 'postRank', rule: 'in', val: '1,2', type: 'string', dictCode: 'position_rank' },
      ],
      'or',
    )!;
    expect(out.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURI(out.superQueryParams))).toEqual([
      { field: 'name', rule: 'like', val: '经理', type: 'string' },
      { field: 'postRank', rule: 'in', val: '1,2', type: 'string', dictCode: 'position_rank' },
    ]);
    expect(out.superQueryParams).not.toContain('经理'); // percent-encoded
  });
  it('is null with no valid condition (the flag stays off)', () => {
    expect(superQueryParams([blankCondition()], 'and')).toBeNull();
    expect(superQueryParams([], 'and')).toBeNull();
  });
});

describe('saved queries (001 §5, local storage only)', () => {
  const cond: Condition[] = [{ field: 'name', rule: 'like', val: '经理' }];
  it('keys by the save code, else the current path', () => {
    expect(saveKey('position', '/system/position')).toBe('JSuperQuerySaved_position');
    expect(saveKey(undefined, '/system/position')).toBe('JSuperQuerySaved_/system/position');
  });
  it('refuses empty conditions, then a blank name', () => {
    expect(planSave([], 'x', [blankCondition()], 'and')).toEqual({ error: SQ_MSG.emptySave });
    expect(planSave([], '  ', cond, 'and')).toEqual({ error: SQ_MSG.emptyName });
  });
  it('adds a new name and flags an existing one for the overwrite question', () => {
    const first = planSave([], '经理们', [...cond, blankCondition()], 'or');
    expect(first).toEqual({ exists: false, next: [{ title: '经理们', matchType: 'or', records: cond }] });
    const again = planSave((first as { next: SavedQuery[] }).next, '经理们', [{ field: 'code', rule: 'eq', val: 'pm' }], 'and');
    expect(again).toEqual({ exists: true, next: [{ title: '经理们', matchType: 'and', records: [{ field: 'code', rule: 'eq', val: 'pm' }] }] });
    expect(SQ_MSG.exists('经理们')).toBe('经理们 已存在，是否覆盖？');
  });
  it('round-trips through storage, ignoring junk, and removes by title', () => {
    const s = memory();
    const list: SavedQuery[] = [
      { title: 'a', matchType: 'and', records: cond },
      { title: 'b', matchType: 'or', records: [] },
    ];
    writeSaved(s, 'k', list);
    expect(readSaved(s, 'k')).toEqual(list);
    s.setItem('bad', '{not json');
    expect(readSaved(s, 'bad')).toEqual([]);
    s.setItem('odd', JSON.stringify([{ title: 1 }, { title: 'x', records: [], matchType: 'weird' }]));
    expect(readSaved(s, 'odd')).toEqual([{ title: 'x', matchType: 'and', records: [] }]);
    expect(removeSaved(list, 'a').map((q) => q.title)).toEqual(['b']);
  });
  it('loading gives a copy, or one blank row for an empty record list', () => {
    const saved: SavedQuery = { title: 'a', matchType: 'or', records: cond };
    const loaded = loadSaved(saved);
    expect(loaded).toEqual({ matchType: 'or', conditions: cond });
    expect(loaded.conditions[0]).not.toBe(cond[0]);
    expect(loadSaved({ title: 'b', matchType: 'and', records: [] }).conditions).toEqual([blankCondition()]);
  });
});
