import { positionEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { dataRuleScope } from '../../../core/datarule/index.js';

/** The 职务管理 menu's component: data rules granted on it restrict the list (issue 3 point 7). */
export const POSITION_MENU = 'system/SysPositionList';

/** 职务 (contract §12.4): sys_position with the creator's org code; companyId is returned but never written. */
export const positionBinding: CrudBinding = {
  entity: positionEntity,
  table: 'sys_position',
  dataLog: true,
  orgCode: true,
  readOnlyProps: ['companyId'],
  dataRules: POSITION_MENU,
  // The list page's records also carry rank_dictText (the position picker's column, 001 §2).
  rowFields: withRankText,
  rowFieldsReads: [], // it only copies a field
  hooks: { scope: dataRuleScope(positionEntity, POSITION_MENU, { audit: ['createBy', 'createTime', 'updateBy', 'updateTime'] }) },
};

/**
 * 001 §2: the position picker shows the rank as `rank_dictText`, while the entity property is `postRank` (contract
 * §12.4), translated as `postRank_dictText`. The CRUD engine has no aliases, so the list records carry the same
 * text under both names.
 */
export function withRankText(records: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  return records.map((r) => ('postRank_dictText' in r ? { ...r, rank_dictText: r.postRank_dictText } : r));
}
