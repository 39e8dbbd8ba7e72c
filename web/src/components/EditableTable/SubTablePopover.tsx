import { Table } from 'antd';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { feedback } from '../feedback';
import { MSG, SUB_TABLE_RETRIES } from './constants';
import { subTablePlacement, withRetries } from './layout';
import type { Row } from './types';

export interface SubTableDef {
  columns: { key: string; title: string; width?: number }[];
  load: (row: Row) => Promise<Row[]>;
  width?: number;
}

/**
 * The sub-table popover (001 §4): placed under the row when at least 350 px remain below it, otherwise above;
 * opening is retried up to 3 times (a frame apart) before 'failed to open sub-table'.
 */
export function SubTablePopover({
  def,
  row,
  anchor,
  onClose,
  onMouseUpCapture,
}: {
  def: SubTableDef;
  row: Row | undefined;
  anchor: HTMLElement;
  onClose: () => void;
  /** The table's editing keeper (editing.ts): a mouse-up in the popover is inside the table. */
  onMouseUpCapture?: (e: SyntheticEvent) => void;
}) {
  const [pos, setPos] = useState<{ top: number; left: number; placement: 'bottom' | 'top' } | null>(null);
  const [rows, setRows] = useState<Row[] | null>(null);

  useEffect(() => {
    let live = true;
    const frame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
    void withRetries(
      () => {
        if (!row || !anchor.isConnected) return false;
        const rect = anchor.getBoundingClientRect();
        if (!rect.height) return false;
        const placement = subTablePlacement(rect.bottom, window.innerHeight);
        setPos({ top: placement === 'bottom' ? rect.bottom : rect.top, left: rect.left + 40, placement });
        return true;
      },
      SUB_TABLE_RETRIES,
      frame,
    ).then((ok) => {
      if (!live) return;
      if (!ok) {
        feedback.message.error(MSG.subTableFailed);
        onClose();
        return;
      }
      void def
        .load(row!)
        .then((r) => live && setRows(r))
        .catch(() => live && setRows([]));
    });
    return () => {
      live = false;
    };
  }, [anchor, row, def, onClose]);

  useEffect(() => {
    const down = (e: MouseEvent) => {
      if (!(e.target as Element).closest?.('.pk-et-subtable')) onClose();
    };
    document.addEventListener('mousedown', down);
    return () => document.removeEventListener('mousedown', down);
  }, [onClose]);

  if (!pos) return null;
  return (
    <div
      className="pk-et-subtable"
      data-placement={pos.placement}
      role="dialog"
      aria-label="子表"
      onMouseUpCapture={onMouseUpCapture}
      style={{
        position: 'fixed',
        left: pos.left,
        top: pos.top,
        transform: pos.placement === 'top' ? 'translateY(-100%)' : undefined,
        zIndex: 1050,
        width: def.width ?? 600,
        background: '#fff',
        boxShadow: '0 6px 16px rgba(0,0,0,.15)',
        borderRadius: 6,
        padding: 8,
      }}
    >
      <Table<Row>
        size="small"
        rowKey="id"
        pagination={false}
        loading={!rows}
        dataSource={rows ?? []}
        scroll={{ y: 240 }}
        columns={def.columns.map((c) => ({ key: c.key, dataIndex: c.key, title: c.title, width: c.width }))}
      />
    </div>
  );
}
