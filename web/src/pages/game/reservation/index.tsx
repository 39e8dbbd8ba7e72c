/**
 * 预约信息 — menu component `game/BookReservationInfoList` (issue 13 point 3): the generic list of the definition (an
 * add is a booking: the server checks the slot's places), with one row action per lifecycle step — 确认 (待确认),
 * 取消预约 (待确认 / 已确认, with a reason), 离场 (已签到) — and the toolbar's 时段容量 dialog. Check-in happens at the
 * 签到台 (game/CheckInDesk).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Input, Modal } from 'antd';
import { bookReservationInfoEntity, RESERVATION_STATUS as S } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, type EntityRow, type ListPageContext, type RowAction, type ToolbarAction } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { MSG } from '../../../messages';
import { CapacityModal } from './CapacityModal';
import { buttonName } from './buttonName';

const entity = bookReservationInfoEntity;
export const RESERVATION_MSG = {
  confirmAsk: '确定确认该预约吗?',
  cancelReason: '取消原因（选填）',
  checkOutAsk: '确定离场吗？手环将被收回。',
} as const;

function rowActions(askCancel: (row: EntityRow, ctx: ListPageContext) => void): RowAction<EntityRow, ListPageContext>[] {
  const send = (action: string) => async (row: EntityRow, ctx: ListPageContext) => {
    if (await sendChange(() => http.post<unknown>(`${entity.api}/${action}`, { id: String(row.id) }))) ctx.reload();
  };
  return [
    {
      key: 'confirm',
      label: buttonName('confirm'),
      perm: entity.perms.confirm,
      visible: (r) => r.status === S.pending,
      confirm: RESERVATION_MSG.confirmAsk,
      onClick: send('confirm'),
    },
    {
      key: 'cancel',
      label: buttonName('cancel'),
      perm: entity.perms.cancel,
      visible: (r) => r.status === S.pending || r.status === S.confirmed,
      onClick: askCancel,
    },
    {
      key: 'checkOut',
      label: buttonName('checkOut'),
      perm: entity.perms.checkOut,
      visible: (r) => r.status === S.checkedIn,
      confirm: RESERVATION_MSG.checkOutAsk,
      onClick: send('checkOut'),
    },
  ];
}

export default function BookReservationInfoList(): ReactNode {
  const [cancelling, setCancelling] = useState<{ row: EntityRow; ctx: ListPageContext } | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [capacityOpen, setCapacityOpen] = useState(false);
  const actions = useMemo(
    () =>
      rowActions((row, ctx) => {
        setReason('');
        setCancelling({ row, ctx });
      }),
    [],
  );
  const toolbar = useMemo<ToolbarAction<ListPageContext>[]>(
    () => [{ key: 'capacity', label: buttonName('capacity'), perm: entity.perms.capacity, onClick: () => setCapacityOpen(true) }],
    [],
  );
  const doCancel = async () => {
    if (!cancelling) return;
    setBusy(true);
    const done = await sendChange(() => http.post<unknown>(`${entity.api}/cancel`, { id: String(cancelling.row.id), reason: reason.trim() || undefined }));
    setBusy(false);
    if (done) {
      cancelling.ctx.reload();
      setCancelling(null);
    }
  };
  return (
    <>
      <ListPage entity={entity} rowActions={actions} toolbar={toolbar} />
      <Modal
        title={buttonName('cancel')}
        open={!!cancelling}
        onOk={doCancel}
        confirmLoading={busy}
        onCancel={() => setCancelling(null)}
        okText="确定"
        cancelText={MSG.close}
        destroyOnHidden
      >
        <Input.TextArea rows={3} maxLength={255} placeholder={RESERVATION_MSG.cancelReason} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Modal>
      {capacityOpen && <CapacityModal onClose={() => setCapacityOpen(false)} />}
    </>
  );
}
