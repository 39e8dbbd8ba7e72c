import { Select } from 'antd';
import { joinValue, splitValue } from './rules';
import type { PickerValueProps } from './TablePickerField';
import { useDictOptions } from '../../crud/useDictOptions';
import type { DictOption } from './api';

/**
 * Dictionary-value picker (001 §2): pick one or several values of a dictionary (`getDictItems/{dictCode}`, plain
 * or registered table code), searchable by text. The value is comma-joined.
 *
 * ```tsx
 * <Form.Item name="rank" label="职级"><DictPicker dictCode="position_rank" multi={false} /></Form.Item>
 * ```
 */
export function DictPicker({
  dictCode,
  value,
  onChange,
  multi = true,
  disabled,
  placeholder,
  testId,
}: PickerValueProps<DictOption> & { dictCode: string; testId?: string }) {
  const { items, options, loading } = useDictOptions(dictCode);
  const emit = (v: string[]) =>
    onChange?.(
      joinValue(v),
      items.filter((i) => v.includes(i.value)),
    );
  return (
    <Select
      data-testid={testId}
      mode={multi ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled}
      placeholder={placeholder ?? '请选择'}
      options={options}
      loading={loading}
      value={multi ? splitValue(value) : value || undefined}
      onChange={(v: string | string[] | undefined) => emit(Array.isArray(v) ? v : v ? [v] : [])}
      style={{ width: '100%' }}
    />
  );
}
