import { positionEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';

/** 职务 (contract §12.4): sys_position with the creator's org code; companyId is returned but never written. */
export const positionBinding: CrudBinding = {
  entity: positionEntity,
  table: 'sys_position',
  orgCode: true,
  readOnlyProps: ['companyId'],
};
