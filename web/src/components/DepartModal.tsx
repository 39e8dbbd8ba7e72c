/**
 * 切换部门 (000 §7; contract §3.6): GET /sys/user/getCurrentUserDeparts, then PUT /sys/selectDepart; the returned
 * user info is stored for 7 days. Width 450.
 */
import { useState } from 'react';
import { App, Form, Modal, Select } from 'antd';
import type { Depart } from '../api/auth';
import { getCurrentUserDeparts, selectDepart } from '../api/user';
import { useSession } from '../store/session';
import { MSG } from '../messages';

export const DEPART_MSG = {
  NO_USER: '当前系统无登录用户!',
  NO_DEPART: '您尚未设置部门信息!',
  REQUIRED: MSG.selectDepart,
} as const;

/** Returns `open()` (checks the user and loads the departments first) and the modal element. */
export function useDepartModal() {
  const { message } = App.useApp();
  const [departs, setDeparts] = useState<Depart[] | null>(null);
  const [form] = Form.useForm<{ orgCode: string }>();
  const [saving, setSaving] = useState(false);

  const open = async () => {
    const username = useSession.getState().userInfo?.username;
    if (!username) {
      void message.warning(DEPART_MSG.NO_USER);
      return;
    }
    try {
      const res = await getCurrentUserDeparts();
      const list = res.success ? (res.result?.list ?? []) : [];
      if (!list.length) {
        void message.warning(DEPART_MSG.NO_DEPART);
        return;
      }
      setDeparts(list);
      form.setFieldsValue({ orgCode: res.result.orgCode ?? undefined });
    } catch {
      /* shown by the request client */
    }
  };

  const onOk = async () => {
    let v: { orgCode: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const username = useSession.getState().userInfo?.username ?? '';
    setSaving(true);
    try {
      const res = await selectDepart(v.orgCode, username);
      if (res.success) {
        if (res.result?.userInfo) useSession.getState().setUserInfo(res.result.userInfo);
        setDeparts(null);
        void message.success('切换部门成功');
      } else void message.warning(res.message);
    } catch {
      /* shown by the request client */
    } finally {
      setSaving(false);
    }
  };

  const modal = (
    <Modal
      title="切换部门"
      open={departs !== null}
      width={450}
      onOk={() => void onOk()}
      onCancel={() => setDeparts(null)}
      confirmLoading={saving}
      okText="确认"
      cancelText={MSG.close}
      forceRender
    >
      <Form form={form} layout="vertical" aria-label="切换部门">
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: DEPART_MSG.REQUIRED }]}>
          <Select placeholder={MSG.selectDepart} aria-label="部门" options={(departs ?? []).map((d) => ({ value: d.orgCode, label: d.departName }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { open: () => void open(), modal };
}
