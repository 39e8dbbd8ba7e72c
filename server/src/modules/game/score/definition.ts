import { bountyRankEntity, pirateRankEntity, pirateScoreEntity, userScoreHistoryEntity } from '@pk/contract';
import type { CrudBinding, CrudMessages, SaveContext, Values } from '../../../core/crud/index.js';
import { MSG } from '../../../core/messages.js';
import { checkTierRange } from './service.js';

/** The generated-CRUD texts of the game screens (contract §12.9: edit and deleteBatch with an ASCII exclamation mark). */
export const GAME_CRUD_MESSAGES: Partial<CrudMessages> = { edited: MSG.editedAlt, batchDeleted: MSG.batchDeletedAscii };

/** 海盗积分: read-only through the engine (list, queryById, export); the ledger writes it. */
export const pirateScoreBinding: CrudBinding = { entity: pirateScoreEntity, table: 'pirate_score' };

/** 积分流水: read-only (one row per ledger change). */
export const userScoreHistoryBinding: CrudBinding = { entity: userScoreHistoryEntity, table: 'user_score_history' };

/** 悬赏榜: read-only (the snapshot job writes it). */
export const bountyRankBinding: CrudBinding = { entity: bountyRankEntity, table: 'bounty_rank' };

/** 海盗等级: full CRUD; a save checks min < max and that enabled tiers do not overlap (service.checkTierRange). */
export const pirateRankBinding: CrudBinding = {
  entity: pirateRankEntity,
  table: 'pirate_rank',
  messages: GAME_CRUD_MESSAGES,
  hooks: {
    beforeSave: (values: Values, c: SaveContext) => checkTierRange(c.trx, values, c.isNew ? null : c.id),
  },
};
