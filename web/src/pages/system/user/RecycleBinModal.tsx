/**
 * 用户回收站 (contract §12.1): the logically deleted users, restored with `PUT putRecycleBin` or deleted for good
 * with `DELETE deleteRecycleBin` (one row or the selection; deleting for good asks first).
 */
import { useMemo, type ReactNode } from 'react';
import { Modal } from 'antd';
import type { TableColumnType } from 'antd';
import { listSource, RemoteTable, useListController, type EntityRow, type ListController, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { deleteRecycleBin, putRecycleBin } from './api';
import { MSG } from '../../../messages';

export interface RecycleBinModalProps {
  open: boolean;
  onClose: () => void;
  /** Called after a restore (the user list changes). */
  onRestored: () => void;
}

/** `GET /sys/user/recycleBin`: every deleted user at once (no paging, no sort). */
const binSource = listSource<EntityRow>({ key: ['sys', 'user', 'recycleBin'], url: '/sys/user/recycleBin', paged: false, sortParams: false });

const COLUMNS: TableColumnType<EntityRow>[] = [
  { title: '用户账号', dataIndex: 'username', align: 'center' },
  { title: '用户姓名', dataIndex: 'realname', align: 'center' },
  { title: '部门', dataIndex: 'orgCode', align: 'center' },
];

type Ctx = ListController<EntityRow>;

export function RecycleBinModal({ open, onClose, onRestored }: RecycleBinModalProps): ReactNode {
  const list = useListController(binSource, { enabled: open });

  const { rowActions, toolbar } = useMemo(() => {
    /** Restores or deletes users `ids` for good; when that succeeded they leave the selection and the list reloads. */
    const apply = async (kind: 'restore' | 'remove', ids: string[], ctx: Ctx) => {
      if (!(await sendChange(() => (kind === 'restore' ? putRecycleBin(ids) : deleteRecycleBin(ids))))) return;
      ctx.afterRemove(ids);
      if (kind === 'restore') onRestored();
    };
    const row: RowAction<EntityRow, Ctx>[] = [
      { key: 'restore', label: '取回', onClick: (r, ctx) => apply('restore', [String(r.id)], ctx) },
      { key: 'remove', label: '彻底删除', danger: true, confirm: '确定彻底删除吗? 删除后不可恢复', onClick: (r, ctx) => apply('remove', [String(r.id)], ctx) },
    ];
    const bar: ToolbarAction<Ctx>[] = [
      {
        key: 'restoreBatch',
        label: '批量还原',
        primary: true,
        selection: true,
        confirm: (ids) => ({ title: '确认还原', content: `是否确认还原选中的 ${ids.length} 个用户?` }),
        onClick: (ids, ctx) => apply('restore', ids, ctx),
      },
      {
        key: 'removeBatch',
        label: '批量彻底删除',
        danger: true,
        selection: true,
        confirm: (ids) => ({ title: MSG.confirmDeleteTitle, content: `是否彻底删除选中的 ${ids.length} 个用户? 删除后不可恢复` }),
        onClick: (ids, ctx) => apply('remove', ids, ctx),
      },
    ];
    return { rowActions: row, toolbar: bar };
  }, [onRestored]);

  return (
    <Modal title="用户回收站" open={open} width={1000} footer={null} destroyOnHidden onCancel={onClose}>
      <RemoteTable
        list={list}
        size="small"
        columns={COLUMNS}
        selectable
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={180}
        tableProps={{ scroll: { y: 400 } }}
      />
    </Modal>
  );
}
