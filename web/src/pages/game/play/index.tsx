/**
 * 设备管理 — menu component `game/GameDeviceList` (issue 13 point 5): the device keys. 新增 issues a key and shows
 * its secret once; per row 吊销 (refused at once on every node) and 更换密钥 (a new secret, shown once).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Tag } from 'antd';
import { gameDeviceEntity, type GameDeviceIssued } from '@pk/contract';
import { FormModal, ListPage, type ColumnOverrides, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { sendChange, showResult } from '../../../crud/notify';
import { revokeDevice, rotateDevice } from './api';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { GameDeviceAddModal } from './GameDeviceAddModal';

const valid = (r: EntityRow) => Number(r.status) === 1;

const columns: ColumnOverrides = {
  status: { render: (_v: unknown, r: EntityRow) => <Tag color={valid(r) ? 'green' : 'red'}>{String(r.status_dictText ?? r.status ?? '')}</Tag> },
};

export default function GameDeviceList(): ReactNode {
  const [issued, setIssued] = useState<GameDeviceIssued | null>(null);
  const rowActions = useMemo<RowAction<EntityRow, ListPageContext>[]>(
    () => [
      {
        key: 'rotate',
        label: '更换密钥',
        perm: gameDeviceEntity.perms.rotate,
        visible: valid,
        confirm: '更换后旧密钥立即失效，确定更换吗?',
        onClick: async (r) => {
          const res = await rotateDevice(String(r.id));
          showResult(res);
          if (res.success && res.result) setIssued(res.result);
        },
      },
      {
        key: 'revoke',
        label: '吊销',
        perm: gameDeviceEntity.perms.revoke,
        visible: valid,
        confirm: '吊销后该设备的调用立即被拒绝，确定吊销吗?',
        onClick: async (r, ctx) => void ((await sendChange(() => revokeDevice(String(r.id)))) && ctx.reload()),
      },
    ],
    [],
  );
  return (
    <>
      <ListPage
        entity={gameDeviceEntity}
        columns={columns}
        rowActions={rowActions}
        renderForm={(props) => (props.record?.id ? <FormModal {...props} /> : <GameDeviceAddModal {...props} onIssued={setIssued} />)}
      />
      <DeviceKeyDialog issued={issued} onClose={() => setIssued(null)} />
    </>
  );
}
