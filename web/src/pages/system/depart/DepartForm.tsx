/**
 * The department form: 基本信息 of the selected department (edit in place) and the 新增 dialog (top level or a
 * child of the selected one). 机构编码 is shown read-only: the server generates it (contract §6.5).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { fieldRules, toFormValues } from '../../../crud';
import { FieldInput } from '../../../crud/fields';
import { showResult } from '../../../crud/notify';
import { departEntity } from '@pk/contract';
import type { DepartNode } from '../../../components/DepartTree';
import { departFormFields, newDepartValues, toDepartBody } from './departForm';
import { saveDepart } from './service';

function Fields({ orgCode, parentName }: { orgCode: string; parentName?: string | null }): ReactNode {
  return (
    <>
      {parentName !== undefined && (
        <Form.Item label="上级部门">
          <Input value={parentName ?? '无（顶级部门）'} disabled aria-label="上级部门" />
        </Form.Item>
      )}
      <Form.Item label="机构编码">
        <Input value={orgCode} disabled aria-label="机构编码" />
      </Form.Item>
      {departFormFields().map((f) => (
        <Form.Item key={f.prop} name={f.prop} label={f.label} rules={fieldRules(f)}>
          <FieldInput field={f} />
        </Form.Item>
      ))}
    </>
  );
}

async function submitForm(body: Record<string, unknown>, done: () => void): Promise<void> {
  try {
    const res = await saveDepart(body);
    showResult(res);
    if (res.success) done();
  } catch {
    // reported by the request client
  }
}

/** 基本信息 tab: the selected department, saved with 保存 (needs depart:edit). */
export function DepartBaseInfo({ depart, parentName, canEdit, onSaved }: { depart: DepartNode; parentName: string | null; canEdit: boolean; onSaved: () => void }): ReactNode {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(toFormValues(departEntity, depart as unknown as Record<string, unknown>));
  }, [depart, form]);

  async function save(): Promise<void> {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    await submitForm(toDepartBody(values, { id: depart.id }), onSaved);
    setSaving(false);
  }

  return (
    <Form form={form} name="depart-base" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off" disabled={!canEdit}>
      <Fields orgCode={depart.orgCode} parentName={parentName} />
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/** 新增 dialog: `parent` null adds a top-level department. */
export function AddDepartModal({ open, parent, onClose, onSaved }: { open: boolean; parent: DepartNode | null; onClose: () => void; onSaved: () => void }): ReactNode {
  const [form] = Form.useForm<Record<string, unknown>>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(newDepartValues(parent?.id ?? null));
  }, [open, parent, form]);

  async function submit(): Promise<void> {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    await submitForm(toDepartBody(values, { parentId: parent?.id ?? null }), () => {
      onClose();
      onSaved();
    });
    setSaving(false);
  }

  return (
    <Modal
      title={parent ? '新增下级部门' : '新增部门'}
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
      <Form form={form} name="depart-add" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off">
        <Fields orgCode="保存后由系统生成" parentName={parent?.departName ?? null} />
      </Form>
    </Modal>
  );
}
