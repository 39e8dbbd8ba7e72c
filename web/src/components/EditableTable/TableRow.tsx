import { LoadingOutlined } from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { memo, useCallback, useSyncExternalStore, type CSSProperties } from 'react';
import { Cell } from './cells/Cell';
import { ROW_HEIGHT } from './constants';
import type { TableStore } from './store';
import { hasChildren } from './tree';
import type { ColumnDef, Row } from './types';

/** Everything a row needs that does not change while typing (one stable object per table). */
export interface RowContext {
  store: TableStore;
  columns: ColumnDef[];
  cellStyles: CSSProperties[];
  selectionWidth: number;
  seqWidth: number;
  actionWidth: number;
  rowNumber: boolean;
  rowSelection: boolean;
  dragSort: boolean;
  alwaysEdit: boolean;
  tree: boolean;
  subTable: boolean;
  canAdd: boolean;
  canDelete: boolean;
  onInsertBelow: (id: string) => void;
  onMove: (id: string, delta: number) => void;
  onRemove: (id: string) => void;
  onExpand: (id: string) => void;
  onOpenSub: (id: string, el: HTMLElement) => void;
  /** Test hook: called on every row render (proves typing re-renders one row). */
  onRowRender?: (id: string) => void;
}

const cellBase: CSSProperties = {
  flex: '0 0 auto',
  padding: '0 8px',
  display: 'flex',
  alignItems: 'center',
  overflow: 'hidden',
  boxSizing: 'border-box',
  borderRight: '1px solid #f0f0f0',
};

