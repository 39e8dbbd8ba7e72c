/** The 确认密码 rule of every password form (register, forgotten password, change password, add user, reset). */
import type { FormRule } from 'antd';

export const PASSWORD_MISMATCH = '两次输入的密码不一样！';

/** Rules of a confirmation field: required with `requiredMessage`, and equal to the field `passwordField`. */
export function confirmRules(requiredMessage: string, passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_r, v) => (!v || v === getFieldValue(passwordField) ? Promise.resolve() : Promise.reject(new Error(PASSWORD_MISMATCH))),
    }),
  ];
}
