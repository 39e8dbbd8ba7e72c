/**
 * 租户管理 — menu component `system/TenantList` (contract §12.5): the CRUD list of tenants. Deleting a tenant that
 * a user still belongs to is refused by the server, whose message (该租户已被引用，无法删除！) is shown.
 */
import type { ReactNode } from 'react';
import { ListPage } from '../../../crud';
import { tenantEntity } from './data';
import { TenantModal } from './TenantModal';

export default function TenantList(): ReactNode {
  return <ListPage entity={tenantEntity} renderForm={(props) => <TenantModal {...props} />} />;
}
