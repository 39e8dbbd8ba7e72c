import { positionEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { dataRuleScope } from '../../../core/datarule/index.js';

/** The 职务管理 menu's component: data rules granted on it restrict the list (issue 3 point 7). */
export const POSITION_MENU = 'system/SysPositionList';

/** 职务 (contract §12.4): sys_position with the creator's org code; companyId is returned but never written. */
export const positionBinding: CrudBinding = {
  entity: positionEntity,
  table: 'sys_position',
  orgCode: true,
  readOnlyProps: ['companyId'],
  hooks: { scope: dataRuleScope(positionEntity, POSITION_MENU) },
};
