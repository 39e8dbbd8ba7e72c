/** The rules part of the check-rule dialog: 全局规则 (whole value) and 局部规则 (by position), each an editable list. */
import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Radio, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';

const PRIORITY = [
  { label: '优先运行', value: 'before' },
  { label: '最后运行', value: 'after' },
];

function RuleList({ name, title, withDigits }: { name: string; title: string; withDigits?: boolean }): ReactNode {
  return (
    <Form.Item label={title} tooltip={withDigits ? '从第一位开始，按位数依次截取字符校验' : '校验用户输入的所有字符'}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div data-testid={`rules-${name}`}>
            {fields.map(({ key, name: i }) => (
              <Space key={key} align="baseline">
                {withDigits && (
                  <Form.Item name={[i, 'digits']} rules={[{ required: true, message: '请输入位数!' }]}>
                    <InputNumber min={1} max={9999} precision={0} placeholder="位数" style={{ width: 80 }} />
                  </Form.Item>
                )}
                <Form.Item name={[i, 'pattern']} rules={[{ required: true, whitespace: true, message: '请输入正则表达式!' }]}>
                  <Input placeholder="正则表达式" style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name={[i, 'message']} rules={[{ required: true, whitespace: true, message: '请输入提示文本!' }]}>
                  <Input placeholder="提示文本" style={{ width: 180 }} />
                </Form.Item>
                <Button type="link" danger icon={<DeleteOutlined />} onClick={() => remove(i)} aria-label="删除规则" />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(withDigits ? { digits: 1 } : {})}>
              添加{title}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}

export function RulesEditor(): ReactNode {
  return (
    <>
      <Form.Item name="globalPriority" label="全局规则优先级">
        <Radio.Group options={PRIORITY} />
      </Form.Item>
      <RuleList name="globalRules" title="全局规则" />
      <RuleList name="localRules" title="局部规则" withDigits />
    </>
  );
}
