import type { TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Row } from './api';
import { joinValue, splitValue } from './rules';
import { SelectedBox } from './SelectedBox';
import { TablePickerModal, type PickerSearchField } from './TablePickerModal';
import { useLabels } from './useLabels';

/** The value/onChange contract every picker follows, so it drops into an antd `Form.Item`. */
export interface PickerValueProps<T> {
  /** Comma-joined stored values. */
  value?: string;
  /** New comma-joined value and the rows behind it (rows the picker knows; [] after a tag removal). */
  onChange?(value: string, rows: T[]): void;
  /** Several values (default true). */
  multi?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** Options of the pickers whose box opens a modal (user, department, role, position). */
export interface ModalPickerOptions {
  /** Opens the modal as soon as the picker mounts (an editable-table cell opens its picker on click). */
  defaultOpen?: boolean;
  /** Tags shown in the box before a "+N" tag (default: all). */
  maxTagCount?: number;
}

export interface TablePickerFieldProps<T extends Row> extends PickerValueProps<T>, ModalPickerOptions {
  title: ReactNode;
  width?: number;
  url: string;
  columns: TableColumnsType<T>;
  searchFields: PickerSearchField[];
  valueField: keyof T & string;
  /** Row field shown in the box. */
  textField: keyof T & string;
  /** Registered table dictionary that turns stored values into texts (e.g. `sys_user,realname,username`). */
  labelDict?: string;
  testId?: string;
}

/** A SelectedBox plus its TablePickerModal: the shared body of UserPicker, RolePicker and PositionPicker. */
export function TablePickerField<T extends Row>(p: TablePickerFieldProps<T>) {
  const [open, setOpen] = useState(!!p.defaultOpen);
  const [known, setKnown] = useState<Record<string, string>>({});
  const labels = useLabels(p.value, known, p.labelDict);
  const multi = p.multi ?? true;
  return (
    <>
      <SelectedBox
        value={p.value}
        labels={labels}
        placeholder={p.placeholder ?? `请选择`}
        disabled={p.disabled}
        maxTagCount={p.maxTagCount}
        buttonLabel={typeof p.title === 'string' ? p.title : '选择'}
        data-testid={p.testId}
        onOpen={() => setOpen(true)}
        onRemove={(part) => p.onChange?.(part === null ? '' : joinValue(splitValue(p.value).filter((v) => v !== part)), [])}
      />
      <TablePickerModal<T>
        open={open}
        title={p.title}
        width={p.width}
        url={p.url}
        columns={p.columns}
        searchFields={p.searchFields}
        multi={multi}
        valueField={p.valueField}
        selected={splitValue(p.value)}
        data-testid={p.testId ? `${p.testId}-modal` : undefined}
        onCancel={() => setOpen(false)}
        onOk={(rows, values) => {
          setKnown((k) => ({ ...k, ...Object.fromEntries(rows.map((r) => [String(r[p.valueField]), String(r[p.textField] ?? r[p.valueField])])) }));
          p.onChange?.(joinValue(values), rows);
          setOpen(false);
        }}
      />
    </>
  );
}
