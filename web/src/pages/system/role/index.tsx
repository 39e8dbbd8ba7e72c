/**
 * 角色管理 — menu component `system/RoleUserList` (contract §12.2): the role list on the shared ListPage (add,
 * edit, delete — refused with the server's message while users hold the role — batch delete, Excel), plus per row
 * 用户 (the role-user screen, `role:users`) and 授权 (the authorisation drawer, `role:authorize`).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import { PERM, roleEntity } from '@pk/contract';
import { usePermission } from '../../../access/usePermission';
import { ListPage, type EntityRow } from '../../../crud';
import { RoleAuthDrawer } from './RoleAuthDrawer';
import { RoleUsersDrawer } from './RoleUsersDrawer';

type RoleRef = { id: string; roleName?: string };

const refOf = (row: EntityRow): RoleRef => ({ id: String(row.id), roleName: typeof row.roleName === 'string' ? row.roleName : undefined });

export default function RoleUserList(): ReactNode {
  const { has } = usePermission();
  const [usersOf, setUsersOf] = useState<RoleRef | null>(null);
  const [authOf, setAuthOf] = useState<RoleRef | null>(null);
  const canUsers = has(PERM.role.users);
  const canAuth = has(PERM.role.authorize);

  const extraActions = useMemo(() => {
    if (!canUsers && !canAuth) return undefined;
    return function RoleRowActions(row: EntityRow): ReactNode {
      return (
        <>
          {canUsers && (
            <Button type="link" size="small" onClick={() => setUsersOf(refOf(row))}>
              用户
            </Button>
          )}
          {canAuth && (
            <Button type="link" size="small" onClick={() => setAuthOf(refOf(row))}>
              授权
            </Button>
          )}
        </>
      );
    };
  }, [canUsers, canAuth]);

  return (
    <>
      <ListPage entity={roleEntity} extraActions={extraActions} columns={{ description: { width: 240 } }} />
      <RoleUsersDrawer role={usersOf} onClose={() => setUsersOf(null)} />
      <RoleAuthDrawer role={authOf} onClose={() => setAuthOf(null)} />
    </>
  );
}
