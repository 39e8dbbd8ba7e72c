/**
 * 在线用户 — menu component `system/SysUserOnlineList` (contract §12.8, security §1.2): the live sessions
 * (GET /sys/online/list, search by 用户账号) and 强退 (POST /sys/online/forceLogout with the row's session id,
 * after a confirmation; code online:forceLogout).
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Avatar, Button, Form, Input, Table } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { PERM, type PageResult } from '@pk/contract';
import { http } from '../../../api/request';
import { avatarUrl } from '../../../components/avatar';
import { SearchButtons, useAuth, usePaging } from '../../../crud';
import { confirm, sendChange } from '../../../crud/notify';

/** One live session as the server lists it (`token` is the session id, never the JWT). */
export interface OnlineUser {
  id: string;
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: string | number | null;
  sex_dictText: string | null;
  phone: string | null;
  loginTime?: string;
  ip?: string | null;
}

export default function SysUserOnlineList(): ReactNode {
  const { hasAuth } = useAuth();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<{ username?: string }>();
  const [username, setUsername] = useState('');
  const paging = usePaging();

  const list = useQuery({
    queryKey: ['online-users', username, paging.params],
    queryFn: async () => {
      const res = await http.get<PageResult<OnlineUser>>('/sys/online/list', { username: username || undefined, ...paging.params });
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  const reload = () => void queryClient.invalidateQueries({ queryKey: ['online-users'] });

  function forceLogout(row: OnlineUser): void {
    confirm({
      title: '强制退出用户',
      content: `确定强制退出用户「${row.realname || row.username}」吗?`,
      onOk: async () => {
        if (await sendChange(() => http.post<unknown>('/sys/online/forceLogout', { token: row.token }))) reload();
      },
    });
  }

  const canForce = hasAuth(PERM.online.forceLogout);
  return (
    <div className="pk-list-page">
      <Form
        form={searchForm}
        name="online-search"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(v) => {
          setUsername(v.username?.trim() ?? '');
          paging.setPageNo(1);
        }}
      >
        <Form.Item name="username" label="用户账号">
          <Input placeholder="请输入用户账号" allowClear />
        </Form.Item>
        <SearchButtons
          onReset={() => {
            searchForm.resetFields();
            setUsername('');
            paging.setPageNo(1);
          }}
        />
      </Form>
      <Table<OnlineUser>
        rowKey="token"
        size="middle"
        bordered
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          paging.numberColumn(),
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
          ...(canForce
            ? [
                {
                  title: '操作',
                  key: 'action',
                  align: 'center' as const,
                  width: 100,
                  render: (_v: unknown, row: OnlineUser) => (
                    <Button type="link" size="small" danger onClick={() => forceLogout(row)}>
                      强退
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        pagination={paging.pagination(list.data?.total)}
      />
    </div>
  );
}
