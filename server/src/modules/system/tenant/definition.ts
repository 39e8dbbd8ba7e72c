import type { Expression, SqlBool } from 'kysely';
import { tenantEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { dataRuleScope } from '../../../core/datarule/index.js';
import { callerTenants } from '../user/definition.js';

/** The 租户管理 menu's component: data rules granted on it narrow the list (contract §4.4). */
export const TENANT_MENU = 'system/TenantList';

/** The data-rule condition of the request on sys_tenant (null on routes that do not declare `dataRules: TENANT_MENU`). */
export const tenantRuleScope = dataRuleScope(tenantEntity, TENANT_MENU, { audit: ['createBy', 'createTime'] });

/** 租户 (contract §12.5): sys_tenant, integer ids typed by the user, only create_by/create_time audit columns. */
export const tenantBinding: CrudBinding = {
  entity: tenantEntity,
  table: 'sys_tenant',
  dataLog: true,
  audit: false,
  readOnlyProps: ['createBy'],
  hooks: {
    // security §1.11: a tenant member sees and changes only their own tenants; a platform user (no tenant) all.
    scope(eb, req) {
      const mine = callerTenants(req);
      const parts: Expression<SqlBool>[] = mine ? [eb('id', 'in', mine)] : [];
      const rules = tenantRuleScope(eb, req);
      if (rules) parts.push(rules);
      return parts.length ? eb.and(parts) : null;
    },
  },
};
