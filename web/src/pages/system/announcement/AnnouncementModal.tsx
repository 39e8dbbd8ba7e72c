/**
 * 新增 / 编辑 a 系统通告 (contract §8.1): 标题, 消息类型, 优先级, 通告对象类型 (指定用户 with the user picker:
 * the form keeps the picked users' ids in `userIds`, "id1,id2," as the server stores them), 打开方式 (组件 with
 * 业务ID, 地址 with 打开页面), 开始 / 结束时间, 摘要 and the rich-text body (the rich editor widget; the server
 * sanitises it on save).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Input, Select } from 'antd';
import { announcementEntity, type FieldDef } from '@pk/contract';
import { http } from '../../../api/request';
import { buildFormBody, fieldRules, toFormValues, type FormModalProps } from '../../../crud';
import { useDialogForm } from '../../../crud/useDialogForm';
import { FieldInput } from '../../../crud/fields';
import { FormDialog } from '../../../crud/FormDialog';
import { RichTextEditor } from '../../../components/editors';
import { UserPicker, type UserRow } from '../../../components/pickers';

const entity = announcementEntity;
const field = (prop: string): FieldDef => entity.fields.find((f) => f.prop === prop)!;

export const ANNOUNCEMENT_FORM_MSG = {
  pickUsers: '请选择指定用户!',
  openNone: '无',
  openComponent: '组件页面',
  openUrl: '链接地址',
} as const;

/** Stored ids "a,b," → ['a','b']. */
const idsOf = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function item(prop: string, children?: ReactNode, extra: { rules?: object[]; label?: string } = {}): ReactNode {
  const f = field(prop);
  return (
    <Form.Item key={prop} name={prop} label={extra.label ?? f.label} rules={extra.rules ?? fieldRules(f)}>
      {children ?? <FieldInput field={f} />}
    </Form.Item>
  );
}

export function AnnouncementModal({ open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const editing = !!record?.id;
  const id = editing ? String(record?.id) : undefined;
  // the picker shows usernames; the form sends ids (userIds)
  const [usernames, setUsernames] = useState('');
  const idByName = useRef(new Map<string, string>());
  const { form, modalProps } = useDialogForm<Record<string, unknown>>({
    open,
    record,
    initial: () => ({ msgCategory: '1', priority: 'L', msgType: 'ALL', ...toFormValues(entity, record) }),
    send: (values) => {
      const body = buildFormBody(entity, values, id);
      if (body.msgType !== 'USER') body.userIds = null;
      if (!body.openType) Object.assign(body, { openType: null, openPage: null, busId: null });
      return editing ? http.put<unknown>(`${entity.api}/edit`, body) : http.post<unknown>(`${entity.api}/add`, body);
    },
    onClose,
    onSaved,
  });
  const msgType = Form.useWatch('msgType', form);
  const openType = Form.useWatch('openType', form);

  // editing a USER notice: its ids → the usernames the picker shows
  useEffect(() => {
    setUsernames('');
    const ids = open ? idsOf(record?.userIds) : [];
    if (!ids.length) return;
    let live = true;
    void http.get<UserRow[]>('/sys/user/queryByIds', { userIds: ids.join(',') }).then((res) => {
      if (!live || !res.success) return;
      for (const u of res.result ?? []) idByName.current.set(String(u.username), String(u.id));
      setUsernames((res.result ?? []).map((u) => String(u.username)).join(','));
    });
    return () => {
      live = false;
    };
  }, [open, record]);

  return (
    <FormDialog title={editing ? '编辑' : '新增'} open={open} onClose={onClose} form={form} name={`${entity.key}-form`} modalProps={modalProps} width={900}>
      {item('titile')}
      {item('msgCategory')}
      {item('priority')}
      {item('msgType')}
      {msgType === 'USER' && (
        <Form.Item label="指定用户" required>
          <Form.Item name="userIds" noStyle rules={[{ required: true, message: ANNOUNCEMENT_FORM_MSG.pickUsers }]}>
            <Input type="hidden" />
          </Form.Item>
          <UserPicker
            testId="announcement-users"
            value={usernames}
            onChange={(v, rows) => {
              setUsernames(v);
              for (const r of rows) idByName.current.set(String(r.username), String(r.id));
              const ids = v
                .split(',')
                .filter(Boolean)
                .map((n) => idByName.current.get(n))
                .filter(Boolean);
              form.setFieldsValue({ userIds: ids.length ? `${ids.join(',')},` : '' });
            }}
          />
        </Form.Item>
      )}
      {item('startTime')}
      {item('endTime')}
      <Form.Item key="openType" name="openType" label={field('openType').label}>
        <Select
          allowClear
          placeholder={ANNOUNCEMENT_FORM_MSG.openNone}
          options={[
            { value: 'component', label: ANNOUNCEMENT_FORM_MSG.openComponent },
            { value: 'url', label: ANNOUNCEMENT_FORM_MSG.openUrl },
          ]}
        />
      </Form.Item>
      {!!openType && item('openPage', undefined, { rules: [{ required: true, message: `请输入${field('openPage').label}!` }] })}
      {openType === 'component' && item('busId')}
      {item('msgAbstract', <Input.TextArea rows={2} maxLength={field('msgAbstract').maxLength} />)}
      <Form.Item name="msgContent" label={field('msgContent').label}>
        <RichTextEditor height={300} />
      </Form.Item>
    </FormDialog>
  );
}
