/** The pickers of 001 §2, each with a value/onChange contract usable in an antd Form.Item. */
export { AreaPicker, type AreaPickerProps } from './AreaPicker';
export { BusinessPicker, type BusinessPickerProps } from './BusinessPicker';
export { CategorySelect, type CategorySelectProps } from './CategorySelect';
export { CheckboxGroup, type CheckboxGroupProps } from './CheckboxGroup';
export { DepartModal, DepartPicker, type PickedDepart } from './DepartPicker';
export { DictPicker } from './DictPicker';
export { PositionPicker, type PositionRow } from './PositionPicker';
export { RolePicker, type RoleRow } from './RolePicker';
export { SearchSelect, type SearchSelectProps } from './SearchSelect';
export { TreeSelectPicker, type TreeSelectPickerProps } from './TreeSelectPicker';
export { UserByDepartModal, UserByDepartPicker } from './UserByDepartModal';
export { UserPicker } from './UserPicker';
export type { ModalPickerOptions, PickerValueProps } from './TablePickerField';
export type { UserRow } from './api';
export { LABEL_DICT, PICKER, PICKER_MSG } from './rules';
