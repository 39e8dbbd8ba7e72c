/**
 * 预约用户 — menu component `game/BookUserList` (issue 13 point 2): the generic list of the players plus the row
 * action 详情, which opens the player page (PlayerDrawer: card, score, and the player's sub-lists).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { bookUserEntity } from '@pk/contract';
import { ListPage, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { PlayerDrawer } from './PlayerDrawer';

export default function BookUserList(): ReactNode {
  const [userId, setUserId] = useState<string | null>(null);
  const actions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    // no code of its own: whoever sees the list may open a player (the profile asks for the list code)
    () => [{ key: 'detail', label: '详情', onClick: (row) => setUserId(String(row.id)) }],
    [],
  );
  return (
    <>
      <ListPage entity={bookUserEntity} rowActions={actions} />
      <PlayerDrawer userId={userId} onClose={() => setUserId(null)} />
    </>
  );
}
