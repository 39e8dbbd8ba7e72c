/**
 * 用户管理 — menu component `system/UserList` (contract §12.1). The shared ListPage (search 账号 / 姓名 / 性别 /
 * 手机号码 / 状态 plus 部门, dictionary columns, add / edit / delete to the recycle bin / Excel), with the user
 * dialog, 冻结 / 解冻 (`frozenBatch`), the admin's 密码 reset and the 回收站. Every button follows its permission code
 * (PERM.user of the seed) through the one permission mechanism (access/usePermission).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Button } from 'antd';
import { LockOutlined, RestOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import type { TableColumnType } from 'antd';
import { Authorized, usePermission } from '../../../access/usePermission';
import { ListPage, listQueryKey, type EntityRow, type ListPageContext, type SearchExtra } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { fileUrl } from '../../../components/avatar';
import { frozenBatch } from './api';
import { DepartTreeSelect } from './DepartTreeSelect';
import { RecycleBinModal } from './RecycleBinModal';
import { UserModal } from './UserModal';
import { UserPasswordModal } from './UserPasswordModal';
import { USER_PERM, userEntity } from './data';
import { MSG } from '../../../messages';

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

export default function UserList(): ReactNode {
  const { has } = usePermission();
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const queryClient = useQueryClient();
  const reloadList = () => void queryClient.invalidateQueries({ queryKey: listQueryKey(userEntity) });

  async function freeze(ids: string[], status: '1' | '2', ctx: ListPageContext): Promise<void> {
    if (await sendChange(() => frozenBatch(ids, status))) ctx.reload();
  }

  function batchFreeze(ctx: ListPageContext, status: '1' | '2'): void {
    if (!ctx.selectedRowKeys.length) {
      showWarning(MSG.selectRecord);
      return;
    }
    const ids = [...ctx.selectedRowKeys];
    confirm({
      title: '确认操作',
      content: `是否${status === '2' ? '冻结' : '解冻'}选中账号?`,
      onOk: () => freeze(ids, status, ctx),
    });
  }

  const canFreeze = has(USER_PERM.frozen);
  const canPassword = has(USER_PERM.changePassword);

  const extraActions = useMemo(() => {
    if (!canFreeze && !canPassword) return undefined;
    return function UserRowActions(row: EntityRow, ctx: ListPageContext): ReactNode {
      return (
        <>
          {canPassword && (
            <Button type="link" size="small" onClick={() => setPasswordFor(String(row.username))}>
              密码
            </Button>
          )}
          {canFreeze &&
            (isFrozen(row) ? (
              <Button type="link" size="small" onClick={() => void freeze([String(row.id)], '1', ctx)}>
                解冻
              </Button>
            ) : (
              <Button type="link" size="small" onClick={() => confirm({ title: '确认操作', content: '确定冻结吗?', onOk: () => freeze([String(row.id)], '2', ctx) })}>
                冻结
              </Button>
            ))}
        </>
      );
    };
  }, [canFreeze, canPassword]);

  const toolbarExtra = (ctx: ListPageContext): ReactNode => {
    return (
      <>
        <Authorized action={USER_PERM.recycleBin}>
          <Button icon={<RestOutlined aria-hidden />} onClick={() => setBinOpen(true)}>
            回收站
          </Button>
        </Authorized>
        {canFreeze && ctx.selectedRowKeys.length > 0 && (
          <>
            <Button icon={<LockOutlined aria-hidden />} onClick={() => batchFreeze(ctx, '2')}>
              冻结
            </Button>
            <Button icon={<UnlockOutlined aria-hidden />} onClick={() => batchFreeze(ctx, '1')}>
              解冻
            </Button>
          </>
        )}
      </>
    );
  };

  return (
    <>
      <ListPage
        entity={userEntity}
        searchExtra={SEARCH_EXTRA}
        columns={HIDDEN_COLUMNS}
        extraColumns={EXTRA_COLUMNS}
        extraActions={extraActions}
        toolbarExtra={toolbarExtra}
        renderForm={(props) => <UserModal {...props} />}
      />
      <UserPasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />
      <RecycleBinModal open={binOpen} onClose={() => setBinOpen(false)} onRestored={reloadList} />
    </>
  );
}
