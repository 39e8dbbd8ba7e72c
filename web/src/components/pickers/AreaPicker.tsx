import { Cascader, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { areaChildren, areaPath, areaText, areaTree, AREA_ROOT, checkAreaType, loadAreaTable, type AreaTable } from './area';
import { PICKER_MSG } from './rules';

export interface AreaPickerProps {
  /** 'cascader' (default) or 'select' (three selects: province, city, district). Anything else: 'Bad type value'. */
  type?: string;
  /** The code of the deepest chosen level (e.g. a district code, `440106`). */
  value?: string;
  onChange?(value: string, text: string): void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/**
 * Area picker (001 §2, §3): province / city / district (root 86; area.ts, loaded on first use). The value is the
 * code of the deepest level chosen; `onChange` also gets the names joined with '/'.
 *
 * ```tsx
 * <Form.Item name="area" label="地区"><AreaPicker /></Form.Item>
 * ```
 */
export function AreaPicker({ type = 'cascader', value, onChange, disabled, placeholder, testId }: AreaPickerProps) {
  let kind: 'cascader' | 'select';
  try {
    kind = checkAreaType(type);
  } catch {
    // 001 §8: an invalid type is a developer error; show it where the picker would be.
    return <Typography.Text type="danger">{PICKER_MSG.badAreaType}</Typography.Text>;
  }
  return kind === 'cascader' ? (
    <AreaCascader value={value} onChange={onChange} disabled={disabled} placeholder={placeholder} testId={testId} />
  ) : (
    <AreaSelects value={value} onChange={onChange} disabled={disabled} testId={testId} />
  );
}

/** The area table once loaded (an empty one until then: the controls show their loading state). */
function useAreaTable(): AreaTable | undefined {
  const [table, setTable] = useState<AreaTable>();
  useEffect(() => {
    let live = true;
    void loadAreaTable().then((t) => live && setTable(t));
    return () => {
      live = false;
    };
  }, []);
  return table;
}

const EMPTY: AreaTable = {};

function AreaCascader({ value, onChange, disabled, placeholder, testId }: Omit<AreaPickerProps, 'type'>) {
  const table = useAreaTable();
  const data = table ?? EMPTY;
  const options = useMemo(() => areaTree(data), [data]);
  const path = useMemo(() => areaPath(data, value ?? ''), [data, value]);
  return (
    <Cascader
      data-testid={testId}
      options={options}
      value={path}
      loading={!table}
      disabled={disabled}
      placeholder={placeholder ?? '请选择省市区'}
      showSearch
      changeOnSelect={false}
      onChange={(p) => {
        const codes = (p ?? []).map(String);
        onChange?.(codes[codes.length - 1] ?? '', areaText(data, codes));
      }}
      style={{ width: '100%' }}
    />
  );
}

function AreaSelects({ value, onChange, disabled, testId }: Omit<AreaPickerProps, 'type'>) {
  const table = useAreaTable();
  const data = table ?? EMPTY;
  const [province, city, district] = areaPath(data, value ?? '');
  const emit = (codes: string[]) => onChange?.(codes[codes.length - 1] ?? '', areaText(data, codes));
  const sel = (label: string, parent: string | undefined, current: string | undefined, next: (c: string | undefined) => void) => (
    <Select
      aria-label={label}
      placeholder={`请选择${label}`}
      allowClear
      disabled={disabled || !parent}
      loading={!table}
      value={current}
      options={parent ? areaChildren(data, parent) : []}
      onChange={(c: string | undefined) => next(c)}
      style={{ minWidth: 140 }}
    />
  );
  return (
    <Space data-testid={testId} wrap>
      {sel('省', AREA_ROOT, province, (c) => emit(c ? [c] : []))}
      {sel('市', province, city, (c) => emit(c ? [province, c] : [province]))}
      {sel('区', city, district, (c) => emit(c ? [province, city, c] : [province, city]))}
    </Space>
  );
}
