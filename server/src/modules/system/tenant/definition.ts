import { tenantEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';

/** 租户 (contract §12.5): sys_tenant, integer ids typed by the user, only create_by/create_time audit columns. */
export const tenantBinding: CrudBinding = {
  entity: tenantEntity,
  table: 'sys_tenant',
  audit: false,
  readOnlyProps: ['createBy'],
};
