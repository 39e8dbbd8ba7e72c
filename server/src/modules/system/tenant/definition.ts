import type { Expression, SqlBool } from 'kysely';
import { tenantEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { dataRuleScope } from '../../../core/datarule/index.js';
import { callerTenants, isRuleRoute } from '../user/definition.js';

/** The 租户管理 menu's component: data rules granted on it narrow the list (contract §4.4). */
export const TENANT_MENU = 'system/TenantList';
const tenantRules = dataRuleScope(tenantEntity, TENANT_MENU);

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
      const parts: Expression<SqlBool>[] = mine ? [eb('id', 'in', mine)] : [];
      const rules = isRuleRoute(req) ? tenantRules(eb, req) : null;
      if (rules) parts.push(rules);
      return parts.length ? eb.and(parts) : null;
    },
  },
};
