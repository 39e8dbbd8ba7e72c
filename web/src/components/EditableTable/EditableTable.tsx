import './EditableTable.css';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent, type Modifier } from '@dnd-kit/core';
import { Checkbox } from 'antd';
import {
  forwardRef, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type ReactNode,
} from 'react';
import { useAuth } from '../../crud/auth';
import { feedback } from '../feedback';
import { loadAddSettings, type AddSettings } from './addSettings';
import { DEFAULT_SORT_KEY, INSERT_GUARD_MS, MAX_HEIGHT, MSG, ROW_HEIGHT, SEQ_WIDTH } from './constants';
import { endsEditing } from './editing';
import { columnWidth, minColumnWidth, selectionWidth } from './layout';
import { createClickGuard } from './rowState';
import { StatisticsFooter } from './StatisticsFooter';
import { TableStore, type SavePayload } from './store';
import { SubTablePopover, type SubTableDef } from './SubTablePopover';
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
  const insertGuard = useMemo(() => createClickGuard(INSERT_GUARD_MS), []);
  const loadChildren = props.loadChildren;

  const cellStyles = useMemo<CSSProperties[]>(
    () => visibleColumns.map((c) => ({ width: columnWidth(c, visibleColumns.length), minWidth: minColumnWidth(c) || 80 })),
    [visibleColumns],
  );
  const fixedWidth = (rowSelection ? selWidth : 0) + (rowNumber ? SEQ_WIDTH : 0) + (props.subTable ? selWidth : 0) + ACTION_WIDTH;
  const innerMinWidth = fixedWidth + visibleColumns.reduce((s, c) => s + (c.width ?? (minColumnWidth(c) || 80)), 0);

  const ctx = useMemo<RowContext>(() => ({
    store, columns: visibleColumns, cellStyles, selectionWidth: selWidth, seqWidth: SEQ_WIDTH, actionWidth: ACTION_WIDTH,
    rowNumber, rowSelection, dragSort, alwaysEdit, tree: !!loadChildren, subTable: !!props.subTable, canAdd, canDelete,
    onInsertBelow: (id) => { if (insertGuard()) store.insertBelow(id); },
    onMove: (id, d) => store.move(id, d),
    onRemove: (id) => store.remove([id]),
    onExpand: (id) => void store.toggleExpand(id, loadChildren),
    onOpenSub: (id, el) => setSub({ id, el }),
    onRowRender: props.onRowRender,
  }), [store, visibleColumns, cellStyles, selWidth, rowNumber, rowSelection, dragSort, alwaysEdit, loadChildren, props.subTable, canAdd, canDelete, insertGuard, props.onRowRender]);

  // 001 §2: editing ends on a mouse-up outside the rows, popups, date pickers and select dropdown items.
  useEffect(() => {
    const up = (e: MouseEvent) => {
      if (store.getEditing() && endsEditing(e.target)) store.setEditing(null);
    };
    document.addEventListener('mouseup', up);
    return () => document.removeEventListener('mouseup', up);
  }, [store]);

  const socketOpen = useVxeSocket(store, props.socketKey, props.socketPageId);

  const add = useCallback((count?: number) => {
    const ids = store.add(count ?? settings.addRowNum, settings.addIndex);
    if (settings.addScrollToBottom || settings.addIndex === 0) {
      const last = store.getVisible().length - 1;
      requestAnimationFrame(() => body.current?.scrollToIndex(last, 'end'));
    }
    return ids;
  }, [store, settings]);

  useImperativeHandle(ref, () => ({
    store,
    getValues: () => store.getValues(),
    add,
    scrollToIndex: (i) => body.current?.scrollToIndex(i, 'start'),
    socketOpen,
  }), [store, add, socketOpen]);

  const batchDelete = () => {
    const ids = store.selectedIds();
    if (!ids.length) {
      feedback.message.warning(MSG.selectRecord);
      return;
    }
    feedback.modal.confirm({ title: '确认删除', content: MSG.confirmDelete, onOk: () => store.remove(ids) });
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

  const headCell: CSSProperties = { flex: '0 0 auto', padding: '0 8px', display: 'flex', alignItems: 'center', fontWeight: 500, boxSizing: 'border-box', borderRight: '1px solid #f0f0f0', overflow: 'hidden', whiteSpace: 'nowrap' };
  return (
    <div className="pk-editable-table">
      <Toolbar canAdd={canAdd} canDelete={canDelete} selectedCount={selectedCount} settings={settings} onSettings={setSettings}
        onAdd={() => add()} onBatchDelete={batchDelete} onClearSelection={() => store.clearSelection()} extra={props.toolbarExtra} />
      <div ref={scroller} className="pk-et-scroller" style={{ height: bodyHeight, overflow: 'auto', position: 'relative', border: '1px solid #f0f0f0' }}>
        <div style={{ minWidth: innerMinWidth, position: 'relative' }}>
          <div className="pk-et-header" role="row" style={{ position: 'sticky', top: 0, zIndex: 3, display: 'flex', height: HEADER_HEIGHT, background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}>
            {rowSelection && (
              <div style={{ ...headCell, width: selWidth, justifyContent: 'center' }}>
                <Checkbox checked={allSelected} indeterminate={selectedCount > 0 && !allSelected} aria-label="全选" onChange={(e) => store.selectAll(e.target.checked)} />
              </div>
            )}
            {rowNumber && <div style={{ ...headCell, width: SEQ_WIDTH, justifyContent: 'center' }}>#</div>}
            {props.subTable && <div style={{ ...headCell, width: selWidth }} />}
            {visibleColumns.map((c, i) => (
              <div key={c.key} style={{ ...headCell, ...cellStyles[i] }} title={c.title}>
                {c.validateRules?.some((r) => r.required || r.pattern === '*') && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
                {c.title}
              </div>
            ))}
            <div style={{ ...headCell, width: ACTION_WIDTH, justifyContent: 'center' }}>操作</div>
          </div>
          <DndContext sensors={sensors} modifiers={[dropHorizontal]} onDragEnd={onDragEnd}>
            <VirtualBody ref={body} store={store} ctx={ctx} scroller={scroller} headerHeight={HEADER_HEIGHT} initialHeight={props.maxHeight ?? MAX_HEIGHT} />
          </DndContext>
          {hasStatistics && <StatisticsFooter store={store} columns={visibleColumns} cellStyles={cellStyles} leading={fixedWidth - ACTION_WIDTH} />}
        </div>
      </div>
      {sub && props.subTable && (
        <SubTablePopover def={props.subTable} row={store.getRow(sub.id)} anchor={sub.el} onClose={() => setSub(null)} />
      )}
    </div>
  );
});
