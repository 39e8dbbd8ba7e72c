/**
 * The add/edit dialog of an entity, built from its FieldDefs (`form !== false`).
 * `record` null → 新增 (POST `{api}/add`); a row → 编辑 (PUT `{api}/edit`, body = declared fields + id).
 * The server message is shown; on success the dialog closes and `onSaved` reloads the list.
 *
 * @example
 *   <FormModal entity={positionEntity} open={open} record={row} onClose={close} onSaved={reload} />
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import type { EntityDef, FieldDef } from '@pk/contract';
import { http } from '../api/request';
import { buildFormBody, formFields, toFormValues, type EntityRow } from './formBody';
import { FieldInput, isChoiceField } from './fields';
import { showResult } from './notify';

export interface FormModalProps {
  entity: EntityDef;
  open: boolean;
  /** The row being edited, or null to add. */
  record: EntityRow | null;
  onClose: () => void;
  /** Called after a successful save (the dialog is already closing). */
  onSaved: () => void;
  width?: number;
}

/** Validation rules of a field: required (`请输入{label}!` / `请选择{label}!`) and maxLength. */
export function fieldRules(f: FieldDef): Rule[] {
  const rules: Rule[] = [];
  if (f.required) {
    rules.push({ required: true, message: `${isChoiceField(f) ? '请选择' : '请输入'}${f.label}!`, whitespace: !isChoiceField(f) });
  }
  if (f.maxLength && !isChoiceField(f) && f.type !== 'number') {
    rules.push({ max: f.maxLength, message: `${f.label}长度不能超过${f.maxLength}个字符!` });
  }
  return rules;
}

export function FormModal({ entity, open, record, onClose, onSaved, width = 800 }: FormModalProps): ReactNode {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  const editing = !!record?.id;

  // Fill the form on every opening. The body is destroyed when hidden, so the effect (which runs after the
  // freshly mounted Form has connected) starts from a clean store each time.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(toFormValues(entity, record));
  }, [open, record, entity, form]);

  async function submit(): Promise<void> {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the field messages are shown
    }
    const body = buildFormBody(entity, values, editing ? record?.id : undefined);
    setSaving(true);
    try {
      const res = editing ? await http.put<unknown>(`${entity.api}/edit`, body) : await http.post<unknown>(`${entity.api}/add`, body);
      showResult(res);
      if (res.success) {
        onClose();
        onSaved();
      }
    } catch {
      // HTTP and network errors were reported by the request client; keep the dialog open
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      title={editing ? '编辑' : '新增'}
      open={open}
      width={width}
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
      <Form form={form} name={`${entity.key}-form`} labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        {formFields(entity).map((f) => (
          <Form.Item key={f.prop} name={f.prop} label={f.label} rules={fieldRules(f)}>
            <FieldInput field={f} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
