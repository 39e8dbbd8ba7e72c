/**
 * Switch storing configurable values (default `Y` checked / `N` unchecked) with labels 是 / 否 (001 §2, §9).
 *
 * @example <Form.Item name="izOpen"><DictSwitch /></Form.Item>
 * @example <DictSwitch options={[1, 0]} labels={['开', '关']} />
 */
import { Switch } from 'antd';
import { SWITCH_DEFAULTS, switchChecked, switchValue, type SwitchOptions } from './values';

export interface DictSwitchProps {
  value?: string | number | boolean;
  onChange?: (value: string | number | boolean) => void;
  options?: SwitchOptions;
  labels?: readonly [string, string];
  disabled?: boolean;
  'aria-label'?: string;
}

export function DictSwitch({ value, onChange, options = SWITCH_DEFAULTS.options, labels = SWITCH_DEFAULTS.labels, disabled, ...rest }: DictSwitchProps) {
  return (
    <Switch
      checked={switchChecked(value, options)}
      checkedChildren={labels[0]}
      unCheckedChildren={labels[1]}
      disabled={disabled}
      onChange={(c) => onChange?.(switchValue(c, options))}
      aria-label={rest['aria-label']}
    />
  );
}
