import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, useCallback, useImperativeHandle, useRef, useSyncExternalStore, type RefObject, type SyntheticEvent } from 'react';
import { ROW_HEIGHT } from './constants';
import { overscanFor } from './layout';
import type { TableStore } from './store';
import { TableRow, type RowContext } from './TableRow';

const estimateSize = () => ROW_HEIGHT;

export interface BodyHandle {
  scrollToIndex(i: number, align: 'start' | 'end'): void;
  element(): HTMLDivElement | null;
}

/**
 * The virtual rows (001 §9 row height 61). Its own component so that scrolling re-renders only this list, not the
 * toolbar, header, footer or drag context; rows are memoised and skip re-rendering unless their own view changes.
 */
export const VirtualBody = forwardRef<
  BodyHandle,
  {
    store: TableStore;
    ctx: RowContext;
    scroller: RefObject<HTMLDivElement | null>;
    headerHeight: number;
    initialHeight: number;
    /** Marks mouse-ups in the rows and in the popups their cells render (editing.ts). */
    onMouseUpCapture?: (e: SyntheticEvent) => void;
  }
>(function VirtualBody({ store, ctx, scroller, headerHeight, initialHeight, onMouseUpCapture }, ref) {
  const visible = useSyncExternalStore(store.subscribe, store.getVisible);
  const el = useRef<HTMLDivElement>(null);
  // Stable option functions: a new getItemKey would make the virtualiser re-measure every row on each scroll event.
  const getItemKey = useCallback((i: number) => visible[i]?.id ?? i, [visible]);
  const getScrollElement = useCallback(() => scroller.current, [scroller]);
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement,
    estimateSize,
    overscan: overscanFor(initialHeight, headerHeight),
    scrollMargin: headerHeight,
    // A first guess before the element is measured (also what a layout-less test DOM gets).
    initialRect: { width: 1200, height: initialHeight },
    getItemKey,
  });
  useImperativeHandle(
    ref,
    () => ({
      scrollToIndex: (i, align) => virtualizer.scrollToIndex(i, { align }),
      element: () => el.current,
    }),
    [virtualizer],
  );
  return (
    <div ref={el} className="pk-et-body" style={{ height: virtualizer.getTotalSize(), position: 'relative' }} onMouseUpCapture={onMouseUpCapture}>
      {virtualizer.getVirtualItems().map((item) => (
        <TableRow key={item.key} id={visible[item.index]!.id} start={item.start - headerHeight} ctx={ctx} />
      ))}
      {visible.length === 0 && <div style={{ padding: 16, textAlign: 'center', color: '#999' }}>暂无数据</div>}
    </div>
  );
});
