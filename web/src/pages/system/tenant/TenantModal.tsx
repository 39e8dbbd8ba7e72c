/**
 * 新增 / 编辑 a tenant: the generated form of the shared definition with 租户编号 first — typed when adding,
 * read-only when editing (contract §12.5: an existing id → 该编号已存在!).
 */
import type { ReactNode } from 'react';
import { Form, InputNumber } from 'antd';
import { FormModal, type EntityRow, type FormModalProps } from '../../../crud';
import { TENANT_ID_MAX } from './data';

function tenantIdItem(editing: boolean): ReactNode {
  return (
    <Form.Item name="tenantId" label="租户编号" rules={[{ required: true, message: '请输入租户编号!' }]}>
      <InputNumber placeholder="请输入租户编号" min={1} max={TENANT_ID_MAX} precision={0} disabled={editing} style={{ width: '100%' }} />
    </Form.Item>
  );
}

/** A new tenant is 正常 (status 1) until changed; the id is shown in its own field. */
function tenantValues(values: Record<string, unknown>, record: EntityRow | null): Record<string, unknown> {
  return { status: '1', ...values, tenantId: record?.id };
}

/** Adding sends the typed id; editing keeps the row's. */
function tenantBody(body: Record<string, unknown>, values: Record<string, unknown>, editing: boolean): Record<string, unknown> {
  return editing ? body : { ...body, id: values.tenantId };
}

export function TenantModal(props: FormModalProps): ReactNode {
  return <FormModal {...props} extraItems={tenantIdItem} formValues={tenantValues} toBody={tenantBody} />;
}
