/** 功能测试 of a check rule: type a value, see 校验通过 or the failing part's message (checkByCode, as any form asks). */
import { useState, type ReactNode } from 'react';
import { Form, Input, Modal, Typography } from 'antd';
import { checkRuleRule } from '../../../crud';

export interface CheckRuleTestModalProps {
  ruleCode: string | null;
  onClose: () => void;
}

export function CheckRuleTestModal({ ruleCode, onClose }: CheckRuleTestModalProps): ReactNode {
  const [passed, setPassed] = useState(false);
  return (
    <Modal title="功能测试" open={!!ruleCode} onCancel={onClose} footer={null} destroyOnHidden width={600}>
      {ruleCode && (
        <Form
          layout="vertical"
          name="check-rule-test"
          onFieldsChange={(_, all) => {
            const f = all[0];
            setPassed(!!f && !f.validating && !f.errors?.length && typeof f.value === 'string' && f.value.trim() !== '');
          }}
        >
          <Form.Item name="value" label={`规则编码：${ruleCode}`} hasFeedback rules={[checkRuleRule(ruleCode, 'test-dialog')]}>
            <Input placeholder="请输入要校验的值" />
          </Form.Item>
          <Typography.Text type={passed ? 'success' : 'secondary'} data-testid="check-rule-test-result">
            {passed ? '校验通过' : '输入后自动校验'}
          </Typography.Text>
        </Form>
      )}
    </Modal>
  );
}
