/**
 * 政策协议 — menu component `game/PolicyList` (issue 13 point 10): every version of every policy; the one in force
 * of each type (the server's `current` flag on the row, the rule of `/content/policy/current`) is tagged 当前生效.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';
import type { TableColumnType } from 'antd';
import { policyEntity } from '@pk/contract';
import { ListPage, type EntityRow } from '../../../crud';

export const POLICY_MSG = { current: '当前生效', inForce: '生效状态' } as const;

const EXTRA: TableColumnType<EntityRow>[] = [
  {
    title: POLICY_MSG.inForce,
    dataIndex: 'current',
    align: 'center',
    width: 100,
    render: (v: unknown) => (v ? <Tag color="green">{POLICY_MSG.current}</Tag> : null),
  },
];

export default function PolicyList(): ReactNode {
  return <ListPage entity={policyEntity} extraColumns={EXTRA} />;
}
