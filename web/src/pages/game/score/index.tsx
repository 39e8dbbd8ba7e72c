/**
 * 海盗积分 — menu component `game/PirateScoreList` (issue 13 point 6): the read-only balance list of the entity
 * mechanism (export only), with the row action 调整积分 (`pirateScore:adjust`) opening the adjustment dialog.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { pirateScoreEntity } from '@pk/contract';
import { ListPage, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { AdjustScoreModal, ADJUST_TEXT, type AdjustTarget } from './AdjustScoreModal';

export default function PirateScoreList(): ReactNode {
  const [target, setTarget] = useState<AdjustTarget | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    () => [
      {
        key: 'adjust',
        label: ADJUST_TEXT.title,
        perm: pirateScoreEntity.perms.adjust,
        onClick: (r, ctx) => {
          setReload(() => ctx.reload);
          setTarget({ userId: String(r.userId), name: String(r.userId_dictText || r.userId), available: Number(r.availableScore ?? 0) });
        },
      },
    ],
    [],
  );
  return (
    <>
      <ListPage entity={pirateScoreEntity} rowActions={rowActions} />
      <AdjustScoreModal target={target} onClose={() => setTarget(null)} onDone={() => reload?.()} />
    </>
  );
}
