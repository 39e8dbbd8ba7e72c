import { describe, expect, it } from 'vitest';
import { RULE_COLUMN_PATTERN, ruleConditionOptions, toRuleBody } from './dataRule';

describe('data rule form (contract §4.4)', () => {
  it('never offers the raw SQL condition', () => {
    const opts = [
      { value: '=', label: '等于' },
      { value: 'USE_SQL_RULES', label: '自定义SQL表达式' },
      { value: 'IN', label: '包含' },
    ];
    expect(ruleConditionOptions(opts).map((o) => o.value)).toEqual(['=', 'IN']);
  });

  it('builds the body with the menu id, trims, defaults status to 有效 and refuses USE_SQL_RULES', () => {
    expect(toRuleBody({ ruleName: ' 本人 ', ruleColumn: 'createBy', ruleConditions: '=', ruleValue: ' #{sys_user_code} ' }, 'm1')).toEqual({
      permissionId: 'm1',
      ruleName: '本人',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
    });
    expect(toRuleBody({ ruleConditions: '=', status: '0' }, 'm1', 'r1')).toMatchObject({ id: 'r1', status: '0' });
    expect(() => toRuleBody({ ruleConditions: 'USE_SQL_RULES' }, 'm1')).toThrow('不允许使用自定义SQL规则');
  });

  it('rule columns are camelCase property names', () => {
    expect(RULE_COLUMN_PATTERN.test('sysOrgCode')).toBe(true);
    expect(RULE_COLUMN_PATTERN.test('sys_org_code;drop')).toBe(false);
    expect(RULE_COLUMN_PATTERN.test('Name')).toBe(false);
  });
});
