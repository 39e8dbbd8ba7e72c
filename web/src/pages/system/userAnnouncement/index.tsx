/**
 * 我的消息 — menu component `system/UserAnnouncementList`, route /isps/userAnnouncement (contract §8.2, 001 §2): the
 * signed-in user's published notices, unread first; filters 标题, 发布人, 消息类型, 阅读状态; 查看 marks read and
 * opens the notice (a component page, else the detail dialog shared with the bell); 标为已读; 全部已读 (readAll).
 */
import type { ReactNode } from 'react';
import { Select, Tag, type TableColumnType } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { MyAnnouncementSend } from '@pk/contract';
import { RemoteTable, useListController, type ListActionContext, type RowAction, type ToolbarAction } from '../../../crud';
import { DictSelect } from '../../../crud/fields';
import { sendChange } from '../../../crud/notify';
import { AnnouncementDetail, markRead, NOTICE_MSG, PriorityTag, readAll, reloadNotices, useOpenNotice, type OpenableNotice } from '../../../components/notice';
import { myNoticesSource } from './source';

const COLUMNS: TableColumnType<MyAnnouncementSend>[] = [
  { title: '标题', dataIndex: 'titile', ellipsis: true },
  { title: '消息类型', dataIndex: 'msgCategory', width: 100, render: (v: string) => (v === '1' ? NOTICE_MSG.notices : NOTICE_MSG.sysMessages) },
  { title: NOTICE_MSG.publisher, dataIndex: 'sender', width: 120 },
  { title: NOTICE_MSG.publishTime, dataIndex: 'sendTime', width: 170 },
  { title: '优先级', dataIndex: 'priority', width: 110, render: (v: string | null) => <PriorityTag priority={v} /> },
  {
    title: '阅读状态',
    dataIndex: 'readFlag',
    width: 100,
    render: (v: string) => (v === '1' ? <Tag>{NOTICE_MSG.read}</Tag> : <Tag color="red">{NOTICE_MSG.unread}</Tag>),
  },
];

const opened = (row: MyAnnouncementSend): OpenableNotice => ({ ...row, anntId: row.anntId });

export default function UserAnnouncementList(): ReactNode {
  const list = useListController(myNoticesSource);
  const opener = useOpenNotice();
  const client = useQueryClient();
  const rowActions: RowAction<MyAnnouncementSend, ListActionContext>[] = [
    { key: 'view', label: NOTICE_MSG.view, onClick: (row) => opener.open(opened(row)) },
    { key: 'read', label: '标为已读', visible: (row) => row.readFlag !== '1', onClick: (row) => void markRead(client, row.anntId) },
  ];
  const toolbar: ToolbarAction<ListActionContext>[] = [
    {
      key: 'readAll',
      label: NOTICE_MSG.readAll,
      primary: true,
      confirm: NOTICE_MSG.confirmReadAll,
      onClick: async () => {
        await sendChange(readAll);
        reloadNotices(client);
      },
    },
  ];
  return (
    <div className="pk-list-page">
      <RemoteTable
        list={list}
        searchName="my-notice-search"
        search={[
          { name: 'titile', label: '标题' },
          { name: 'sender', label: NOTICE_MSG.publisher },
          { name: 'msgCategory', label: '消息类型', input: <DictSelect code="msg_category" placeholder="请选择消息类型" /> },
          {
            name: 'readFlag',
            label: '阅读状态',
            input: (
              <Select
                allowClear
                placeholder="请选择阅读状态"
                style={{ minWidth: 120 }}
                options={[
                  { value: '0', label: NOTICE_MSG.unread },
                  { value: '1', label: NOTICE_MSG.read },
                ]}
              />
            ),
          },
        ]}
        columns={COLUMNS}
        numbered
        toolbar={toolbar}
        rowActions={rowActions}
        actionWidth={140}
        tableProps={{ rowClassName: (row) => (row.readFlag === '1' ? '' : 'pk-notice-unread') }}
      />
      <AnnouncementDetail notice={opener.detail} onClose={opener.close} />
    </div>
  );
}
