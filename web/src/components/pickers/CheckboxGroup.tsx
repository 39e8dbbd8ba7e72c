import { Checkbox } from 'antd';
import { checkboxValue, splitValue } from './rules';
import { useDictOptions } from '../../crud/useDictOptions';

export interface CheckboxGroupProps {
  /** Dictionary of the options (plain code such as `sex`); or pass `options`. A blank code is the 001 §5 error. */
  dictCode?: string;
  options?: Array<{ value: string; label: string }>;
  /** Comma-joined checked values (001 §2). */
  value?: string;
  onChange?(value: string): void;
  disabled?: boolean;
}

function DictCheckboxes(p: CheckboxGroupProps & { dictCode: string }) {
  const { options } = useDictOptions(p.dictCode);
  return <Boxes {...p} options={options} />;
}

function Boxes({ options = [], value, onChange, disabled }: CheckboxGroupProps) {
  return (
    <Checkbox.Group
      options={options}
      disabled={disabled}
      value={splitValue(value)}
      onChange={(checked) => onChange?.(checkboxValue(checked.map(String), options))}
    />
  );
}

/**
 * Checkbox group whose value is the checked option values joined with commas, in option order (001 §2).
 *
 * ```tsx
 * <Form.Item name="sexes" label="性别"><CheckboxGroup dictCode="sex" /></Form.Item>
 * ```
 */
export function CheckboxGroup(p: CheckboxGroupProps) {
  return p.dictCode !== undefined ? <DictCheckboxes {...p} dictCode={p.dictCode} /> : <Boxes {...p} />;
}
