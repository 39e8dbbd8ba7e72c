/**
 * Dictionary-driven choice widgets (001 §2; JeecgBoot JDictSelectTag / JCheckbox / JMultiSelectTag): options come
 * from a dict code through the session dictionary cache (`useDictOptions`). Values are strings; multi-values are one
 * comma-joined string.
 *
 * @example <Form.Item name="sex"><DictSelect dictCode="sex" /></Form.Item>
 * @example <DictSelect dictCode="priority" type="radio" />
 */
import { Checkbox, Radio, Select, Spin } from 'antd';
import { useDictOptions } from '../../crud/useDictOptions';
import { joinMulti, splitMulti } from './values';

export interface DictSelectProps {
  dictCode: string;
  /** list (dropdown, default), radio, radioButton */
  type?: 'list' | 'radio' | 'radioButton';
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: React.CSSProperties;
  'aria-label'?: string;
}

export function DictSelect({ dictCode, type = 'list', value, onChange, placeholder = '请选择', disabled, allowClear = true, style, ...rest }: DictSelectProps) {
  const { options, loading } = useDictOptions(dictCode);
  if (type === 'radio' || type === 'radioButton') {
    if (loading && !options.length) return <Spin size="small" />;
    return (
      <Radio.Group
        value={value}
        disabled={disabled}
        optionType={type === 'radioButton' ? 'button' : 'default'}
        buttonStyle="solid"
        options={options}
        onChange={(e) => onChange?.(e.target.value as string)}
        aria-label={rest['aria-label']}
      />
    );
  }
  return (
    <Select
      value={value === '' ? undefined : value}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={options}
      loading={loading}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      style={{ minWidth: 160, ...style }}
      aria-label={rest['aria-label']}
    />
  );
}

export interface DictCheckboxProps {
  dictCode: string;
  /** comma-joined values */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  separator?: string;
}

/** A checkbox per dictionary item; the value is comma-joined (001 §2 checkbox group). */
export function DictCheckbox({ dictCode, value, onChange, disabled, separator }: DictCheckboxProps) {
  const { options, loading } = useDictOptions(dictCode);
  if (loading && !options.length) return <Spin size="small" />;
  return (
    <Checkbox.Group
      options={options}
      disabled={disabled}
      value={splitMulti(value, separator)}
      onChange={(list) => onChange?.(joinMulti(list as string[], separator))}
    />
  );
}

export interface DictMultiSelectTagProps extends DictCheckboxProps {
  placeholder?: string;
  style?: React.CSSProperties;
}

/** Multi-select with tags, value joined by the separator (comma, 001 §9). */
export function DictMultiSelectTag({ dictCode, value, onChange, disabled, separator, placeholder = '请选择', style }: DictMultiSelectTagProps) {
  const { options, loading } = useDictOptions(dictCode);
  return (
    <Select
      mode="multiple"
      options={options}
      loading={loading}
      disabled={disabled}
      placeholder={placeholder}
      allowClear
      value={splitMulti(value, separator)}
      onChange={(list: string[]) => onChange?.(joinMulti(list, separator))}
      style={{ minWidth: 200, ...style }}
    />
  );
}
