/**
 * 消息管理 — menu component `modules/message/SysMessageList` (contract §8.4): the queue of outgoing messages on the
 * entity mechanism. The send job (SendMsgJob) fills 发送状态 (未发送 / 发送成功 / 发送失败), 发送次数 and 发送失败原因.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { messageEntity, MSG_SEND_STATUS } from '@pk/contract';
import { ListPage, type ColumnOverrides } from '../../../crud';
import { clipped } from '../clip';

const STATUS_COLOR: Record<string, string> = { [MSG_SEND_STATUS.pending]: 'default', [MSG_SEND_STATUS.sent]: 'success', [MSG_SEND_STATUS.failed]: 'error' };

const COLUMNS: ColumnOverrides = {
  esTitle: clipped(140),
  esReceiver: clipped(120),
  esContent: clipped(220),
  esResult: clipped(160),
  remark: clipped(120),
  esSendStatus: {
    width: 100,
    render: (_v, row) => {
      const status = String(row.esSendStatus ?? '');
      return <Tag color={STATUS_COLOR[status] ?? 'default'}>{String(row.esSendStatus_dictText ?? status)}</Tag>;
    },
  },
};

export default function SysMessageList(): ReactNode {
  return <ListPage entity={messageEntity} columns={COLUMNS} />;
}
