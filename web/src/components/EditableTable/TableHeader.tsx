import { Checkbox } from 'antd';
import type { CSSProperties, SyntheticEvent } from 'react';
import { ColumnFilter } from './ColumnFilter';
import type { ColumnFilterValue } from './filter';
import type { ColumnDef } from './types';

const headCell: CSSProperties = {
  flex: '0 0 auto',
  padding: '0 8px',
  display: 'flex',
  alignItems: 'center',
  fontWeight: 500,
  boxSizing: 'border-box',
  borderRight: '1px solid #f0f0f0',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
};

/** The sticky header row: select-all, sequence, sub-table column, the column titles (required mark, filter), 操作. */
export function TableHeader(props: {
  height: number;
  columns: ColumnDef[];
  cellStyles: CSSProperties[];
  rowSelection: boolean;
  rowNumber: boolean;
  subTable: boolean;
  selectionWidth: number;
  seqWidth: number;
  actionWidth: number;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: (on: boolean) => void;
  filters: Readonly<Record<string, ColumnFilterValue | undefined>>;
  onFilter: (key: string, v: ColumnFilterValue | undefined) => void;
  onMouseUpCapture?: (e: SyntheticEvent) => void;
}) {
  return (
    <div
      className="pk-et-header"
      role="row"
      style={{ position: 'sticky', top: 0, zIndex: 3, display: 'flex', height: props.height, background: '#fafafa', borderBottom: '1px solid #f0f0f0' }}
    >
      {props.rowSelection && (
        <div style={{ ...headCell, width: props.selectionWidth, justifyContent: 'center' }}>
          <Checkbox
            checked={props.allSelected}
            indeterminate={props.someSelected && !props.allSelected}
            aria-label="全选"
            onChange={(e) => props.onSelectAll(e.target.checked)}
          />
        </div>
      )}
      {props.rowNumber && <div style={{ ...headCell, width: props.seqWidth, justifyContent: 'center' }}>#</div>}
      {props.subTable && <div style={{ ...headCell, width: props.selectionWidth }} />}
      {props.columns.map((c, i) => (
        <div key={c.key} style={{ ...headCell, ...props.cellStyles[i] }} title={c.title} data-key={c.key}>
          {c.validateRules?.some((r) => r.required || r.pattern === '*') && <span style={{ color: '#ff4d4f', marginRight: 2 }}>*</span>}
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{c.title}</span>
          {c.filter && (
            <ColumnFilter col={c} value={props.filters[c.key]} onChange={(v) => props.onFilter(c.key, v)} onMouseUpCapture={props.onMouseUpCapture} />
          )}
        </div>
      ))}
      <div style={{ ...headCell, width: props.actionWidth, justifyContent: 'center' }}>操作</div>
    </div>
  );
}
