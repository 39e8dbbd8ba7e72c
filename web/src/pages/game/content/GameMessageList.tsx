/**
 * 消息 — menu component `game/GameMessageList` (issue 13 point 10): the messages to players, the dialog with the
 * target picker, 发送 for a draft and 撤回 for a sent one (two row-action entries with `visible`, each its own code).
 */
import { useMemo, type ReactNode } from 'react';
import { gameMessageEntity as entity } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { GameMessageModal } from './GameMessageModal';

export const GAME_MESSAGE_MSG = {
  send: '发送',
  revoke: '撤回',
  confirmSend: '确定发送吗?',
  confirmRevoke: '确定撤回吗?',
} as const;

function rowActions(): RowAction<EntityRow, ListPageContext>[] {
  const move = (url: string) => async (row: EntityRow, ctx: ListPageContext) => {
    if (await sendChange(() => http.post<unknown>(url, { id: String(row.id) }))) ctx.reload();
  };
  return [
    {
      key: 'send',
      label: GAME_MESSAGE_MSG.send,
      perm: entity.perms.send,
      visible: (row) => Number(row.sendStatus ?? 0) === 0,
      confirm: GAME_MESSAGE_MSG.confirmSend,
      onClick: move('/content/gameMessage/send'),
    },
    {
      key: 'revoke',
      label: GAME_MESSAGE_MSG.revoke,
      perm: entity.perms.revoke,
      visible: (row) => Number(row.sendStatus) === 1,
      confirm: GAME_MESSAGE_MSG.confirmRevoke,
      onClick: move('/content/gameMessage/revoke'),
    },
  ];
}

const isDraft = (row: EntityRow) => Number(row.sendStatus ?? 0) === 0;

export default function GameMessageList(): ReactNode {
  const actions = useMemo(rowActions, []);
  // 编辑 only for drafts: the server refuses the others (已发送或已撤回的消息不能修改)
  return <ListPage entity={entity} rowActions={actions} editable={isDraft} renderForm={(props) => <GameMessageModal {...props} />} />;
}
