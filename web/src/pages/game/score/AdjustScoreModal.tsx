/**
 * 调整积分 (issue 13 point 6): a signed change (≠ 0, whole, at most 1,000,000 either way) with a required reason, sent
 * to `POST /score/pirateScore/adjust`; the server refuses going below zero (可用积分不足) and the dialog stays open.
 */
import type { ReactNode } from 'react';
import { Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { SCORE_ADJUST_MAX } from '@pk/contract';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { adjustScore } from './api';

export const ADJUST_TEXT = {
  title: '调整积分',
  delta: '调整积分',
  deltaHint: '正数增加，负数扣减',
  deltaRequired: '请输入调整积分',
  deltaZero: '调整积分不能为0',
  reason: '调整原因',
  reasonRequired: '请填写调整原因',
  player: '玩家',
  available: '可用积分',
} as const;

export interface AdjustTarget {
  userId: string;
  name: string;
  available: number;
}

interface Values {
  delta: number;
  reason: string;
}

export function AdjustScoreModal({ target, onClose, onDone }: { target: AdjustTarget | null; onClose: () => void; onDone: () => void }): ReactNode {
  const [form] = Form.useForm<Values>();
  const { modalProps } = useFormSubmit<Values>({
    validate: () => form.validateFields(),
    send: (v) => adjustScore({ userId: target!.userId, delta: v.delta, reason: v.reason.trim() }),
    onSuccess: () => {
      onClose();
      onDone();
    },
  });
  return (
    <Modal title={ADJUST_TEXT.title} open={!!target} onCancel={onClose} destroyOnHidden afterClose={() => form.resetFields()} {...modalProps}>
      {target && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={ADJUST_TEXT.player}>{target.name}</Descriptions.Item>
          <Descriptions.Item label={ADJUST_TEXT.available}>{target.available}</Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="delta"
          label={ADJUST_TEXT.delta}
          extra={ADJUST_TEXT.deltaHint}
          rules={[
            { required: true, message: ADJUST_TEXT.deltaRequired },
            { validator: (_r, v) => (v === 0 ? Promise.reject(new Error(ADJUST_TEXT.deltaZero)) : Promise.resolve()) },
          ]}
        >
          <InputNumber precision={0} min={-SCORE_ADJUST_MAX} max={SCORE_ADJUST_MAX} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="reason" label={ADJUST_TEXT.reason} rules={[{ required: true, whitespace: true, message: ADJUST_TEXT.reasonRequired }]}>
          <Input.TextArea maxLength={255} rows={3} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
