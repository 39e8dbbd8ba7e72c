import { describe, expect, it } from 'vitest';
import { checkValue, parseRuleJson } from './checkEngine.js';
import { matchesWhole } from './safeRegex.js';

const rules = (...items: Array<[string, string, string]>) => items.map(([digits, pattern, message]) => ({ digits, pattern, message }));

// The seeded `test` rule of the original (jeecg-schema §2).
const TEST_RULE = rules(
  ['*', '^.{3,12}$', '只能输入3-12位字符'],
  ['3', '^\\d{3}$', '前3位必须是数字'],
  ['*', '^[^pP]*$', '不能输入P'],
  ['4', '^@{4}$', '第4-7位必须都为 @'],
  ['2', '^#=$', '第8-9位必须是 #='],
  ['1', '^O$', '第10位必须为大写的O'],
  ['*', '^.*。$', '必须以。结尾'],
);

describe('check rule engine (contract §6.4)', () => {
  it('passes a value meeting every part, and a blank value', () => {
    expect(checkValue(TEST_RULE, '123@@@@#=O。')).toBeNull();
    expect(checkValue(TEST_RULE, '')).toBeNull();
    expect(checkValue(TEST_RULE, '   ')).toBeNull();
  });

  it('digits n takes the next n characters and moves the cursor; * tests the whole value without moving it', () => {
    expect(checkValue(TEST_RULE, '123@@@x#=O。')).toEqual({
      digits: '4',
      pattern: '^@{4}$',
      message: '第4-7位必须都为 @',
      checkValue: '@@@x',
      passed: false,
      beginIndex: 3,
      endIndex: 7,
    });
    // The third part (*) saw the whole value, and the cursor after '3' stayed at 3 for the '4' part.
    expect(checkValue(TEST_RULE, '123@@@@#=Op。')).toMatchObject({ message: '不能输入P', checkValue: '123@@@@#=Op。' });
    expect(checkValue(TEST_RULE, '123@@@@#=O。')).toBeNull();
  });

  it('clamps a slice to the value and gives an empty slice past its end', () => {
    const r = rules(['2', '^ab$', 'first'], ['5', '^c*$', 'second'], ['3', '^x{3}$', 'third']);
    expect(checkValue(r, 'abcc')).toEqual({ digits: '3', pattern: '^x{3}$', message: 'third', checkValue: '', passed: false, beginIndex: 7, endIndex: 4 });
    expect(checkValue(rules(['2', '^ab$', 'm'], ['5', '^c+$', 'n']), 'abcc')).toBeNull();
  });

  it('stops at the first failure', () => {
    const r = rules(['*', '^\\d+$', '只能是数字'], ['*', '^.{5}$', '须为5位']);
    expect(checkValue(r, 'ab')?.message).toBe('只能是数字');
    expect(checkValue(r, '12')?.message).toBe('须为5位');
  });

  it('matches the entire slice, as Java Pattern.matches does', () => {
    expect(matchesWhole('\\d{3}', '1234')).toBe(false);
    expect(matchesWhole('\\d{3}', '123')).toBe(true);
    expect(matchesWhole('a|ab', 'ab')).toBe(true);
  });

  it('answers a catastrophic pattern without backtracking (linear-time engine)', () => {
    const r = rules(['*', '(a+)+$', '只能是a'], ['*', '^(\\w+\\s?)*$', '单词']);
    expect(checkValue(r, `${'a'.repeat(50_000)}b`)?.message).toBe('只能是a');
    expect(checkValue(rules(['*', '^(\\w+\\s?)*$', '单词']), `${'word '.repeat(10_000)}!`)?.message).toBe('单词');
  });

  it('parses a rule JSON and refuses what is not one, with the part named', () => {
    expect(parseRuleJson('[{"digits":"*","pattern":"^a$","message":"m"},{"digits":2,"pattern":"b","message":"n"}]')).toEqual(
      rules(['*', '^a$', 'm'], ['2', 'b', 'n']),
    );
    expect(parseRuleJson('[]')).toEqual([]);
    const bad: Array<[string, string]> = [
      ['{', '规则JSON格式不正确'],
      ['{"digits":"*"}', '规则JSON格式不正确'],
      ['[1]', '第1条规则格式不正确'],
      ['[{"digits":"0","pattern":"a","message":"m"}]', '第1条规则的位数'],
      ['[{"digits":"-1","pattern":"a","message":"m"}]', '第1条规则的位数'],
      ['[{"digits":"x","pattern":"a","message":"m"}]', '第1条规则的位数'],
      ['[{"digits":"*","pattern":"a","message":"m"},{"digits":"*","pattern":"(a","message":"m"}]', '第2条规则的正则表达式'],
      ['[{"digits":"*","pattern":"(?<=a)b","message":"m"}]', '第1条规则的正则表达式'],
      ['[{"digits":"*","pattern":"","message":"m"}]', '第1条规则的正则表达式'],
      ['[{"digits":"*","pattern":"a","message":" "}]', '第1条规则的提示文本'],
      [JSON.stringify(Array.from({ length: 51 }, () => ({ digits: '*', pattern: 'a', message: 'm' }))), '最多50条'],
    ];
    for (const [text, msg] of bad) expect(() => parseRuleJson(text), text).toThrow(msg);
  });
});
