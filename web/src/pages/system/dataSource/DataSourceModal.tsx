/**
 * 新增 / 编辑 a data source (contract §12.6): the generated fields of the definition in the original's order, with
 * 密码 after 用户名 (never filled: blank on edit keeps the stored one), 数据库类型 filling the driver and an example
 * URL, and 测试 in the footer (POST /online/cgreport/api/testConnection, the stored password used by id when blank).
 */
import { useState, type ReactNode } from 'react';
import { Button, Form, Input, type FormInstance } from 'antd';
import { dataSourceEntity, DATA_SOURCE_PASSWORD_PROP, type FieldDef, type TestConnectionBody } from '@pk/contract';
import { http } from '../../../api/request';
import { buildFormBody, fieldRules, toFormValues, uniqueRules, useAuth, type FormModalProps } from '../../../crud';
import { useDialogForm } from '../../../crud/useDialogForm';
import { FieldInput } from '../../../crud/fields';
import { FormDialog } from '../../../crud/FormDialog';
import { showResult } from '../../../crud/notify';
import type { SubmitModalProps } from '../../../crud/useFormSubmit';
import { DB_TYPE_DEFAULTS } from './dbTypeDefaults';

export const TEST_CONNECTION_URL = '/online/cgreport/api/testConnection';
const TESTED_FIELDS = ['dbType', 'dbDriver', 'dbUrl', 'dbName', 'dbUsername', DATA_SOURCE_PASSWORD_PROP];

/** The type select: a choice also fills 驱动类 and 数据源地址 (Form.Item injects value / onChange). */
function DbTypeSelect({
  form,
  field,
  onChange,
  ...rest
}: {
  form: FormInstance;
  field: FieldDef;
  onChange?: (v: unknown) => void;
  [k: string]: unknown;
}): ReactNode {
  return (
    <FieldInput
      field={field}
      {...rest}
      onChange={(v: unknown) => {
        onChange?.(v);
        const defaults = typeof v === 'string' ? DB_TYPE_DEFAULTS[v] : undefined;
        if (defaults) form.setFieldsValue(defaults);
      }}
    />
  );
}

function passwordItem(editing: boolean): ReactNode {
  return (
    <Form.Item key={DATA_SOURCE_PASSWORD_PROP} name={DATA_SOURCE_PASSWORD_PROP} label="密码" extra={editing ? '不修改请留空' : undefined}>
      <Input.Password placeholder="请输入密码" autoComplete="new-password" maxLength={40} />
    </Form.Item>
  );
}

export function DataSourceModal({ open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const entity = dataSourceEntity;
  const [testing, setTesting] = useState(false);
  const canTest = useAuth().hasAuth(entity.perms.testConnection);
  const editing = !!record?.id;
  const id = editing ? String(record?.id) : undefined;
  const withPassword = (body: Record<string, unknown>, values: Record<string, unknown>) => {
    const pw = values[DATA_SOURCE_PASSWORD_PROP];
    return typeof pw === 'string' && pw ? { ...body, [DATA_SOURCE_PASSWORD_PROP]: pw } : body;
  };
  const { form, modalProps } = useDialogForm<Record<string, unknown>>({
    open,
    record,
    initial: () => toFormValues(entity, record),
    send: (values) => {
      const body = withPassword(buildFormBody(entity, values, id), values);
      return editing ? http.put<unknown>(`${entity.api}/edit`, body) : http.post<unknown>(`${entity.api}/add`, body);
    },
    onClose,
    onSaved,
  });

  async function testConnection(): Promise<void> {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields(TESTED_FIELDS);
    } catch {
      return; // the field messages are shown
    }
    setTesting(true);
    try {
      const body = withPassword(buildFormBody(entity, values, id), values) as unknown as TestConnectionBody;
      showResult(await http.post<unknown>(TEST_CONNECTION_URL, body));
    } catch {
      // reported by the request client
    } finally {
      setTesting(false);
    }
  }

  const footer = (_: ReactNode, { OkBtn, CancelBtn }: { OkBtn: React.FC; CancelBtn: React.FC }) => (
    <>
      {canTest && (
        <Button loading={testing} onClick={() => void testConnection()}>
          测试
        </Button>
      )}
      <CancelBtn />
      <OkBtn />
    </>
  );
  return (
    <FormDialog
      title={editing ? '编辑' : '新增'}
      open={open}
      onClose={onClose}
      form={form}
      name={`${entity.key}-form`}
      modalProps={{ ...modalProps, footer } as SubmitModalProps}
      width={800}
    >
      {entity.fields
        .filter((f) => f.form !== false)
        .flatMap((f) => {
          const rules = [...fieldRules(f), ...uniqueRules(entity, f, id)];
          const item = (
            <Form.Item key={f.prop} name={f.prop} label={f.label} rules={rules}>
              {f.prop === 'dbType' ? <DbTypeSelect form={form} field={f} /> : <FieldInput field={f} disabled={editing && f.fixedOnEdit} />}
            </Form.Item>
          );
          return f.prop === 'dbUsername' ? [item, passwordItem(editing)] : [item];
        })}
    </FormDialog>
  );
}
