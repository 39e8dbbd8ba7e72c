import { tenantEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { callerTenants } from '../user/definition.js';

/** 租户 (contract §12.5): sys_tenant, integer ids typed by the user, only create_by/create_time audit columns. */
export const tenantBinding: CrudBinding = {
  entity: tenantEntity,
  table: 'sys_tenant',
  audit: false,
  readOnlyProps: ['createBy'],
  hooks: {
    // security §1.11: a tenant member sees and changes only their own tenants; a platform user (no tenant) all.
    scope(eb, req) {
      const mine = callerTenants(req);
      return mine ? eb('id', 'in', mine) : null;
    },
  },
};