/** One virtual row. Subscribes to its own view only; memoised on id and offset. */
export const TableRow = memo(function TableRow({ id, start, ctx }: { id: string; start: number; ctx: RowContext }) {
  const { store } = ctx;
  const view = useSyncExternalStore(
    useCallback((cb: () => void) => store.subscribeRow(id, cb), [store, id]),
    () => store.getView(id),
  );
  // A draggable handle only: drop targets are computed from the pointer position by the table (no droppable per row,
  // whose registration would re-render every row each time one scrolls into view).
  const sortable = useDraggable({ id, disabled: !ctx.dragSort || !view || view.level > 0 || view.placeholder });
  ctx.onRowRender?.(id);
  const setValue = useCallback((rid: string, key: string, v: unknown) => store.setValue(rid, key, v), [store]);
  const blur = useCallback((rid: string, key: string) => store.blur(rid, key), [store]);
  if (!view) return null;
  const { row, index, errors, selected, editingKey, status, level, expanded, placeholder } = view;
  const dy = sortable.transform ? sortable.transform.y : 0;
  const style: CSSProperties = {
    // The offset is `top`, not a transform: dnd-kit measures drop targets ignoring transforms.
    position: 'absolute',
    top: start,
    left: 0,
    width: '100%',
    height: ROW_HEIGHT,
    display: 'flex',
    transform: dy ? `translateY(${dy}px)` : undefined,
    background: sortable.isDragging ? '#e6f4ff' : selected ? '#f0f7ff' : '#fff',
    zIndex: sortable.isDragging ? 2 : undefined,
    borderBottom: '1px solid #f0f0f0',
    boxSizing: 'border-box',
    // Each row lays out and paints on its own: mounting one while scrolling does not re-lay out the others.
    contain: 'layout paint style',
  };
  if (placeholder) {
    return (
      <div className="pk-et-row pk-et-placeholder" style={style} data-row-id={id}>
        <div style={{ ...cellBase, paddingLeft: 24 + level * 20 }}>
          <LoadingOutlined /> 加载中...
        </div>
      </div>
    );
  }
  return (
    <div ref={sortable.setNodeRef} className={`pk-et-row pk-et-${status}`} style={style} data-row-id={id} data-status={status} role="row">
      {ctx.rowSelection && (
        <div style={{ ...cellBase, width: ctx.selectionWidth, justifyContent: 'center' }}>
          <input
            type="checkbox"
            className="pk-et-check"
            checked={selected}
            onChange={(e) => store.toggleSelect(id, e.target.checked)}
            aria-label={`选择第${index + 1}行`}
          />
        </div>
      )}
      {ctx.rowNumber && (
        <div style={{ ...cellBase, width: ctx.seqWidth, justifyContent: 'center', gap: 2 }}>
          {ctx.dragSort && level === 0 && (
            <span className="pk-et-drag" {...sortable.attributes} {...sortable.listeners} style={{ cursor: 'move', touchAction: 'none' }} aria-label="拖动排序">
              ⋮⋮
            </span>
          )}
          <span className="pk-et-seq">{index + 1}</span>
        </div>
      )}
      {ctx.subTable && (
        <div style={{ ...cellBase, width: ctx.selectionWidth, justifyContent: 'center' }}>
          <button
            type="button"
            className="pk-et-icon pk-et-sub"
            aria-label="子表"
            onClick={(e) => ctx.onOpenSub(id, (e.currentTarget as HTMLElement).closest('.pk-et-row') as HTMLElement)}
          >
            ▤
          </button>
        </div>
      )}
      {ctx.columns.map((col, ci) => {
        const err = errors?.[col.key];
        const editing = ctx.alwaysEdit || editingKey === col.key;
        const indent = ctx.tree && ci === 0;
        return (
          <div
            key={col.key}
            className={`pk-et-cell${err ? ' pk-et-error' : ''}`}
            data-key={col.key}
            style={{ ...cellBase, ...ctx.cellStyles[ci], ...(indent ? { paddingLeft: 8 + level * 20 } : null), ...(err ? { background: '#fff1f0' } : null) }}
            onClick={() => {
              if (!ctx.alwaysEdit && editingKey !== col.key) store.clickCell(id, col.key);
            }}
          >
            {indent &&
              (hasChildren(row) ? (
                <span
                  className="pk-et-expand"
                  onClick={(e) => {
                    e.stopPropagation();
                    ctx.onExpand(id);
                  }}
                  style={{ cursor: 'pointer', marginRight: 4 }}
                  aria-label={expanded ? '收起' : '展开'}
                >
                  {expanded ? '▾' : '▸'}
                </span>
              ) : (
                <span style={{ width: 18, display: 'inline-block' }} />
              ))}
            <div style={{ flex: 1, minWidth: 0 }} title={err}>
              <Cell col={col} row={row as Row} editing={editing} autoOpen={editingKey === col.key} setValue={setValue} blur={blur} />
              {err && (
                <div
                  className="pk-et-error-text"
                  style={{ color: '#ff4d4f', fontSize: 12, lineHeight: '14px', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
                >
                  {err}
                </div>
              )}
            </div>
          </div>
        );
      })}
      <div style={{ ...cellBase, width: ctx.actionWidth, gap: 8, justifyContent: 'center' }} className="pk-et-actions">
        {/* Plain buttons, not antd icons: each antd component costs style hashing on mount, paid on every scroll. */}
        {level === 0 && (
          <button type="button" className="pk-et-icon" title="上移" aria-label="上移" onClick={() => ctx.onMove(id, -1)}>
            ↑
          </button>
        )}
        {level === 0 && (
          <button type="button" className="pk-et-icon" title="下移" aria-label="下移" onClick={() => ctx.onMove(id, 1)}>
            ↓
          </button>
        )}
        {ctx.canAdd && level === 0 && (
          <button type="button" className="pk-et-icon" title="向下插入" aria-label="向下插入" onClick={() => ctx.onInsertBelow(id)}>
            ＋
          </button>
        )}
        {ctx.canDelete && (
          <button type="button" className="pk-et-icon pk-et-danger" title="删除" aria-label="删除" onClick={() => ctx.onRemove(id)}>
            ✕
          </button>
        )}
      </div>
    </div>
  );
});
