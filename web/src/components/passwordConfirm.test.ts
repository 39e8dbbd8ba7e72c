import { describe, expect, it } from 'vitest';
import type { FormInstance, RuleObject } from 'antd/es/form';
import { confirmRules, PASSWORD_MISMATCH } from './passwordConfirm';

// The confirmation rule as antd runs it: the second rule is a function of the form that returns the validator.
function validate(password: string, confirm: string, field = 'password') {
  const [required, match] = confirmRules('请确认密码', field);
  const form = { getFieldValue: (name: string) => (name === field ? password : undefined) } as unknown as FormInstance;
  const rule = (match as (f: FormInstance) => RuleObject)(form);
  return { required: required as RuleObject, result: rule.validator!(rule, confirm, () => undefined) as Promise<void> };
}

describe('confirmRules', () => {
  it('is required with the form’s own message', () => {
    expect(validate('a', 'a').required).toEqual({ required: true, message: '请确认密码' });
  });
  it('passes when both entries are equal, or while the confirmation is empty (required speaks then)', async () => {
    await expect(validate('Secret@1', 'Secret@1').result).resolves.toBeUndefined();
    await expect(validate('Secret@1', '').result).resolves.toBeUndefined();
  });
  it('refuses a different entry with 两次输入的密码不一样！, against the field it was given', async () => {
    await expect(validate('Secret@1', 'Secret@2').result).rejects.toThrow(PASSWORD_MISMATCH);
    await expect(validate('x', 'x', 'newPassword').result).resolves.toBeUndefined();
    expect(PASSWORD_MISMATCH).toBe('两次输入的密码不一样！');
  });
});
