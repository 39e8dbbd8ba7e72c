/**
 * 数据日志 — menu component `system/DataLogList` (contract §12.8): the versions saved by entities that keep a data
 * log, searchable by table and id; select two versions of one row and 数据比较 shows them field by field.
 */
import { useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { dataLogEntity, type DataLogRow } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage } from '../../../crud';
import { showWarning } from '../../../crud/notify';
import { DataLogCompareModal } from './DataLogCompareModal';

export const COMPARE_MSG = {
  pickTwo: '请选择两条数据',
  sameRow: '请选择相同的数据库表和数据ID进行比较',
} as const;

export default function DataLogList(): ReactNode {
  const [rows, setRows] = useState<[DataLogRow, DataLogRow] | null>(null);

  async function compare(ids: string[]): Promise<void> {
    if (ids.length !== 2) return showWarning(COMPARE_MSG.pickTwo);
    const res = await http.get<DataLogRow[]>('/sys/dataLog/queryCompareList', { dataId1: ids[0], dataId2: ids[1] });
    const [a, b] = res.success ? (res.result ?? []) : [];
    if (!a || !b) return showWarning(res.message || COMPARE_MSG.pickTwo);
    if (a.dataTable !== b.dataTable || a.dataId !== b.dataId) return showWarning(COMPARE_MSG.sameRow);
    setRows([a, b]);
  }

  return (
    <>
      <ListPage
        entity={dataLogEntity}
        toolbarExtra={(ctx) => (
          <Button type="primary" icon={<SwapOutlined aria-hidden />} onClick={() => void compare(ctx.selectedRowKeys)}>
            数据比较
          </Button>
        )}
      />
      <DataLogCompareModal rows={rows} onClose={() => setRows(null)} />
    </>
  );
}
