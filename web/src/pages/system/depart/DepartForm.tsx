/**
 * The department form: 基本信息 of the selected department (edit in place) and the 新增 dialog (top level or a
 * child of the selected one). 机构编码 is shown read-only: the server generates it (contract §6.5).
 */
import type { ReactNode } from 'react';
import { Button, Form, Input } from 'antd';
import { fieldRules, toFormValues } from '../../../crud';
import { FieldInput } from '../../../crud/fields';
import { useDialogForm } from '../../../crud/useDialogForm';
import { departEntity } from '@pk/contract';
import type { DepartNode } from '../../../components/DepartTree';
import { departFormFields, newDepartValues, toDepartBody } from './departForm';
import { saveDepart } from './service';
import { FormDialog } from '../../../crud/FormDialog';

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

/** 基本信息 tab: the selected department, saved with 保存 (needs depart:edit). */
export function DepartBaseInfo({
  depart,
  parentName,
  canEdit,
  onSaved,
}: {
  depart: DepartNode;
  parentName: string | null;
  canEdit: boolean;
  onSaved: () => void;
}): ReactNode {
  const { form, busy, submit } = useDialogForm<Record<string, unknown>>({
    open: true,
    record: depart,
    initial: () => toFormValues(departEntity, depart as unknown as Record<string, unknown>),
    send: (values) => saveDepart(toDepartBody(values, { id: depart.id })),
    onSaved,
  });

  return (
    <Form form={form} name="depart-base" labelCol={{ span: 5 }} wrapperCol={{ span: 16 }} autoComplete="off" disabled={!canEdit}>
      <Fields orgCode={depart.orgCode} parentName={parentName} />
      {canEdit && (
        <Form.Item wrapperCol={{ offset: 5 }}>
          <Button type="primary" loading={busy} onClick={() => void submit()}>
            保存
          </Button>
        </Form.Item>
      )}
    </Form>
  );
}

/** 新增 dialog: `parent` null adds a top-level department. */
export function AddDepartModal({
  open,
  parent,
  onClose,
  onSaved,
}: {
  open: boolean;
  parent: DepartNode | null;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const { form, modalProps } = useDialogForm<Record<string, unknown>>({
    open,
    record: parent,
    initial: () => newDepartValues(parent?.id ?? null),
    send: (values) => saveDepart(toDepartBody(values, { parentId: parent?.id ?? null })),
    onClose,
    onSaved,
  });

  return (
    <FormDialog title={parent ? '新增下级部门' : '新增部门'} open={open} onClose={onClose} form={form} name="depart-add" modalProps={modalProps}>
      <Fields orgCode="保存后由系统生成" parentName={parent?.departName ?? null} />
    </FormDialog>
  );
}
