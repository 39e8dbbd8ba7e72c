import { Checkbox, DatePicker, Input, Popover, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { memo, useState } from 'react';
import { INPUT_POP_CELL_SIZE, MULTI_MAX_TAGS } from '../constants';
import { acceptNumberTyping, formatTags, numberOnBlur } from '../inputRules';
import type { ColumnDef, Option, Row } from '../types';
import { displayText, optionLabel, pickerLabels, splitMulti, useOptions } from './options';
import { AsyncSearchCell, DepartCell, UserCell } from './PickerCells';
import { UploadCell } from './UploadCell';

export interface CellProps {
  col: ColumnDef;
  row: Row;
  editing: boolean;
  setValue: (id: string, key: string, v: unknown) => void;
  blur: (id: string, key: string) => void;
}

/** Types that are always interactive (no separate display mode). */
const ALWAYS_LIVE = new Set(['checkbox', 'radio', 'upload', 'image', 'slot']);

function NumberEditor({ value, onChange, onBlur }: { value: unknown; onChange: (v: unknown) => void; onBlur: () => void }) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  return (
    <Input
      size="small" autoFocus value={text}
      onChange={(e) => {
        const next = acceptNumberTyping(e.target.value, text);
        setText(next);
        onChange(next);
      }}
      onBlur={() => {
        const v = numberOnBlur(text);
        setText(String(v));
        onChange(v);
        onBlur();
      }}
    />
  );
}

function InputPop({ value, onChange, onBlur }: { value: unknown; onChange: (v: unknown) => void; onBlur: () => void }) {
  return (
    <Popover
      open placement="bottomLeft" rootClassName="pk-et-popup"
      content={<Input.TextArea autoFocus value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} onBlur={onBlur}
        style={{ width: INPUT_POP_CELL_SIZE.width, height: INPUT_POP_CELL_SIZE.height, resize: 'none' }} />}
    >
      <Input size="small" readOnly value={(value as string) ?? ''} />
    </Popover>
  );
}

function Editor({ col, row, setValue, blur }: Omit<CellProps, 'editing'>) {
  const value = row[col.key];
  const options = useOptions(col);
  const onChange = (v: unknown) => setValue(row.id, col.key, v);
  const onBlur = () => blur(row.id, col.key);
  const opts = options.map((o) => ({ value: o.value, label: optionLabel(o) }));
  const p = { col, value, onChange, onBlur };
  switch (col.type) {
    case 'inputNumber':
      return <NumberEditor {...p} />;
    case 'select':
    case 'sel_search':
      return (
        <Select size="small" autoFocus defaultOpen style={{ width: '100%' }} options={opts} allowClear placeholder={col.placeholder}
          showSearch={col.type === 'sel_search' || col.allowSearch ? { optionFilterProp: 'label' } : false}
          mode={col.multi ? 'multiple' : undefined} maxTagCount={MULTI_MAX_TAGS}
          value={col.multi ? splitMulti(value) : ((value as string) || undefined)}
          onChange={(v: string | string[]) => onChange(Array.isArray(v) ? v.join(',') : v ?? '')} onBlur={onBlur} />
      );
    case 'list_multi':
      return (
        <Select size="small" autoFocus defaultOpen mode="multiple" maxTagCount={MULTI_MAX_TAGS} style={{ width: '100%' }} options={opts}
          value={splitMulti(value)} onChange={(v: string[]) => onChange(v.join(','))} onBlur={onBlur} />
      );
    case 'datetime': {
      const fmt = col.format === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      return (
        <DatePicker size="small" autoFocus defaultOpen showTime={col.format !== 'date'} format={fmt} style={{ width: '100%' }}
          value={value ? dayjs(String(value), fmt) : null} onChange={(d) => onChange(d ? d.format(fmt) : '')} onBlur={onBlur} />
      );
    }
    case 'sel_user':
      return <UserCell {...p} />;
    case 'sel_depart':
      return <DepartCell {...p} />;
    case 'sel_search_async':
      return <AsyncSearchCell {...p} />;
    case 'input_pop':
      return <InputPop {...p} />;
    default:
      return <Input size="small" autoFocus value={(value as string) ?? ''} placeholder={col.placeholder} disabled={col.disabled}
        // props.tags: the tags input of 001 §5 (a semicolon after every 2 characters).
        onChange={(e) => onChange(col.props?.tags ? formatTags(e.target.value, String(value ?? '')) : e.target.value)} onBlur={onBlur} />;
  }
}

function LiveCell({ col, row, setValue }: Omit<CellProps, 'editing' | 'blur'>) {
  const value = row[col.key];
  const options = useOptions(col);
  const onChange = (v: unknown) => setValue(row.id, col.key, v);
  switch (col.type) {
    case 'checkbox': {
      const [on, off] = col.customValue ?? [true, false];
      return <Checkbox checked={value === on} disabled={col.disabled} onChange={(e) => onChange(e.target.checked ? on : off)} />;
    }
    case 'radio':
      return (
        <Radio.Group size="small" value={value} disabled={col.disabled} onChange={(e) => onChange(e.target.value)}
          options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))} />
      );
    case 'upload':
      return <UploadCell col={col} value={value} onChange={onChange} />;
    case 'image':
      return <UploadCell col={col} value={value} onChange={onChange} image />;
    default:
      return <>{col.render?.(row, onChange)}</>;
  }
}

function textOf(col: ColumnDef, value: unknown, options: readonly Option[] | undefined): string {
  if (col.type === 'sel_user' || col.type === 'sel_depart') {
    const kind = col.type === 'sel_user' ? 'user' : 'depart';
    return splitMulti(value).map((v) => pickerLabels.get(`${kind}:${v}`) ?? v).join(',');
  }
  if (col.type === 'sel_search_async') return splitMulti(value).map((v) => pickerLabels.get(`async:${col.key}:${v}`) ?? v).join(',');
  if (['select', 'sel_search', 'list_multi'].includes(col.type)) return displayText(value, options);
  return value === null || value === undefined ? '' : String(value);
}

const Text = ({ text }: { text: string }) => <span className="pk-et-text" title={text}>{text || '\u00a0'}</span>;

/** Dictionary-backed text (loads the options); other columns render without hooks (rows mount on every scroll). */
function DictText({ col, row }: { col: ColumnDef; row: Row }) {
  const options = useOptions(col);
  return <Text text={textOf(col, row[col.key], options)} />;
}

function DisplayText({ col, row }: { col: ColumnDef; row: Row }) {
  if (col.dictCode && !col.options) return <DictText col={col} row={row} />;
  return <Text text={textOf(col, row[col.key], col.options)} />;
}

/** One cell: always-live widgets, the editor while editing, else the display text. */
export const Cell = memo(function Cell({ col, row, editing, setValue, blur }: CellProps) {
  if (ALWAYS_LIVE.has(col.type)) return <LiveCell col={col} row={row} setValue={setValue} />;
  if (editing && !col.disabled) return <Editor col={col} row={row} setValue={setValue} blur={blur} />;
  return <DisplayText col={col} row={row} />;
});
