import './EditableTable.css';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { useAuth } from '../../crud/auth';
import { feedback } from '../feedback';
import { loadAddSettings, type AddSettings } from './addSettings';
import { DEFAULT_SORT_KEY, INSERT_GUARD_MS, MAX_HEIGHT, MSG, ROW_HEIGHT, SEQ_WIDTH } from './constants';
import { isInside, markInside } from './editing';
import { filterParams, type ColumnFilterValue } from './filter';
import { columnWidth, minColumnWidth, selectionWidth } from './layout';
import { createClickGuard } from './rowState';
import { StatisticsFooter } from './StatisticsFooter';
import { TableStore, type SavePayload } from './store';
import { SubTablePopover, type SubTableDef } from './SubTablePopover';
import { TableHeader } from './TableHeader';
import { Toolbar } from './Toolbar';
import { type RowContext } from './TableRow';
import { VirtualBody, type BodyHandle } from './VirtualBody';
import type { ColumnDef, Row } from './types';
import { useVxeSocket } from './useVxeSocket';

export interface EditableTableProps {
  columns: ColumnDef[];
  /** Saved rows (the baseline for new / edited / removed). */
  dataSource: Row[];
  rowNumber?: boolean;
  rowSelection?: boolean;
  /** Drag sort with the sort key recalculated (default key orderNum). */
  dragSort?: boolean;
  sortKey?: string;
  /** Every cell in edit mode (otherwise a click opens the editor). */
  alwaysEdit?: boolean;
  /** Permission prefix for add / batch_delete (001 §6); a colon is added when missing. */
  authPre?: string;
  /** Body max height (default 400, 001 §9). */
  maxHeight?: number;
  /** Lazy tree rows: loads a node's children on first expansion. */
  loadChildren?: (row: Row) => Promise<Row[]>;
  subTable?: SubTableDef;
  /** Real-time channel: this table's key and the page id shared by the browsers that see the page. */
  socketKey?: string;
  socketPageId?: string;
  idPrefix?: string;
  toolbarExtra?: ReactNode;
  /**
   * The header filters changed (columns with `filter`): the list-query params to send with the host's list call,
   * e.g. `{ name: '*船*', postRank: '>=3' }` (contract §5.2 value syntax); `{}` when no filter is set.
   */
  onFilterChange?: (params: Record<string, string>) => void;
  onRowRender?: (id: string) => void;
}

/** Imperative API (ref). */
export interface EditableTableHandle {
  store: TableStore;
  /** Validation first, then `{tableData, deleteData, ...}` (001 §4). */
  getValues(): Promise<SavePayload>;
  add(count?: number): string[];
  scrollToIndex(i: number): void;
  socketOpen: boolean;
}

const dropHorizontal: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const HEADER_HEIGHT = 40;
const ACTION_WIDTH = 120;

/**
 * The editable table (001 §2–§9): virtual rows (@tanstack/react-virtual), per-row state (TableStore), drag sort
 * (@dnd-kit), validation, tree rows, sub-table popover, statistics footer and the real-time channel.
 *
 * @example
 *   const ref = useRef<EditableTableHandle>(null);
 *   <EditableTable ref={ref} columns={cols} dataSource={rows} rowNumber rowSelection dragSort authPre="demo:editableTable" />
 *   const { error, tableData, deleteData } = await ref.current!.getValues();
 */
