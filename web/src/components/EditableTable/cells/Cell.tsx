import { Checkbox, DatePicker, Input, Popover, Radio, Select } from 'antd';
import dayjs from 'dayjs';
import { memo, useEffect, useReducer, useState, type ReactNode } from 'react';
import { INPUT_POP_CELL_SIZE, MULTI_MAX_TAGS, TEXTAREA_POP_SIZE } from '../constants';
import { acceptNumberTyping, formatTags, numberOnBlur } from '../inputRules';
import type { ColumnDef, Option, Row } from '../types';
import { displayText, lookupPickerLabels, optionLabel, pickerLabels, splitMulti, useOptions, type PickerKind } from './options';
import { AsyncSearchCell, DepartCell, UserCell, type EditorProps } from './PickerCells';
import { UploadCell } from './UploadCell';

export interface CellProps {
  col: ColumnDef;
  row: Row;
  editing: boolean;
  /**
   * The editor was opened by a click on this cell: it takes the focus and opens its popup (dropdown, date panel,
   * picker modal). Not in an always-editing table, where every cell holds an editor and none opens by itself.
   */
  autoOpen?: boolean;
  setValue: (id: string, key: string, v: unknown) => void;
  blur: (id: string, key: string) => void;
}

/** Types that are always interactive (no separate display mode). */
const ALWAYS_LIVE = new Set(['checkbox', 'radio', 'upload', 'image', 'slot']);

/**
 * Number cell (001 §5): the box keeps what is typed (rejected keystrokes revert it); the row value is already the
 * number while typing (`12`, not `'12'`), '' while the text is not a complete number; on blur the text follows.
 */
