/**
 * 新增 / 编辑 a tenant: the generated form of the shared definition with 租户编号 first — typed when adding,
 * read-only when editing (contract §12.5: an existing id → 该编号已存在!).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, InputNumber, Modal } from 'antd';
import type { FormModalProps } from '../../../crud';
import { buildFormBody, fieldRules, toFormValues } from '../../../crud';
import { FieldInput } from '../../../crud/fields';
import { formFields } from '../../../crud/formBody';
import { showResult } from '../../../crud/notify';
import { http } from '../../../api/request';
import { TENANT_ID_MAX } from './data';

export function TenantModal({ entity, open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const editing = record?.id !== undefined && record?.id !== null && record?.id !== '';

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ status: '1', ...toFormValues(entity, record), tenantId: record?.id });
  }, [open, record, entity, form]);

  async function submit(): Promise<void> {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = buildFormBody(entity, values, editing ? String(record?.id) : undefined);
    if (!editing) body.id = values.tenantId;
    setSaving(true);
    try {
      const res = editing ? await http.put<unknown>(`${entity.api}/edit`, body) : await http.post<unknown>(`${entity.api}/add`, body);
      showResult(res);
      if (res.success) {
        onClose();
        onSaved();
      }
    } catch {
      // reported by the request client
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={editing ? '编辑' : '新增'}
      open={open}
      width={800}
      destroyOnHidden
      mask={{ closable: false }}
      confirmLoading={saving}
      okText="确定"
      cancelText="取消"
      okButtonProps={{ autoInsertSpace: false }}
      cancelButtonProps={{ autoInsertSpace: false }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form form={form} name="tenant-form" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Form.Item name="tenantId" label="租户编号" rules={[{ required: true, message: '请输入租户编号!' }]}>
          <InputNumber placeholder="请输入租户编号" min={1} max={TENANT_ID_MAX} precision={0} disabled={editing} style={{ width: '100%' }} />
        </Form.Item>
        {formFields(entity).map((f) => (
          <Form.Item key={f.prop} name={f.prop} label={f.label} rules={fieldRules(f)}>
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
