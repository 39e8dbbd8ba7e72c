/**
 * 用户荣誉 — menu component `game/UserHonorList` (issue 13): the honors players hold (written by the play services,
 * or granted here), list and export, plus 手动授予 (code userHonor:grant) in the toolbar.
 */
import type { ReactNode } from 'react';
import { TrophyOutlined } from '@ant-design/icons';
import { userHonorEntity } from '@pk/contract';
import { ListPage, type ListPageContext, type ToolbarAction } from '../../../crud';
import { GrantHonorModal } from './GrantHonorModal';

const toolbar: ToolbarAction<ListPageContext>[] = [
  {
    key: 'grant',
    label: '手动授予',
    perm: userHonorEntity.perms.grant,
    primary: true,
    icon: <TrophyOutlined aria-hidden />,
    onClick: (_k, ctx) => ctx.openForm(null),
  },
];

export default function UserHonorList(): ReactNode {
  return <ListPage entity={userHonorEntity} toolbar={toolbar} renderForm={(props) => <GrantHonorModal {...props} />} />;
}
