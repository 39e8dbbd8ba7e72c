import { describe, expect, it } from 'vitest';
import { joinRules, splitRules } from './ruleForm';

const SEEDED_TEST = JSON.stringify([
  { digits: '*', pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
  { digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' },
  { digits: '*', pattern: '^[^pP]*$', message: '不能输入P' },
]);

describe('check rule editor values', () => {
  it('splits a rule JSON into global (*) and per-character rules, global first when the JSON starts with one', () => {
    expect(splitRules(SEEDED_TEST)).toEqual({
      globalPriority: 'before',
      globalRules: [
        { pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
        { pattern: '^[^pP]*$', message: '不能输入P' },
      ],
      localRules: [{ digits: 3, pattern: '^\\d{3}$', message: '前3位必须是数字' }],
    });
    expect(splitRules('[{"digits":"2","pattern":"a","message":"m"},{"digits":"*","pattern":"b","message":"n"}]').globalPriority).toBe('after');
    expect(splitRules('not json')).toEqual({ globalPriority: 'before', globalRules: [], localRules: [] });
    expect(splitRules(null).localRules).toEqual([]);
  });

  it('joins the lists in the chosen order with digits as strings', () => {
    const v = splitRules(SEEDED_TEST);
    expect(JSON.parse(joinRules(v))).toEqual([
      { digits: '*', pattern: '^.{3,12}$', message: '只能输入3-12位字符' },
      { digits: '*', pattern: '^[^pP]*$', message: '不能输入P' },
      { digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' },
    ]);
    expect(JSON.parse(joinRules({ ...v, globalPriority: 'after' }))[0]).toEqual({ digits: '3', pattern: '^\\d{3}$', message: '前3位必须是数字' });
    expect(joinRules({})).toBe('[]');
  });
});
