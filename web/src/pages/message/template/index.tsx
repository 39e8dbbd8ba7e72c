/**
 * 模板管理 — menu component `modules/message/SysMessageTemplateList` (contract §8.4): the template list on the entity
 * mechanism (新增 / 编辑 / 删除 / 批量删除 / 导出 / 导入), and per row 发送测试, which queues a message from the template.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { messageTemplateEntity } from '@pk/contract';
import { ListPage, lazyDialog, type ColumnOverrides, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import type { SendTestModalProps } from './SendTestModal';
import { clipped } from '../clip';

const SendTestModal = lazyDialog<SendTestModalProps>(
  () => import('./SendTestModal').then((m) => m.SendTestModal),
  (p) => !!p.template,
);

const COLUMNS: ColumnOverrides = {
  templateContent: clipped(360),
  templateCode: { width: 160 },
  templateType: { width: 100 },
};

export default function SysMessageTemplateList(): ReactNode {
  const [testing, setTesting] = useState<EntityRow | null>(null);
  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    () => [{ key: 'sendMsg', label: '发送测试', perm: messageTemplateEntity.perms.sendMsg, onClick: (row) => setTesting(row) }],
    [],
  );
  return (
    <>
      <ListPage entity={messageTemplateEntity} columns={COLUMNS} rowActions={rowActions} />
      <SendTestModal template={testing} onClose={() => setTesting(null)} />
    </>
  );
}
