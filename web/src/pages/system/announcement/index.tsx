/**
 * 系统通告 — menu component `system/SysAnnouncementList` (contract §8.2): the list of notices (drafts, published,
 * revoked), the add/edit dialog with the rich body and the user picker, 发布 (`doReleaseData`) for a draft or a
 * revoked notice and 撤销 (`doReovkeData`) for a published one — two row-action entries with `visible` — 查看 (the
 * detail dialog shared with the bell), logical delete, Excel export and import.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { announcementEntity, type AnnouncementItem } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { AnnouncementDetail, NOTICE_MSG, reloadNotices, type NoticeDetail } from '../../../components/notice';
import { AnnouncementModal } from './AnnouncementModal';

const entity = announcementEntity;
export const ANNOUNCEMENT_MSG = {
  release: '发布',
  revoke: '撤销',
  confirmRelease: '确定发布吗?',
  confirmRevoke: '确定撤销吗?',
} as const;

function rowActions(client: QueryClient, view: (row: EntityRow) => void): RowAction<EntityRow, ListPageContext>[] {
  const send = (url: string) => async (row: EntityRow, ctx: ListPageContext) => {
    if (await sendChange(() => http.get<unknown>(url, { id: String(row.id) }))) {
      ctx.reload();
      reloadNotices(client);
    }
  };
  return [
    {
      key: 'release',
      label: ANNOUNCEMENT_MSG.release,
      perm: entity.perms.release,
      visible: (row) => row.sendStatus !== '1',
      confirm: ANNOUNCEMENT_MSG.confirmRelease,
      onClick: send(`${entity.api}/doReleaseData`),
    },
    {
      key: 'revoke',
      label: ANNOUNCEMENT_MSG.revoke,
      perm: entity.perms.revoke,
      visible: (row) => row.sendStatus === '1',
      confirm: ANNOUNCEMENT_MSG.confirmRevoke,
      onClick: send(`${entity.api}/doReovkeData`),
    },
    { key: 'view', label: NOTICE_MSG.view, onClick: view },
  ];
}

export default function SysAnnouncementList(): ReactNode {
  const [detail, setDetail] = useState<NoticeDetail | null>(null);
  const client = useQueryClient();
  const actions = useMemo(() => rowActions(client, (row) => setDetail(row as unknown as AnnouncementItem)), [client]);
  return (
    <>
      <ListPage entity={entity} rowActions={actions} renderForm={(props) => <AnnouncementModal {...props} />} />
      <AnnouncementDetail notice={detail} onClose={() => setDetail(null)} />
    </>
  );
}
