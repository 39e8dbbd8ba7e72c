import type { Row } from './api';
import { PICKER_MSG } from './rules';
import { TablePickerField, type PickerValueProps } from './TablePickerField';

/** A role row as the picker reads it. */
export type RoleRow = Row & { roleName: string; roleCode: string };

/**
 * Role picker (001 §2): columns roleName and roleCode; the value is the chosen role codes, comma-joined, and
 * `onChange` also gets the rows (id and roleCode).
 */
export function RolePicker(props: PickerValueProps<RoleRow> & { testId?: string }) {
  return (
    <TablePickerField<RoleRow>
      {...props}
      title={PICKER_MSG.selectRole}
      url="sys/role/list"
      valueField="roleCode"
      textField="roleName"
      placeholder={props.placeholder ?? '请选择角色'}
      searchFields={[{ name: 'roleCode', label: '角色编码' }]}
      columns={[
        { title: '角色名称', dataIndex: 'roleName' },
        { title: '角色编码', dataIndex: 'roleCode' },
      ]}
    />
  );
}
