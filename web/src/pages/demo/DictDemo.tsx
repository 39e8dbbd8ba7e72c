/** 组件示例 → 字典组件: the dictionary widgets driven by dict codes, and the Y/N switch. */
import { useState } from 'react';
import { Card, Descriptions, Form, Input } from 'antd';
import { DictCheckbox, DictMultiSelectTag, DictSelect, DictSwitch, DictTag } from '../../components/dict';

interface Values {
  sex?: string;
  priority?: string;
  status?: string;
  category?: string;
  types?: string;
  open?: string;
  yn?: number;
}

export default function DictDemo() {
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) ?? {};
  // any dictionary by its code (数据字典 → 刷新缓存 shows a changed one here at once)
  const [anyCode, setAnyCode] = useState('');
  return (
    <Card title="字典组件" data-testid="dict-demo">
      <Form<Values>
        form={form}
        layout="horizontal"
        labelCol={{ span: 5 }}
        wrapperCol={{ span: 14 }}
        style={{ maxWidth: 760 }}
        initialValues={{ sex: '1', priority: 'M', status: '1', category: '1,2', types: 'H,L', open: 'Y', yn: 1 }}
      >
        <Form.Item label="下拉（性别）" name="sex">
          <DictSelect dictCode="sex" aria-label="性别" />
        </Form.Item>
        <Form.Item label="单选（优先级）" name="priority">
          <DictSelect dictCode="priority" type="radio" />
        </Form.Item>
        <Form.Item label="单选按钮（用户状态）" name="status">
          <DictSelect dictCode="user_status" type="radioButton" />
        </Form.Item>
        <Form.Item label="多选框（消息类型）" name="category">
          <DictCheckbox dictCode="msg_category" />
        </Form.Item>
        <Form.Item label="多选标签（优先级）" name="types">
          <DictMultiSelectTag dictCode="priority" />
        </Form.Item>
        <Form.Item label="开关（Y/N）" name="open">
          <DictSwitch aria-label="开关" />
        </Form.Item>
        <Form.Item label="开关（1/0）" name="yn">
          <DictSwitch options={[1, 0]} />
        </Form.Item>
        <Form.Item label="任意字典（编码）" htmlFor="dict-demo-code">
          <Input id="dict-demo-code" value={anyCode} onChange={(e) => setAnyCode(e.target.value)} placeholder="请输入字典编码" allowClear />
        </Form.Item>
        {anyCode.trim() && (
          <Form.Item label="任意字典（下拉）" name="any">
            <DictSelect dictCode={anyCode.trim()} aria-label="任意字典" />
          </Form.Item>
        )}
      </Form>
      <Descriptions bordered size="small" column={1} title="表单值与字典文本" style={{ maxWidth: 760 }} data-testid="dict-values">
        <Descriptions.Item label="性别">
          {values.sex ?? ''} <DictTag dictCode="sex" value={values.sex} />
        </Descriptions.Item>
        <Descriptions.Item label="优先级">
          {values.priority ?? ''} <DictTag dictCode="priority" value={values.priority} />
        </Descriptions.Item>
        <Descriptions.Item label="用户状态">
          {values.status ?? ''} <DictTag dictCode="user_status" value={values.status} />
        </Descriptions.Item>
        <Descriptions.Item label="消息类型">
          {values.category ?? ''} <DictTag dictCode="msg_category" value={values.category} />
        </Descriptions.Item>
        <Descriptions.Item label="多选标签">
          {values.types ?? ''} <DictTag dictCode="priority" value={values.types} />
        </Descriptions.Item>
        <Descriptions.Item label="开关（Y/N）">{String(values.open ?? '')}</Descriptions.Item>
        <Descriptions.Item label="开关（1/0）">{String(values.yn ?? '')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