export const EditableTable = forwardRef<EditableTableHandle, EditableTableProps>(function EditableTable(props, ref) {
  const { columns, dataSource, rowNumber = true, rowSelection = true, dragSort = false, alwaysEdit = false } = props;
  const visibleColumns = useMemo(() => columns.filter((c) => c.type !== 'hidden'), [columns]);
  const [store] = useState(() => new TableStore(columns, { sortKey: props.sortKey ?? DEFAULT_SORT_KEY, rowSort: dragSort, idPrefix: props.idPrefix }));
  store.columns = columns;
  useEffect(() => store.load(dataSource), [store, dataSource]);

  const visible = useSyncExternalStore(store.subscribe, store.getVisible);
  const selectedCount = useSyncExternalStore(store.subscribe, () => store.selectedIds().length);
  const allSelected = selectedCount > 0 && selectedCount === visible.filter((v) => !v.placeholder).length;

  const { hasAuth } = useAuth();
  const pre = props.authPre ? (props.authPre.endsWith(':') ? props.authPre : `${props.authPre}:`) : '';
  const canAdd = hasAuth(`${pre}add`);
  const canDelete = hasAuth(`${pre}batch_delete`);
  const [settings, setSettings] = useState<AddSettings>(() => loadAddSettings());
  const hasStatistics = visibleColumns.some((c) => c.statistics?.length);
  const selWidth = selectionWidth(hasStatistics);

  const scroller = useRef<HTMLDivElement>(null);
  const body = useRef<BodyHandle>(null);

  const [sub, setSub] = useState<{ id: string; el: HTMLElement } | null>(null);
  // Stable: the popover measures and loads in an effect that depends on it (a new function would reload it).
  const closeSub = useCallback(() => setSub(null), []);
  const [filters, setFilters] = useState<Record<string, ColumnFilterValue | undefined>>({});
  const onFilterChange = props.onFilterChange;
  const setFilter = (key: string, v: ColumnFilterValue | undefined) => {
    const next = { ...filters, [key]: v };
    setFilters(next);
    onFilterChange?.(filterParams(visibleColumns, next));
  };
  const insertGuard = useMemo(() => createClickGuard(INSERT_GUARD_MS), []);
  const loadChildren = props.loadChildren;

  const cellStyles = useMemo<CSSProperties[]>(
    () => visibleColumns.map((c) => ({ width: columnWidth(c, visibleColumns.length), minWidth: minColumnWidth(c) || 80 })),
    [visibleColumns],
  );
  const fixedWidth = (rowSelection ? selWidth : 0) + (rowNumber ? SEQ_WIDTH : 0) + (props.subTable ? selWidth : 0) + ACTION_WIDTH;
  const innerMinWidth = fixedWidth + visibleColumns.reduce((s, c) => s + (c.width ?? (minColumnWidth(c) || 80)), 0);

  const ctx = useMemo<RowContext>(
    () => ({
      store,
      columns: visibleColumns,
      cellStyles,
      selectionWidth: selWidth,
      seqWidth: SEQ_WIDTH,
      actionWidth: ACTION_WIDTH,
      rowNumber,
      rowSelection,
      dragSort,
      alwaysEdit,
      tree: !!loadChildren,
      subTable: !!props.subTable,
      canAdd,
      canDelete,
      onInsertBelow: (id) => {
        if (insertGuard()) store.insertBelow(id);
      },
      onMove: (id, d) => store.move(id, d),
      onRemove: (id) => store.remove([id]),
      // 001 §4 lazy tree: a failed load collapses the node (store) and says why.
      onExpand: (id) =>
        store.toggleExpand(id, loadChildren).catch((err: unknown) => {
          feedback.message.warning(err instanceof Error && err.message ? err.message : MSG.loadChildrenFailed);
        }),
      onOpenSub: (id, el) => setSub({ id, el }),
      onRowRender: props.onRowRender,
    }),
    [
      store,
      visibleColumns,
      cellStyles,
      selWidth,
      rowNumber,
      rowSelection,
      dragSort,
      alwaysEdit,
      loadChildren,
      props.subTable,
      canAdd,
      canDelete,
      insertGuard,
      props.onRowRender,
    ],
  );

  // 001 §2: editing ends on a mouse-up outside the rows and the popups they render (editing.ts: the rows and the
  // sub-table popover mark the mouse-ups that pass through them, portals included).
  const keepEditing = useCallback((e: SyntheticEvent) => markInside(e.nativeEvent, store), [store]);
  useEffect(() => {
    const up = (e: MouseEvent) => {
      if (store.getEditing() && !isInside(e, store)) store.setEditing(null);
    };
    document.addEventListener('mouseup', up);
    return () => document.removeEventListener('mouseup', up);
  }, [store]);

  // 001 §9 scrolling flag: set by vertical scrolling, cleared 100 ms after the last scroll; while set the scroller has
  // the class pk-et-scrolling (no hover effects) and a click on a cell opens its editor once scrolling settles.
  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const top = scroller.current?.scrollTop ?? 0;
    if (top === lastTop.current) return;
    lastTop.current = top;
    store.scroll.mark();
  }, [store]);
  useEffect(() => store.scroll.subscribe((on) => scroller.current?.classList.toggle('pk-et-scrolling', on)), [store]);

  const socketOpen = useVxeSocket(store, props.socketKey, props.socketPageId);

  const add = useCallback(
    (count?: number) => {
      const ids = store.add(count ?? settings.addRowNum, settings.addIndex);
      // Only when the add-row setting asks for it (001 §3 addScrollToBottom).
      if (settings.addScrollToBottom) {
        const last = store.getVisible().length - 1;
        requestAnimationFrame(() => body.current?.scrollToIndex(last, 'end'));
      }
      return ids;
    },
    [store, settings],
  );

  useImperativeHandle(
    ref,
    () => ({
      store,
      getValues: () => store.getValues(),
      add,
      scrollToIndex: (i) => body.current?.scrollToIndex(i, 'start'),
      socketOpen,
    }),
    [store, add, socketOpen],
  );

  const batchDelete = () => {
    const ids = store.selectedIds();
    if (!ids.length) {
      feedback.message.warning(MSG.selectRecord);
      return;
    }
    feedback.modal.confirm({
      title: MSG.confirmDeleteTitle,
      content: MSG.confirmDelete(ids.length),
      okText: '确定',
      cancelText: '取消',
      onOk: () => store.remove(ids),
    });
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  // Drop target from the dragged row's centre: the top-level row under it (rows are ROW_HEIGHT apart).
  const onDragEnd = (e: DragEndEvent) => {
    const rect = e.active.rect.current.translated;
    const top = body.current?.element()?.getBoundingClientRect().top;
    if (!rect || top === undefined) return;
    const rows = store.getVisible();
    let i = Math.max(0, Math.min(rows.length - 1, Math.floor((rect.top + rect.height / 2 - top) / ROW_HEIGHT)));
    while (i > 0 && (rows[i]!.level > 0 || rows[i]!.placeholder)) i--;
    const over = rows[i];
    if (over && over.id !== e.active.id) store.reorder(String(e.active.id), over.id);
  };
  const bodyHeight = Math.min(props.maxHeight ?? MAX_HEIGHT, HEADER_HEIGHT + Math.max(1, visible.length) * ROW_HEIGHT + (hasStatistics ? 2 * 32 : 0));

  return (
    <div className="pk-editable-table">
      <Toolbar
        canAdd={canAdd}
        canDelete={canDelete}
        selection={rowSelection}
        selectedCount={selectedCount}
        settings={settings}
        onSettings={setSettings}
        onAdd={() => add()}
        onBatchDelete={batchDelete}
        onClearSelection={() => store.clearSelection()}
        extra={props.toolbarExtra}
      />
      <div
        ref={scroller}
        className="pk-et-scroller"
        onScroll={onScroll}
        style={{ height: bodyHeight, overflow: 'auto', position: 'relative', border: '1px solid #f0f0f0' }}
      >
        <div style={{ minWidth: innerMinWidth, position: 'relative' }}>
          <TableHeader
            height={HEADER_HEIGHT}
            columns={visibleColumns}
            cellStyles={cellStyles}
            rowSelection={rowSelection}
            rowNumber={rowNumber}
            subTable={!!props.subTable}
            selectionWidth={selWidth}
            seqWidth={SEQ_WIDTH}
            actionWidth={ACTION_WIDTH}
            allSelected={allSelected}
            someSelected={selectedCount > 0}
            onSelectAll={(on) => store.selectAll(on)}
            filters={filters}
            onFilter={setFilter}
            onMouseUpCapture={keepEditing}
          />
          <DndContext sensors={sensors} modifiers={[dropHorizontal]} onDragEnd={onDragEnd}>
            <VirtualBody
              ref={body}
              store={store}
              ctx={ctx}
              scroller={scroller}
              headerHeight={HEADER_HEIGHT}
              initialHeight={props.maxHeight ?? MAX_HEIGHT}
              onMouseUpCapture={keepEditing}
            />
          </DndContext>
          {hasStatistics && <StatisticsFooter store={store} columns={visibleColumns} cellStyles={cellStyles} leading={fixedWidth - ACTION_WIDTH} />}
        </div>
      </div>
      {sub && props.subTable && (
        <SubTablePopover def={props.subTable} row={store.getRow(sub.id)} anchor={sub.el} onClose={closeSub} onMouseUpCapture={keepEditing} />
      )}
    </div>
  );
});
