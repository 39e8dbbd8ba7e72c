/**
 * A form input for cron expressions: type it, or press 选择 to build it in the dialog (001 §2).
 * Works as an antd Form control (`value` / `onChange`).
 *
 * @example <Form.Item name="cronExpression" label="Cron表达式"><CronInput /></Form.Item>
 */
import { useState } from 'react';
import { Button, Input, Space } from 'antd';
import { ScheduleOutlined } from '@ant-design/icons';
import { CronBuilder } from './CronBuilder';

export interface CronInputProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Dialog width: 800 by default (001 §9). */
  width?: number;
}

export function CronInput({ value, onChange, placeholder = '请输入cron表达式', disabled, width }: CronInputProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input value={value} placeholder={placeholder} disabled={disabled} onChange={(e) => onChange?.(e.target.value)} aria-label="cron表达式输入" />
        <Button icon={<ScheduleOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
          选择
        </Button>
      </Space.Compact>
      <CronBuilder
        open={open}
        value={value}
        width={width}
        onCancel={() => setOpen(false)}
        onOk={(v) => {
          onChange?.(v);
          setOpen(false);
        }}
      />
    </>
  );
}
