/**
 * After login: choose the current department (multi_depart 2) and/or the tenant (>1 tenants) (contract §3.2).
 * The department goes to PUT /sys/selectDepart; the user info it returns is stored for 7 days.
 */
import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import type { LoginResult } from '../../api/auth';
import { selectDepart } from '../../api/user';
import { useSession } from '../../store/session';
import { MSG } from '../../messages';

interface Values {
  orgCode?: string;
  tenantId?: string | number;
}

export default function LoginSelect({ result, onDone }: { result: LoginResult; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const needDepart = result.multi_depart === 2 && (result.departs?.length ?? 0) > 0;
  const tenants = result.tenantList ?? [];
  const needTenant = tenants.length > 1;

  const onOk = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      if (needDepart && v.orgCode) {
        const res = await selectDepart(v.orgCode, result.userInfo.username);
        if (!res.success) {
          void message.warning(res.message || '切换部门失败');
          return;
        }
        if (res.result?.userInfo) useSession.getState().setUserInfo(res.result.userInfo);
      }
      if (needTenant && v.tenantId !== undefined) useSession.getState().setTenant(v.tenantId);
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={needDepart ? '请选择登录部门' : '请选择登录租户'}
      width={500}
      closable={false}
      mask={{ closable: false }}
      okText="确认"
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={saving}
      onOk={() => void onOk().catch(() => undefined)}
    >
      <Form form={form} layout="vertical" initialValues={{ orgCode: needDepart ? undefined : undefined }}>
        {needDepart && (
          <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: MSG.selectDepart }]}>
            <Select placeholder="请选择登录部门" aria-label="部门" options={result.departs!.map((d) => ({ value: d.orgCode, label: d.departName }))} />
          </Form.Item>
        )}
        {needTenant && (
          <Form.Item name="tenantId" label="租户" rules={[{ required: true, message: '请选择登录租户' }]}>
            <Select placeholder="请选择登录租户" aria-label="租户" options={tenants.map((t) => ({ value: t.id, label: t.name }))} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
