/**
 * Dragging a modal by its title (001 §2 draggable modal): the offset follows the pointer and the dialog is kept
 * inside the viewport; in fullscreen there is no dragging and no offset.
 */
export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Whether a drag may start. */
export function canDrag(draggable: boolean, fullscreen: boolean): boolean {
  return draggable && !fullscreen;
}

/**
 * The offset while dragging: `origin` is the offset when the drag started, `from` the pointer then, `to` the pointer
 * now; `rect` the dialog's box at the start (already moved by `origin`) and `viewport` the window size.
 */
export function dragOffset(origin: Point, from: Point, to: Point, rect: Rect, viewport: { width: number; height: number }): Point {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const minDx = -rect.left;
  const maxDx = viewport.width - rect.left - rect.width;
  const minDy = -rect.top;
  const maxDy = viewport.height - rect.top - Math.min(rect.height, 48);
  return {
    x: origin.x + clamp(dx, minDx, Math.max(minDx, maxDx)),
    y: origin.y + clamp(dy, minDy, Math.max(minDy, maxDy)),
  };
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
