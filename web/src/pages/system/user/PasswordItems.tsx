/** 登录密码 and 确认密码 of the user dialogs (add user, admin password reset): the strength rule and the match check. */
import type { ReactNode } from 'react';
import { Form, Input } from 'antd';
import { PASSWORD_MESSAGE, PASSWORD_PATTERN } from './data';
import { confirmRules } from '../../../components/passwordConfirm';

export function PasswordItems(): ReactNode {
  return (
    <>
      <Form.Item name="password" label="登录密码" rules={[{ required: true, pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE }]}>
        <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirmpassword" label="确认密码" dependencies={['password']} rules={confirmRules('请重新输入登录密码!')}>
        <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
