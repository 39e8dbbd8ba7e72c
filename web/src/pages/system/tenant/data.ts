/**
 * 租户管理 (contract §12.5): the shared tenant definition plus the 租户编号 column. The id is an integer the
 * user types when adding, so it is shown in the list and asked for by the add dialog (./TenantModal.tsx); it is
 * not a form field of the shared definition (edit never changes it).
 */
import { tenantEntity as shared, type EntityDef } from '@pk/contract';

export const tenantEntity: EntityDef = {
  ...shared,
  fields: [{ prop: 'id', label: '租户编号', type: 'number', form: false, excel: false, width: 100 }, ...shared.fields],
};

/** The id rule of the server (tenant/routes.ts): 1 … 999999999. */
export const TENANT_ID_MAX = 999_999_999;
