/**
 * 用户管理 — menu component `system/UserList` (contract §12.1). The shared ListPage (search 账号 / 姓名 / 性别 /
 * 手机号码 / 状态 plus 部门, dictionary columns, add / edit / delete to the recycle bin / Excel), with the user
 * dialog, 冻结 / 解冻 (`frozenBatch`), the admin's 密码 reset and the 回收站. Every button follows its permission code
 * (PERM.user of the seed) through the one permission mechanism (access/usePermission).
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from 'antd';
import { LockOutlined, RestOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import type { TableColumnType } from 'antd';
import { ListPage, listQueryKey, type EntityRow, type ListPageContext, type RowAction, type SearchExtra, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { fileUrl } from '../../../components/avatar';
import { frozenBatch } from './api';
import { DepartTreeSelect } from './DepartTreeSelect';
import { lazyDialog } from '../../../crud/lazyDialog';
import type { RecycleBinModalProps } from './RecycleBinModal';
import type { UserPasswordModalProps } from './UserPasswordModal';
import type { FormModalProps } from '../../../crud';
import { USER_PERM, userEntity } from './data';
import { MSG } from '../../../messages';

// the dialogs' code (forms, pickers, date and tree selects) loads when one is first opened, not with the list
const UserModal = lazyDialog<FormModalProps>(
  () => import('./UserModal').then((m) => m.UserModal),
  (p) => p.open,
);
const UserPasswordModal = lazyDialog<UserPasswordModalProps>(
  () => import('./UserPasswordModal').then((m) => m.UserPasswordModal),
  (p) => !!p.username,
);
const RecycleBinModal = lazyDialog<RecycleBinModalProps>(
  () => import('./RecycleBinModal').then((m) => m.RecycleBinModal),
  (p) => p.open,
);

const SEARCH_EXTRA: SearchExtra[] = [{ name: 'departId', label: '部门', input: <DepartTreeSelect placeholder={MSG.selectDepart} /> }];

/** The original list's columns (JeecgBoot UserList): the rest stays in the dialog and the Excel file. */
const HIDDEN_COLUMNS = { email: false, workNo: false, post: false, telephone: false, createTime: false } as const;

const EXTRA_COLUMNS: TableColumnType<EntityRow>[] = [
  {
    title: '头像',
    key: 'avatar',
    align: 'center',
    width: 80,
    render: (_v, row) => <Avatar size="small" src={fileUrl(row.avatar as string | null)} icon={<UserOutlined aria-hidden />} alt="头像" />,
  },
  { title: '部门', key: 'orgCodeTxt', dataIndex: 'orgCodeTxt', align: 'center', width: 180 },
];

/** sys_user.status: 1 正常, 2 冻结 (dictionary user_status). */
const isFrozen = (row: EntityRow) => String(row.status) === '2';

async function freeze(ids: string[], status: '1' | '2', ctx: ListPageContext): Promise<void> {
  if (await sendChange(() => frozenBatch(ids, status))) ctx.reload();
}

/** 冻结 / 解冻 of the selection, after a confirmation. */
const batchFreeze = (status: '1' | '2', label: string, icon: ReactNode): ToolbarAction<ListPageContext> => ({
  key: status === '2' ? 'freezeBatch' : 'unfreezeBatch',
  label,
  icon,
  perm: USER_PERM.frozen,
  selection: true,
  confirm: { title: '确认操作', content: `是否${label}选中账号?` },
  onClick: (ids, ctx) => freeze(ids, status, ctx),
});

export default function UserList(): ReactNode {
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const queryClient = useQueryClient();
  const reloadList = useCallback(() => void queryClient.invalidateQueries({ queryKey: listQueryKey(userEntity) }), [queryClient]);

  const rowActions = useMemo(
    (): RowAction<EntityRow, ListPageContext>[] => [
      { key: 'password', label: '密码', perm: USER_PERM.changePassword, onClick: (row) => setPasswordFor(String(row.username)) },
      { key: 'unfreeze', label: '解冻', perm: USER_PERM.frozen, visible: isFrozen, onClick: (row, ctx) => freeze([String(row.id)], '1', ctx) },
      {
        key: 'freeze',
        label: '冻结',
        perm: USER_PERM.frozen,
        visible: (row) => !isFrozen(row),
        confirm: { title: '确认操作', content: '确定冻结吗?' },
        onClick: (row, ctx) => freeze([String(row.id)], '2', ctx),
      },
    ],
    [],
  );

  const toolbar = useMemo(
    (): ToolbarAction<ListPageContext>[] => [
      { key: 'recycleBin', label: '回收站', perm: USER_PERM.recycleBin, icon: <RestOutlined aria-hidden />, onClick: () => setBinOpen(true) },
      batchFreeze('2', '冻结', <LockOutlined aria-hidden />),
      batchFreeze('1', '解冻', <UnlockOutlined aria-hidden />),
    ],
    [],
  );

  return (
    <>
      <ListPage
        entity={userEntity}
        searchExtra={SEARCH_EXTRA}
        columns={HIDDEN_COLUMNS}
        extraColumns={EXTRA_COLUMNS}
        rowActions={rowActions}
        toolbar={toolbar}
        renderForm={(props) => <UserModal {...props} />}
      />
      <UserPasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />
      <RecycleBinModal open={binOpen} onClose={() => setBinOpen(false)} onRestored={reloadList} />
    </>
  );
}
