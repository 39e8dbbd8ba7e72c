/**
 * 角色管理 — menu component `system/RoleUserList` (contract §12.2): the role list on the shared ListPage (add,
 * edit, delete — refused with the server's message while users hold the role — batch delete, Excel), plus per row
 * 用户 (the role-user screen, `role:users`) and 授权 (the authorisation drawer, `role:authorize`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { roleEntity } from '@pk/contract';
import { ListPage, type EntityRow, type ListPageContext, type RowAction } from '../../../crud';
import { RoleAuthDrawer } from './RoleAuthDrawer';
import { RoleUsersDrawer } from './RoleUsersDrawer';
import { PERM } from '@pk/contract';

type RoleRef = { id: string; roleName?: string };

const refOf = (row: EntityRow): RoleRef => ({ id: String(row.id), roleName: typeof row.roleName === 'string' ? row.roleName : undefined });

export default function RoleUserList(): ReactNode {
  const [usersOf, setUsersOf] = useState<RoleRef | null>(null);
  const [authOf, setAuthOf] = useState<RoleRef | null>(null);
  const rowActions = useMemo(
    (): RowAction<EntityRow, ListPageContext>[] => [
      { key: 'users', label: '用户', perm: PERM.role.users, onClick: (row) => setUsersOf(refOf(row)) },
      { key: 'authorize', label: '授权', perm: PERM.role.authorize, onClick: (row) => setAuthOf(refOf(row)) },
    ],
    [],
  );

  return (
    <>
      <ListPage entity={roleEntity} rowActions={rowActions} columns={{ description: { width: 240 } }} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
      <RoleAuthDrawer role={authOf} onClose={() => setAuthOf(null)} />
    </>
  );
}
