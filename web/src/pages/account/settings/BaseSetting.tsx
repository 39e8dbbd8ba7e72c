/**
 * 个人设置 → 基本设置: the user's own real name, avatar (upload widget), e-mail, birthday and sex; the phone shown
 * read-only (changed under 安全设置). Saved through `PUT /sys/user/account/profile`, which writes only those fields;
 * the header's avatar and name follow at once (the session's userInfo is updated).
 */
import { useEffect, useState } from 'react';
import { App, Button, DatePicker, Form, Input, Radio, Skeleton } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { ImageUpload } from '../../../components/upload/JUpload';
import { FIELD_FORMATS } from '@pk/contract';
import { useSession } from '../../../store/session';
import { ACCOUNT_KEYS, fetchProfile, saveProfile } from '../api';

interface Values {
  realname: string;
  avatar?: string;
  email?: string;
  birthday?: Dayjs | null;
  sex?: number | null;
}

/** The page's labels (several are the settings drawer's and other screens' words too, so not a message catalogue). */
export const BASE_TEXT = {
  realname: '请输入姓名',
  phoneHint: '手机号在“安全设置”中修改',
  save: '更新基本信息',
} as const;

export default function BaseSetting() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const profile = useQuery({ queryKey: ACCOUNT_KEYS.profile, queryFn: fetchProfile });
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const info = profile.data?.userInfo;

  useEffect(() => {
    if (!info) return;
    form.setFieldsValue({
      realname: info.realname ?? '',
      avatar: info.avatar ?? '',
      email: info.email ?? '',
      birthday: info.birthday ? dayjs(info.birthday) : null,
      sex: info.sex ?? null,
    });
  }, [info, form]);

  if (!info) return <Skeleton active />;

  const onFinish = async (v: Values) => {
    setSaving(true);
    try {
      const res = await saveProfile({
        realname: v.realname,
        avatar: v.avatar || null,
        email: v.email || null,
        birthday: v.birthday ? v.birthday.format('YYYY-MM-DD') : null,
        sex: v.sex ?? null,
      });
      if (!res.success) {
        void message.warning(res.message);
        return;
      }
      void message.success(res.message);
      const session = useSession.getState();
      if (session.userInfo && res.result) session.setUserInfo({ ...session.userInfo, ...res.result });
      void client.invalidateQueries({ queryKey: ACCOUNT_KEYS.profile });
    } catch {
      /* the request client has shown the error */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={onFinish} data-testid="base-setting-form">
      <Form.Item label="账号">
        <Input value={info.username} disabled />
      </Form.Item>
      <Form.Item label="姓名" name="realname" rules={[{ required: true, whitespace: true, message: BASE_TEXT.realname }, { max: 100 }]}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item label="头像" name="avatar">
        <ImageUpload number={1} biz="avatar" />
      </Form.Item>
      <Form.Item label="电子邮件" name="email" rules={[{ pattern: FIELD_FORMATS.email.pattern, message: FIELD_FORMATS.email.message }, { max: 45 }]}>
        <Input maxLength={45} />
      </Form.Item>
      <Form.Item label="生日" name="birthday">
        <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="性别" name="sex">
        <Radio.Group
          options={[
            { value: 1, label: '男' },
            { value: 2, label: '女' },
          ]}
        />
      </Form.Item>
      <Form.Item label="手机" extra={BASE_TEXT.phoneHint}>
        <Input value={String(info.phone ?? '')} disabled aria-label="手机" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        {BASE_TEXT.save}
      </Button>
    </Form>
  );
}
