import type { Row } from './api';
import { PICKER_MSG } from './rules';
import { TablePickerField, type PickerValueProps } from './TablePickerField';

/**
 * A position row. The spec names the rank column `rank_dictText`; the server's entity property is `postRank`
 * (contract §12.4), so the translated text arrives as `postRank_dictText` and that is what the column reads.
 */
export type PositionRow = Row & { name: string; code: string; postRank?: string; postRank_dictText?: string };

/**
 * Position picker (001 §2): name, code and rank; searched by name (`/sys/position/list?name=`); the value is
 * the chosen position codes, comma-joined.
 */
export function PositionPicker(props: PickerValueProps<PositionRow> & { testId?: string }) {
  return (
    <TablePickerField<PositionRow>
      {...props}
      title={PICKER_MSG.selectPosition}
      url="sys/position/list"
      valueField="code"
      textField="name"
      labelDict="sys_position,name,code"
      placeholder={props.placeholder ?? '请选择职务'}
      searchFields={[{ name: 'name', label: '职务名称' }]}
      columns={[
        { title: '职务名称', dataIndex: 'name' },
        { title: '职务编码', dataIndex: 'code' },
        { title: '职级', dataIndex: 'postRank_dictText' },
      ]}
    />
  );
}
