/** 伟大航路 — menu component `game/GreatLineList` (issue 13): the lines; 签到点排序 orders a line's places. */
import { useMemo, useState, type ReactNode } from 'react';
import { greatLineEntity } from '@pk/contract';
import { ListPage, type ListPageContext, type RowAction } from '../../../crud';
import type { EntityRow } from '../../../crud/formBody';
import { LinePlacesModal } from './LinePlacesModal';

export default function GreatLineList(): ReactNode {
  const [line, setLine] = useState<{ row: EntityRow & { id: string }; reload: () => void } | null>(null);
  const actions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    () => [
      {
        key: 'sortPlaces',
        label: '签到点排序',
        perm: greatLineEntity.perms.sortPlaces,
        onClick: (row, ctx) => setLine({ row: row as EntityRow & { id: string }, reload: ctx.reload }),
      },
    ],
    [],
  );
  return (
    <>
      <ListPage entity={greatLineEntity} rowActions={actions} />
      <LinePlacesModal line={line?.row ?? null} open={!!line} onClose={() => setLine(null)} onSaved={() => line?.reload()} />
    </>
  );
}
