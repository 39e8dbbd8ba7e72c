export { DictSelect, DictCheckbox, DictMultiSelectTag, type DictSelectProps, type DictCheckboxProps, type DictMultiSelectTagProps } from './DictSelect';
export { DictTag, type DictTagProps } from './DictTag';
export { DictSwitch, type DictSwitchProps } from './DictSwitch';
export { MULTI_SEPARATOR, SWITCH_DEFAULTS, dictText, joinMulti, splitMulti, switchChecked, switchValue } from './values';
