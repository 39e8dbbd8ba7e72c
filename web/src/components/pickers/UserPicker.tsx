import type { UserRow } from './api';
import { LABEL_DICT, PICKER, PICKER_MSG, USER_DIRECTORY_URL } from './rules';
import { TablePickerField, type ModalPickerOptions, type PickerValueProps } from './TablePickerField';
import { MSG } from '../../messages';

/**
 * User picker (001 §2): a table of users (account, real name, phone, birthday) with the extra filters sex
 * (dictionary `sex`) and birthday; the value is the chosen usernames, comma-joined, and `onChange` also gets
 * the rows (id and username). Width 1250 (001 §9). It reads the signed-in, tenant-scoped user directory
 * `GET /sys/user/queryUserComponentData` (ACCESS.md "Directory reads for the pickers"), so it works on any form;
 * the phone column is filled only for callers who hold user:list.
 *
 * ```tsx
 * <Form.Item name="users" label="用户"><UserPicker /></Form.Item>
 * <UserPicker multi={false} value={username} onChange={(v, rows) => setUser(rows[0]?.id)} />
 * ```
 */
export function UserPicker(props: PickerValueProps<UserRow> & ModalPickerOptions & { testId?: string }) {
  return (
    <TablePickerField<UserRow>
      {...props}
      title={PICKER_MSG.selectUser}
      width={PICKER.userWidth}
      url={USER_DIRECTORY_URL}
      valueField="username"
      textField="realname"
      labelDict={LABEL_DICT.user}
      placeholder={props.placeholder ?? MSG.selectUser}
      searchFields={USER_PICKER_SEARCH}
      columns={USER_PICKER_COLUMNS}
    />
  );
}

/** 001 §2: the query text on the account, plus the extra filters sex (dictionary `sex`) and birthday. */
export const USER_PICKER_SEARCH = [
  { name: 'username', label: '账号' },
  { name: 'sex', label: '性别', type: 'dict' as const, dictCode: 'sex' },
  { name: 'birthday', label: '生日', type: 'date' as const },
];

/** 001 §2: columns account (username), real name (realname), phone, birthday. */
export const USER_PICKER_COLUMNS = [
  { title: '用户账号', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'realname' },
  { title: '电话', dataIndex: 'phone' },
  { title: '生日', dataIndex: 'birthday' },
];
