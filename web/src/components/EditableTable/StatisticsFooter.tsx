import { useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { MSG } from './constants';
import { statistic } from './layout';
import type { TableStore } from './store';
import type { ColumnDef, StatisticKind } from './types';

/** Footer rows labelled sum and average (001 §9) for columns with `statistics`. */
export function StatisticsFooter({
  store,
  columns,
  cellStyles,
  leading,
}: {
  store: TableStore;
  columns: ColumnDef[];
  cellStyles: CSSProperties[];
  leading: number;
}) {
  // Re-read on every value change; the footer is small.
  const version = useSyncExternalStore(store.subscribeValues, store.getValuesVersion);
  const rows = useMemo(() => store.allRows(), [store, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const kinds: StatisticKind[] = (['sum', 'average'] as const).filter((k) => columns.some((c) => c.statistics?.includes(k)));
  const cell: CSSProperties = { flex: '0 0 auto', padding: '0 8px', display: 'flex', alignItems: 'center', boxSizing: 'border-box', overflow: 'hidden' };
  return (
    <div className="pk-et-footer" style={{ position: 'sticky', bottom: 0, zIndex: 3, background: '#fafafa', borderTop: '1px solid #f0f0f0' }}>
      {kinds.map((k) => (
        <div key={k} style={{ display: 'flex', height: 32 }} data-statistic={k}>
          <div style={{ ...cell, width: leading, justifyContent: 'center', fontWeight: 500 }}>{k === 'sum' ? MSG.sum : MSG.average}</div>
          {columns.map((c, i) => (
            <div key={c.key} style={{ ...cell, ...cellStyles[i] }} data-key={c.key}>
              {c.statistics?.includes(k)
                ? statistic(
                    k,
                    rows.map((r) => r[c.key]),
                  )
                : ''}
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
