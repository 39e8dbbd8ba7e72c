/**
 * Editing ends on a mouse-up outside the table rows, popups, date pickers and the dropdown items of a select
 * (001 §2). These are the places that keep it open.
 */
export const KEEP_EDITING_SELECTORS = [
  '.pk-et-row',
  '.ant-popover',
  '.ant-picker-dropdown',
  '.ant-select-dropdown',
  '.ant-cascader-dropdown',
  '.ant-modal-root',
  '.pk-et-popup',
];

export function endsEditing(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return true;
  const el = target as Element;
  return !KEEP_EDITING_SELECTORS.some((s) => el.closest(s));
}
