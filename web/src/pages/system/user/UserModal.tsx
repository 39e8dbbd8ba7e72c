/**
 * The user add/edit dialog (contract §12.1): account and password (add only), name, work number, position, roles
 * (`selectedroles` from /sys/role/queryall), departments (several, `selecteddeparts`) with the current one, tenants
 * (`relTenantIds`), identity and departments in charge, avatar, birthday, sex, e-mail, phone, landline.
 * Field permissions of the seed (000 §6): 性别 is removed without `user:sex`; 手机号码 and 生日 are shown
 * disabled without `user:form:phone` / `user:form:birthday` (perms_type 2).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Radio, Select } from 'antd';
import { usePermission } from '../../../access/usePermission';
import { DictSelect, duplicateRule, formatRule, type FormModalProps } from '../../../crud';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import { DATE_FORMAT } from '../../../crud/query';
import { addUser, editUser, queryAllRoles, queryTenants, queryUserRole, userDepartList } from './api';
import { AvatarUpload } from './AvatarUpload';
import { PasswordItems } from './PasswordItems';
import { DepartTreeSelect, departNames, useDepartTree } from './DepartTreeSelect';
import { buildUserBody, toUserFormValues, USER_PERM, type UserFormValues } from './data';
import { FormDialog } from '../../../crud/FormDialog';

function useRoleOptions() {
  return useQuery({
    queryKey: ['sys', 'role', 'all'],
    queryFn: async () => {
      const res = await queryAllRoles();
      return res.success ? (res.result ?? []).map((r) => ({ label: r.roleName, value: r.id })) : [];
    },
  }).data;
}

function useTenantOptions() {
  return useQuery({
    queryKey: ['sys', 'tenant', 'queryList'],
    queryFn: async () => {
      const res = await queryTenants();
      return res.success ? (res.result ?? []).map((t) => ({ label: t.name, value: String(t.id) })) : [];
    },
  }).data;
}

export function UserModal({ open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const [form] = Form.useForm<UserFormValues>();
  const { has, isDisabled } = usePermission();
  const [loading, setLoading] = useState(false);
  const editing = !!record?.id;
  const roleOptions = useRoleOptions();
  const tenantOptions = useTenantOptions();
  const tree = useDepartTree();
  const names = useMemo(() => departNames(tree), [tree]);
  const departs = Form.useWatch('departs', form) as string[] | undefined;
  const identity = Form.useWatch('userIdentity', form) as number | undefined;

  // Fill the form on every opening; an edit also loads the user's roles and departments.
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!record?.id) {
      form.setFieldsValue({ userIdentity: 1 });
      return;
    }
    let live = true;
    setLoading(true);
    const id = String(record.id);
    Promise.all([queryUserRole(id).catch(() => null), userDepartList(id).catch(() => null)])
      .then(([roles, deps]) => {
        if (!live) return;
        const values = toUserFormValues(record, roles?.success ? (roles.result ?? []) : [], deps?.success ? (deps.result ?? []) : []);
        if (values.userIdentity === undefined) values.userIdentity = 1;
        form.setFieldsValue(values);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, record, form]);

  const { modalProps } = useFormSubmit({
    validate: () => form.validateFields(),
    send: (values) => {
      const body = buildUserBody(values, editing ? String(record?.id) : undefined);
      if (Number(values.userIdentity) !== 2) body.departIds = '';
      else body.departIds = Array.isArray(values.departIds) ? values.departIds.join(',') : (values.departIds ?? '');
      return editing ? editUser(body) : addUser(body);
    },
    onSuccess: () => {
      onClose();
      onSaved();
    },
  });

  // contract §6.3: the unique fields are checked as the user types (the edited user's own values pass).
  const dataId = editing ? String(record?.id) : undefined;
  const unique = (column: 'username' | 'work_no' | 'email' | 'phone') => duplicateRule('sys_user', column, dataId);

  const currentOptions = (departs ?? []).map((d) => ({ value: d, label: names.get(d) ?? d }));

  return (
    <FormDialog title={editing ? '编辑用户' : '添加用户'} open={open} onClose={onClose} form={form} name="user-form" modalProps={modalProps} loading={loading}>
      <Form.Item name="username" label="用户账号" validateFirst rules={[{ required: true, whitespace: true, message: '请输入用户账号!' }, unique('username')]}>
        <Input placeholder="请输入用户账号" disabled={editing} maxLength={100} />
      </Form.Item>
      {!editing && <PasswordItems />}
      <Form.Item name="realname" label="用户姓名" rules={[{ required: true, whitespace: true, message: '请输入用户姓名!' }]}>
        <Input placeholder="请输入用户姓名" maxLength={100} />
      </Form.Item>
      <Form.Item name="workNo" label="工号" rules={[unique('work_no')]}>
        <Input placeholder="请输入工号" maxLength={100} />
      </Form.Item>
      <Form.Item name="post" label="职务">
        <DictSelect code="sys_position,name,code" placeholder="请选择职务" />
      </Form.Item>
      <Form.Item name="roles" label="角色分配">
        <Select mode="multiple" allowClear placeholder="请选择角色" options={roleOptions} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="departs" label="所属部门">
        <DepartTreeSelect multiple placeholder="请选择所属部门" />
      </Form.Item>
      <Form.Item name="currentDepart" label="当前部门" tooltip="登录后默认所在的部门">
        <Select allowClear placeholder="请选择当前部门" options={currentOptions} disabled={!currentOptions.length} />
      </Form.Item>
      <Form.Item name="tenants" label="租户">
        <Select mode="multiple" allowClear placeholder="请选择租户" options={tenantOptions} optionFilterProp="label" />
      </Form.Item>
      <Form.Item name="userIdentity" label="身份">
        <Radio.Group
          options={[
            { label: '普通用户', value: 1 },
            { label: '上级', value: 2 },
          ]}
        />
      </Form.Item>
      {Number(identity) === 2 && (
        <Form.Item name="departIds" label="负责部门" getValueProps={(v) => ({ value: typeof v === 'string' ? v.split(',').filter(Boolean) : v })}>
          <DepartTreeSelect multiple placeholder="请选择负责部门" />
        </Form.Item>
      )}
      <Form.Item name="avatar" label="头像">
        <AvatarUpload />
      </Form.Item>
      <Form.Item name="birthday" label="生日">
        <DatePicker placeholder="请选择生日" format={DATE_FORMAT} style={{ width: '100%' }} disabled={isDisabled(USER_PERM.formBirthday)} />
      </Form.Item>
      {has(USER_PERM.sex) && (
        <Form.Item name="sex" label="性别">
          <DictSelect code="sex" placeholder="请选择性别" />
        </Form.Item>
      )}
      <Form.Item name="email" label="邮箱" validateFirst rules={[formatRule('email'), unique('email')]}>
        <Input placeholder="请输入邮箱" maxLength={45} />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" validateFirst rules={[formatRule('mobile'), unique('phone')]}>
        <Input placeholder="请输入手机号码" maxLength={45} disabled={isDisabled(USER_PERM.formPhone)} />
      </Form.Item>
      <Form.Item name="telephone" label="座机" rules={[formatRule('telephone')]}>
        <Input placeholder="请输入座机" maxLength={45} />
      </Form.Item>
    </FormDialog>
  );
}
