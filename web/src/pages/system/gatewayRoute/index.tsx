/**
 * 路由网关 — menu component `system/SysGatewayRouteList` (contract §12.7): the stored gateway routes (the list is
 * not paged), each with its predicates, its status as a switch (an edit through updateAll), and the editor.
 */
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Switch, Tag } from 'antd';
import { gatewayRouteEntity, type GatewayRule } from '@pk/contract';
import { http } from '../../../api/request';
import { ListPage, listQueryKey, useAuth, type EntityRow } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { GatewayRouteModal, routerBody, UPDATE_ALL_URL } from './GatewayRouteModal';

function rulesText(rules: unknown): ReactNode {
  return ((rules as GatewayRule[] | undefined) ?? []).map((r, i) => (
    <Tag key={i}>{`${r.name}=${Array.isArray(r.args) ? r.args.join(',') : Object.values(r.args ?? {}).join(',')}`}</Tag>
  ));
}

export default function SysGatewayRouteList(): ReactNode {
  const canEdit = useAuth().hasAuth(gatewayRouteEntity.perms.edit);
  return (
    <ListPage
      entity={gatewayRouteEntity}
      renderForm={(props) => <GatewayRouteModal {...props} />}
      ownSave
      extraColumns={[{ title: '路由断言', key: 'predicates', align: 'center', render: (_v, row) => rulesText(row.predicates) }]}
      columns={{
        status: {
          render: (_v, row: EntityRow) => <StatusSwitch row={row} disabled={!canEdit} />,
        },
      }}
    />
  );
}

function StatusSwitch({ row, disabled }: { row: EntityRow; disabled: boolean }): ReactNode {
  const queryClient = useQueryClient();
  return (
    <Switch
      size="small"
      aria-label={`${String(row.routerId)}状态`}
      checked={Number(row.status) === 1}
      checkedChildren="有效"
      unCheckedChildren="无效"
      disabled={disabled}
      onChange={async (on) => {
        await sendChange(() => http.post<unknown>(UPDATE_ALL_URL, { router: routerBody(row, { status: on ? 1 : 0 }) }));
        void queryClient.invalidateQueries({ queryKey: listQueryKey(gatewayRouteEntity) });
      }}
    />
  );
}