function NumberEditor({ value, onChange, onBlur, autoOpen }: EditorProps) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  return (
    <Input
      size="small"
      autoFocus={autoOpen}
      value={text}
      onChange={(e) => {
        const next = acceptNumberTyping(e.target.value, text);
        setText(next);
        onChange(numberOnBlur(next));
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

/** input_pop (001 §9): a popup of 300×210 in cells holding a textarea of 300×210. */
function InputPop({ value, onChange, onBlur, autoOpen }: EditorProps) {
  return (
    <Popover
      trigger="click"
      defaultOpen={autoOpen}
      placement="bottomLeft"
      content={
        <div className="pk-et-input-pop" style={{ width: INPUT_POP_CELL_SIZE.width, height: INPUT_POP_CELL_SIZE.height }}>
          <Input.TextArea
            autoFocus
            value={(value as string) ?? ''}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            style={{ width: TEXTAREA_POP_SIZE.width, height: TEXTAREA_POP_SIZE.height, resize: 'none' }}
          />
        </div>
      }
    >
      <Input size="small" readOnly value={(value as string) ?? ''} />
    </Popover>
  );
}

type WithOptions = (options: readonly Option[]) => ReactNode;

/** Loads the column's dictionary (a hook, so only columns that have one mount it: rows mount on every scroll). */
function DictOptions({ col, children }: { col: ColumnDef; children: WithOptions }) {
  return <>{children(useOptions(col))}</>;
}

/** The column's options: its own list, else its dictionary's, else none (renders `children` with them). */
export function withOptions(col: ColumnDef, children: WithOptions): ReactNode {
  if (col.options || col.dictCode === undefined) return children(col.options ?? []);
  return <DictOptions col={col}>{children}</DictOptions>;
}

function Editor({ col, row, setValue, blur, autoOpen = false, options }: Omit<CellProps, 'editing'> & { options: readonly Option[] }) {
  const value = row[col.key];
  const onChange = (v: unknown) => setValue(row.id, col.key, v);
  const onBlur = () => blur(row.id, col.key);
  const opts = options.map((o) => ({ value: o.value, label: optionLabel(o) }));
  const p: EditorProps = { col, value, onChange, onBlur, autoOpen };
  switch (col.type) {
    case 'inputNumber':
      return <NumberEditor {...p} />;
    case 'select':
    case 'sel_search':
      return (
        <Select
          size="small"
          autoFocus={autoOpen}
          defaultOpen={autoOpen}
          style={{ width: '100%' }}
          options={opts}
          allowClear
          placeholder={col.placeholder}
          showSearch={col.type === 'sel_search' || col.allowSearch ? { optionFilterProp: 'label' } : false}
          mode={col.multi ? 'multiple' : undefined}
          maxTagCount={MULTI_MAX_TAGS}
          value={col.multi ? splitMulti(value) : (value as string) || undefined}
          onChange={(v: string | string[]) => onChange(Array.isArray(v) ? v.join(',') : (v ?? ''))}
          onBlur={onBlur}
        />
      );
    case 'list_multi':
      return (
        <Select
          size="small"
          autoFocus={autoOpen}
          defaultOpen={autoOpen}
          mode="multiple"
          maxTagCount={MULTI_MAX_TAGS}
          style={{ width: '100%' }}
          options={opts}
          value={splitMulti(value)}
          onChange={(v: string[]) => onChange(v.join(','))}
          onBlur={onBlur}
        />
      );
    case 'datetime': {
      const fmt = col.format === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss';
      return (
        <DatePicker
          size="small"
          autoFocus={autoOpen}
          defaultOpen={autoOpen}
          showTime={col.format !== 'date'}
          format={fmt}
          style={{ width: '100%' }}
          value={value ? dayjs(String(value), fmt) : null}
          onChange={(d) => onChange(d ? d.format(fmt) : '')}
          onBlur={onBlur}
        />
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
      return (
        <Input
          size="small"
          autoFocus={autoOpen}
          value={(value as string) ?? ''}
          placeholder={col.placeholder}
          disabled={col.disabled}
          // props.tags: the tags input of 001 §5 (a semicolon after every 2 characters).
          onChange={(e) => onChange(col.props?.tags ? formatTags(e.target.value, String(value ?? '')) : e.target.value)}
          onBlur={onBlur}
        />
      );
  }
}

function LiveCell({ col, row, setValue, options }: Omit<CellProps, 'editing' | 'blur'> & { options: readonly Option[] }) {
  const value = row[col.key];
  const onChange = (v: unknown) => setValue(row.id, col.key, v);
  switch (col.type) {
    case 'checkbox': {
      const [on, off] = col.customValue ?? [true, false];
      return <Checkbox checked={value === on} disabled={col.disabled} onChange={(e) => onChange(e.target.checked ? on : off)} />;
    }
    case 'radio':
      return (
        <Radio.Group
          size="small"
          value={value}
          disabled={col.disabled}
          onChange={(e) => onChange(e.target.value)}
          options={options.map((o) => ({ value: o.value, label: optionLabel(o) }))}
        />
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
  const kind = pickerKind(col);
  if (kind) {
    return splitMulti(value)
      .map((v) => pickerLabels.get(`${kind}:${v}`) ?? v)
      .join(',');
  }
  if (col.type === 'sel_search_async')
    return splitMulti(value)
      .map((v) => pickerLabels.get(`async:${col.key}:${v}`) ?? v)
      .join(',');
  if (['select', 'sel_search', 'list_multi'].includes(col.type)) return displayText(value, options);
  return value === null || value === undefined ? '' : String(value);
}

const Text = ({ text }: { text: string }) => (
  <span className="pk-et-text" title={text}>
    {text || '\u00a0'}
  </span>
);

/** Dictionary-backed text (loads the options); other columns render without hooks (rows mount on every scroll). */
function DictText({ col, row }: { col: ColumnDef; row: Row }) {
  const options = useOptions(col);
  return <Text text={textOf(col, row[col.key], options)} />;
}

const pickerKind = (col: ColumnDef): PickerKind | null => (col.type === 'sel_user' ? 'user' : col.type === 'sel_depart' ? 'depart' : null);

/** Names of stored users / departments: those not learnt from a pick are looked up once (options.ts). */
function PickerText({ col, row, kind }: { col: ColumnDef; row: Row; kind: PickerKind }) {
  const [, learnt] = useReducer((n: number) => n + 1, 0);
  const missing = splitMulti(row[col.key])
    .filter((v) => !pickerLabels.has(`${kind}:${v}`))
    .join(',');
  useEffect(() => {
    if (!missing) return;
    let live = true;
    void lookupPickerLabels(kind, missing.split(',')).then(() => live && learnt());
    return () => {
      live = false;
    };
  }, [kind, missing]);
  return <Text text={textOf(col, row[col.key], undefined)} />;
}

function DisplayText({ col, row }: { col: ColumnDef; row: Row }) {
  if (col.dictCode !== undefined && !col.options) return <DictText col={col} row={row} />;
  const kind = pickerKind(col);
  if (kind && splitMulti(row[col.key]).length) return <PickerText col={col} row={row} kind={kind} />;
  return <Text text={textOf(col, row[col.key], col.options)} />;
}

/** One cell: always-live widgets, the editor while editing, else the display text. */
export const Cell = memo(function Cell({ col, row, editing, autoOpen, setValue, blur }: CellProps) {
  if (ALWAYS_LIVE.has(col.type)) return withOptions(col, (options) => <LiveCell col={col} row={row} setValue={setValue} options={options} />);
  if (editing && !col.disabled)
    return withOptions(col, (options) => <Editor col={col} row={row} setValue={setValue} blur={blur} autoOpen={autoOpen} options={options} />);
  return <DisplayText col={col} row={row} />;
});
