/**
 * 日志管理 — menu component `system/LogList` (contract §12.8): tabs 登录日志 / 操作日志 over `/sys/log/list`, each a
 * ListPage with a fixed `logType`; search by keyword (`keyWord`: log content), created time and, on the operation
 * tab, 操作类型; an operation row expands to its request. 删除 / 批量删除 / 清空日志 follow log:delete and
 * log:deleteBatch.
 */
import type { ReactNode } from 'react';
import { Button, Input, Tabs } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { LOG_CLEAR_ALL, LOG_TYPE, logEntity, permCode } from '@pk/contract';
import { http } from '../../../api/request';
import { Authorized, ListPage, type ListPageContext } from '../../../crud';
import { confirm, sendChange } from '../../../crud/notify';
import { LOG_TABS } from './data';
import { RequestDetail } from './RequestDetail';

/** 清空日志: `DELETE /sys/log/deleteBatch?ids=allclear` after a confirmation (清除成功!). */
function ClearLogs({ reload }: Pick<ListPageContext, 'reload'>): ReactNode {
  const clear = () =>
    confirm({
      title: '确认操作',
      content: '是否清空全部日志?',
      onOk: async () => {
        if (await sendChange(() => http.delete<unknown>('/sys/log/deleteBatch', { ids: LOG_CLEAR_ALL }))) reload();
      },
    });
  return (
    <Authorized action={permCode(logEntity, 'deleteBatch')}>
      <Button danger icon={<DeleteOutlined aria-hidden />} onClick={clear}>
        清空日志
      </Button>
    </Authorized>
  );
}

const keywordSearch = [{ name: 'keyWord', label: '搜索日志', input: <Input placeholder="请输入搜索关键词" allowClear /> }];

export default function LogList(): ReactNode {
  return (
    <Tabs
      defaultActiveKey={String(LOG_TYPE.login)}
      items={LOG_TABS.map((t) => ({
        key: t.key,
        label: t.label,
        children: (
          <ListPage
            entity={t.entity}
            params={{ logType: t.logType }}
            searchExtra={keywordSearch}
            toolbarExtra={(ctx) => <ClearLogs reload={ctx.reload} />}
            expandable={t.logType === LOG_TYPE.operation ? { expandedRowRender: (record) => <RequestDetail record={record} /> } : undefined}
          />
        ),
      }))}
    />
  );
}
