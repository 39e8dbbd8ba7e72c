/**
 * Editing ends on a mouse-up outside the table rows, popups, date pickers and the dropdown items of a select
 * (001 §2).
 *
 * "Inside" follows the React tree, not the DOM. The rows (and the table's own popups) mark every mouse-up that
 * passes through them in the capture phase (`onMouseUpCapture={keep}`). React dispatches an event that happens in
 * a portal through the component that rendered the portal, so a mouse-up in a cell's picker modal, select
 * dropdown, date panel, popover — or in a popup those open in turn (the page-size select inside the modal) — is
 * marked by the table that owns the cell, wherever antd placed it in the document. The table's document listener
 * runs after React's (React listens on the root and the portal containers, below `document`) and ends editing only
 * when its own table did not mark the event. A modal or dropdown that belongs to something else (another table,
 * a confirm dialog) is outside.
 */
const marks = new WeakMap<Event, Set<object>>();

/** Marks a native event as inside `owner` (one table). */
export function markInside(ev: Event, owner: object): void {
  let set = marks.get(ev);
  if (!set) marks.set(ev, (set = new Set()));
  set.add(owner);
}

/** Whether `owner` marked the event (the mouse-up happened in its rows or in a popup one of them rendered). */
export function isInside(ev: Event, owner: object): boolean {
  return marks.get(ev)?.has(owner) ?? false;
}
