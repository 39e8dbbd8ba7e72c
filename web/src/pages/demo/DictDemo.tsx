/** 组件示例 → 字典组件: the dictionary widgets driven by dict codes, and the Y/N switch. */
import { Card, Descriptions, Form } from 'antd';
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
        <Form.Item label="下拉（sex）" name="sex">
          <DictSelect dictCode="sex" aria-label="性别" />
        </Form.Item>
        <Form.Item label="单选（priority）" name="priority">
          <DictSelect dictCode="priority" type="radio" />
        </Form.Item>
        <Form.Item label="单选按钮（user_status）" name="status">
          <DictSelect dictCode="user_status" type="radioButton" />
        </Form.Item>
        <Form.Item label="多选框（msg_category）" name="category">
          <DictCheckbox dictCode="msg_category" />
        </Form.Item>
        <Form.Item label="多选标签（priority）" name="types">
          <DictMultiSelectTag dictCode="priority" />
        </Form.Item>
        <Form.Item label="开关（Y/N）" name="open">
          <DictSwitch aria-label="开关" />
        </Form.Item>
        <Form.Item label="开关（1/0）" name="yn">
          <DictSwitch options={[1, 0]} />
        </Form.Item>
      </Form>
      <Descriptions bordered size="small" column={1} title="表单值与字典文本" style={{ maxWidth: 760 }} data-testid="dict-values">
        <Descriptions.Item label="sex">
          {values.sex ?? ''} <DictTag dictCode="sex" value={values.sex} />
        </Descriptions.Item>
        <Descriptions.Item label="priority">
          {values.priority ?? ''} <DictTag dictCode="priority" value={values.priority} />
        </Descriptions.Item>
        <Descriptions.Item label="status">
          {values.status ?? ''} <DictTag dictCode="user_status" value={values.status} />
        </Descriptions.Item>
        <Descriptions.Item label="category">
          {values.category ?? ''} <DictTag dictCode="msg_category" value={values.category} />
        </Descriptions.Item>
        <Descriptions.Item label="types">
          {values.types ?? ''} <DictTag dictCode="priority" value={values.types} />
        </Descriptions.Item>
        <Descriptions.Item label="open">{String(values.open ?? '')}</Descriptions.Item>
        <Descriptions.Item label="yn">{String(values.yn ?? '')}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
