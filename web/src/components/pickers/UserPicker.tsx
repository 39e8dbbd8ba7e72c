import type { UserRow } from './api';
import { PICKER, PICKER_MSG } from './rules';
import { TablePickerField, type PickerValueProps } from './TablePickerField';

/**
 * User picker (001 §2): a table of users (account, real name, phone, birthday) with the extra filters sex
 * (dictionary `sex`) and birthday; the value is the chosen usernames, comma-joined, and `onChange` also gets
 * the rows (id and username). Width 1250 (001 §9).
 *
 * ```tsx
 * <Form.Item name="users" label="用户"><UserPicker /></Form.Item>
 * <UserPicker multi={false} value={username} onChange={(v, rows) => setUser(rows[0]?.id)} />
 * ```
 */
export function UserPicker(props: PickerValueProps<UserRow> & { testId?: string }) {
  return (
    <TablePickerField<UserRow>
      {...props}
      title={PICKER_MSG.selectUser}
      width={PICKER.userWidth}
      url="sys/user/list"
      valueField="username"
      textField="realname"
      labelDict="sys_user,realname,username"
      placeholder={props.placeholder ?? '请选择用户'}
      searchFields={[
        { name: 'username', label: '账号' },
        { name: 'sex', label: '性别', type: 'dict', dictCode: 'sex' },
        { name: 'birthday', label: '生日', type: 'date' },
      ]}
      columns={[
        { title: '用户账号', dataIndex: 'username' },
        { title: '用户名称', dataIndex: 'realname' },
        { title: '性别', dataIndex: 'sex_dictText' },
        { title: '电话', dataIndex: 'phone' },
        { title: '生日', dataIndex: 'birthday' },
      ]}
    />
  );
}
