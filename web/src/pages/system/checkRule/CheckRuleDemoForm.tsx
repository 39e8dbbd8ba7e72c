/**
 * 组件示例 → 弹窗与控件: a form field checked by a check rule (FieldDef.checkRule → fieldRules → checkByCode). The
 * rule code is typed above it (default `common`, seeded), so a newly added rule can be tried at once.
 */
import type { ReactNode } from 'react';
import { Button, Form, Input, Typography } from 'antd';
import type { FieldDef } from '@pk/contract';
import { fieldRules } from '../../../crud';

const codeField = (checkRule: string): FieldDef => ({ prop: 'code', label: '编码', type: 'string', required: true, maxLength: 100, checkRule });

export function CheckRuleDemoForm(): ReactNode {
  const [form] = Form.useForm<{ ruleCode: string; code: string }>();
  const ruleCode = (Form.useWatch('ruleCode', form) ?? 'common').trim();
  return (
    <div data-testid="check-rule-demo">
      <Typography.Title level={5}>校验规则（系统校验规则）</Typography.Title>
      <Form form={form} name="check-rule-demo" layout="inline" initialValues={{ ruleCode: 'common' }}>
        <Form.Item name="ruleCode" label="规则编码">
          <Input style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="code" label="编码" rules={fieldRules(codeField(ruleCode))}>
          <Input style={{ width: 220 }} placeholder="按规则校验的编码" />
        </Form.Item>
        <Button onClick={() => void form.validateFields().catch(() => undefined)}>校验</Button>
      </Form>
    </div>
  );
}
