import type { Row } from './api';
import { LABEL_DICT, PICKER_MSG } from './rules';
import { TablePickerField, type ModalPickerOptions, type PickerValueProps } from './TablePickerField';

/**
 * A position row. The entity property is `postRank` (contract §12.4); the server's position list also gives its
 * translation as `rank_dictText`, the name 001 §2 uses for the picker's rank column.
 */
export type PositionRow = Row & { name: string; code: string; postRank?: string; postRank_dictText?: string; rank_dictText?: string };

/**
 * Position picker (001 §2): name, code and rank (`rank_dictText`); searched by name (`/sys/position/list?name=`,
 * guarded by `position:list`; a refusal shows the server's message); the value is the chosen position codes,
 * comma-joined.
 */
export function PositionPicker(props: PickerValueProps<PositionRow> & ModalPickerOptions & { testId?: string }) {
  return (
    <TablePickerField<PositionRow>
      {...props}
      title={PICKER_MSG.selectPosition}
      url="sys/position/list"
      valueField="code"
      textField="name"
      labelDict={LABEL_DICT.position}
      placeholder={props.placeholder ?? '请选择职务'}
      searchFields={[{ name: 'name', label: '职务名称' }]}
      columns={[
        { title: '职务名称', dataIndex: 'name' },
        { title: '职务编码', dataIndex: 'code' },
        { title: '职级', dataIndex: 'rank_dictText' },
      ]}
    />
  );
}
