/** 功能测试 of a fill rule: `GET /sys/fillRule/testFillRule` and the value it generated (再次生成 asks again). */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Modal, Space, Spin, Typography } from 'antd';
import { http } from '../../../api/request';
import { MSG } from '../../../messages';

export interface FillRuleTestModalProps {
  ruleCode: string | null;
  onClose: () => void;
}

type Outcome = { value: unknown } | { error: string } | null;

function show(value: unknown): string {
  if (value === null || value === undefined) return '（无结果：规则无法执行）';
  return Array.isArray(value) ? value.join('，') : String(value);
}

export function FillRuleTestModal({ ruleCode, onClose }: FillRuleTestModalProps): ReactNode {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!ruleCode) return;
    let live = true;
    setOutcome(null);
    http.get<unknown>('/sys/fillRule/testFillRule', { ruleCode }).then(
      (res) => live && setOutcome(res.success ? { value: res.result } : { error: res.message || MSG.failed }),
      () => live && setOutcome({ error: MSG.failed }),
    );
    return () => {
      live = false;
    };
  }, [ruleCode, round]);

  return (
    <Modal
      title="功能测试"
      open={!!ruleCode}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => setRound((n) => n + 1)}>再次生成</Button>
          <Button type="primary" onClick={onClose}>
            {MSG.close}
          </Button>
        </Space>
      }
    >
      {outcome === null ? (
        <Spin />
      ) : 'error' in outcome ? (
        <Typography.Text type="danger">{outcome.error}</Typography.Text>
      ) : (
        <Typography.Paragraph>
          规则 {ruleCode} 生成的值：
          <Typography.Text strong copyable data-testid="fill-rule-test-value">
            {show(outcome.value)}
          </Typography.Text>
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
