/**
 * 订单 — menu component `game/GameOrderList` (issue 13 point 8): the order list (no free add/edit), 下单 and 核销 in the
 * toolbar, and per row 取消 (awaiting payment), 完成 (redeemed) and 退款 (paid or redeemed), each behind its code.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { gameOrderEntity } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, type EntityRow, type ListPageContext, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { CreateOrderModal, ORDER_UI, RedeemModal, RefundModal } from './OrderDialogs';

const entity = gameOrderEntity;
const status = (row: EntityRow) => Number(row.orderStatus);

export default function GameOrderList(): ReactNode {
  const [creating, setCreating] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [refunding, setRefunding] = useState<EntityRow | null>(null);
  const [ctx, setCtx] = useState<ListPageContext | null>(null);
  const reload = () => ctx?.reload();

  const toolbar = useMemo<ToolbarAction<ListPageContext>[]>(
    () => [
      {
        key: 'create',
        label: ORDER_UI.create,
        perm: entity.perms.create,
        primary: true,
        onClick: (_k, c) => {
          setCtx(c);
          setCreating(true);
        },
      },
      {
        key: 'redeem',
        label: ORDER_UI.redeem,
        perm: entity.perms.redeem,
        onClick: (_k, c) => {
          setCtx(c);
          setRedeeming(true);
        },
      },
    ],
    [],
  );

  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(() => {
    const send = (url: string) => async (row: EntityRow, c: ListPageContext) => {
      if (await sendChange(() => http.post<unknown>(url, { id: String(row.id) }))) c.reload();
    };
    return [
      {
        key: 'cancel',
        label: ORDER_UI.cancel,
        perm: entity.perms.cancel,
        visible: (r) => status(r) === 0,
        confirm: ORDER_UI.confirmCancel,
        onClick: send(`${entity.api}/cancel`),
      },
      {
        key: 'complete',
        label: ORDER_UI.complete,
        perm: entity.perms.complete,
        visible: (r) => status(r) === 2,
        confirm: ORDER_UI.confirmComplete,
        onClick: send(`${entity.api}/complete`),
      },
      {
        key: 'refund',
        label: ORDER_UI.refund,
        perm: entity.perms.refund,
        visible: (r) => status(r) === 1 || status(r) === 2,
        onClick: (row, c) => {
          setCtx(c);
          setRefunding(row);
        },
      },
    ];
  }, []);

  return (
    <>
      <ListPage entity={entity} toolbar={toolbar} rowActions={rowActions} />
      <CreateOrderModal open={creating} onClose={() => setCreating(false)} onDone={reload} />
      <RedeemModal open={redeeming} onClose={() => setRedeeming(false)} onDone={reload} />
      <RefundModal order={refunding} onClose={() => setRefunding(null)} onDone={reload} />
    </>
  );
}
