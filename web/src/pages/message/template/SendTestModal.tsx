/**
 * 发送测试 of a message template (contract §8.4): the template's title and content (read only), the test data (a
 * JSON object of the `${var}` values, starting from the template's test JSON), the message type and the receivers.
 * 确定 asks `sendMsg`, which queues a message for the send job; the server's message is shown (解析Json出错！ …).
 */
import { useEffect, type ReactNode } from 'react';
import { Form, Input, Modal } from 'antd';
import { messageTemplateEntity, type SendMsgBody } from '@pk/contract';
import { http } from '../../../api/request';
import { DictSelect, useFormSubmit, type EntityRow } from '../../../crud';

export interface SendTestModalProps {
  /** The template being tested (null = closed). */
  template: EntityRow | null;
  onClose: () => void;
}

const SEND_MSG_URL = `${messageTemplateEntity.api}/sendMsg`;

interface SendTestValues {
  testData?: string;
  msgType: string;
  receiver: string;
}

export function SendTestModal({ template, onClose }: SendTestModalProps): ReactNode {
  const [form] = Form.useForm<SendTestValues>();
  const open = !!template;

  useEffect(() => {
    if (!template) return;
    form.setFieldsValue({ testData: String(template.templateTestJson ?? ''), msgType: String(template.templateType ?? ''), receiver: '' });
  }, [template, form]);

  const { modalProps } = useFormSubmit<SendTestValues>({
    validate: () => form.validateFields(),
    send: (v) => {
      const body: SendMsgBody = { msgType: v.msgType, templateCode: String(template?.templateCode ?? ''), testData: v.testData ?? '', receiver: v.receiver };
      return http.post<unknown>(SEND_MSG_URL, body);
    },
    onSuccess: onClose,
  });

  return (
    <Modal title="发送测试" open={open} onCancel={onClose} width={800} destroyOnHidden forceRender {...modalProps}>
      <Form form={form} name="message-send-test" labelCol={{ span: 5 }} wrapperCol={{ span: 18 }}>
        <Form.Item label="模板标题">
          <Input value={String(template?.templateName ?? '')} disabled />
        </Form.Item>
        <Form.Item label="模板内容">
          <Input.TextArea value={String(template?.templateContent ?? '')} disabled autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item name="testData" label="测试数据" extra='JSON 对象，例如 {"name":"张三"}；模板中的 ${name} 换成其值'>
          <Input.TextArea placeholder="请输入JSON格式测试数据" autoSize={{ minRows: 3, maxRows: 8 }} maxLength={1000} />
        </Form.Item>
        <Form.Item name="msgType" label="消息类型" rules={[{ required: true, message: '请选择消息类型' }]}>
          <DictSelect code="msgType" placeholder="请选择消息类型" />
        </Form.Item>
        <Form.Item
          name="receiver"
          label="消息接收方"
          extra="系统消息：用户账号或用户ID；邮件：邮箱地址；短信：手机号。多个用逗号分隔"
          rules={[
            { required: true, whitespace: true, message: '请输入消息接收方' },
            { max: 50, message: '消息接收方不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入消息接收方" maxLength={50} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
