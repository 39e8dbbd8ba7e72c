/**
 * 在线用户 — menu component `system/SysUserOnlineList` (contract §12.8, security §1.2): the live sessions
 * (GET /sys/online/list, search by 用户账号) and 强退 (POST /sys/online/forceLogout with the row's session id,
 * after a confirmation; code online:forceLogout).
 */
import type { ReactNode } from 'react';
import { Avatar } from 'antd';
import type { TableColumnType } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { http } from '../../../api/request';
import { avatarUrl } from '../../../components/avatar';
import { RemoteTable, useListController, type RowAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { onlineSource, type OnlineUser } from './source';
import { PERM } from '@pk/contract';

export type { OnlineUser };

const COLUMNS: TableColumnType<OnlineUser>[] = [
  { title: '用户账号', dataIndex: 'username', align: 'center' },
  { title: '用户姓名', dataIndex: 'realname', align: 'center' },
  {
    title: '头像',
    dataIndex: 'avatar',
    align: 'center',
    width: 90,
    render: (v: string | null) => <Avatar size="small" src={avatarUrl(v)} icon={<UserOutlined />} />,
  },
  { title: '生日', dataIndex: 'birthday', align: 'center' },
  { title: '性别', dataIndex: 'sex_dictText', align: 'center' },
  { title: '手机号', dataIndex: 'phone', align: 'center' },
  { title: '登录时间', dataIndex: 'loginTime', align: 'center' },
  { title: 'IP', dataIndex: 'ip', align: 'center' },
];

const ROW_ACTIONS: RowAction<OnlineUser>[] = [
  {
    key: 'forceLogout',
    label: '强退',
    perm: PERM.online.forceLogout,
    danger: true,
    confirm: (row) => ({ title: '强制退出用户', content: `确定强制退出用户「${row.realname || row.username}」吗?` }),
    onClick: async (row, ctx) => {
      if (await sendChange(() => http.post<unknown>('/sys/online/forceLogout', { token: row.token }))) ctx.reload();
    },
  },
];

export default function SysUserOnlineList(): ReactNode {
  const list = useListController(onlineSource);
  return (
    <div className="pk-list-page">
      <RemoteTable
        list={list}
        rowKey="token"
        searchName="online-search"
        search={[{ name: 'username', label: '用户账号' }]}
        columns={COLUMNS}
        numbered
        rowActions={ROW_ACTIONS}
        actionWidth={100}
      />
    </div>
  );
}
