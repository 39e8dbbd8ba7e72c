import type { Row } from './api';
import { LABEL_DICT, PICKER_MSG } from './rules';
import { TablePickerField, type ModalPickerOptions, type PickerValueProps } from './TablePickerField';

/** A role row as the picker reads it. */
export type RoleRow = Row & { roleName: string; roleCode: string };

/**
 * Role picker (001 §2): columns roleName and roleCode; the value is the chosen role codes, comma-joined, and
 * `onChange` also gets the rows (id and roleCode). It reads the guarded role list (`role:list`; a refusal shows the
 * server's message); the tags are labelled through the signed-in dictionary `sys_role,role_name,role_code`.
 */
export function RolePicker(props: PickerValueProps<RoleRow> & ModalPickerOptions & { testId?: string }) {
  return (
    <TablePickerField<RoleRow>
      {...props}
      title={PICKER_MSG.selectRole}
      url="sys/role/list"
      valueField="roleCode"
      textField="roleName"
      labelDict={LABEL_DICT.role}
      placeholder={props.placeholder ?? '请选择角色'}
      searchFields={[{ name: 'roleCode', label: '角色编码' }]}
      columns={[
        { title: '角色名称', dataIndex: 'roleName' },
        { title: '角色编码', dataIndex: 'roleCode' },
      ]}
    />
  );
}
