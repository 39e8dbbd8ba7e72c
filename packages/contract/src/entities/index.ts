import type { Entity } from '../entity';
import { categoryEntity } from './category';
import { departEntity } from './depart';
import { positionEntity } from './position';
import { dataSourceEntity } from './dataSource';
import { gatewayRouteEntity } from './gatewayRoute';
import { checkRuleEntity } from './checkRule';
import { fillRuleEntity } from './fillRule';
import { onlCgformHeadEntity } from './onlCgformHead';
import { dictEntity, dictItemEntity } from './dict';
import { roleEntity } from './role';
import { tenantEntity } from './tenant';
import { userEntity } from './user';
import { messageEntity, messageTemplateEntity } from './message';
import { announcementEntity } from './announcement';
import { quartzJobEntity } from './quartzJob';
import { gameMessageEntity, pictureMaterialEntity, policyEntity } from './game/content';
import {
  activityTaskEntity,
  honorEntity,
  questionBankEntity,
  treasureChestEntity,
  userHonorEntity,
  userQuestionRecordEntity,
  userQuestionScoreEntity,
  userSignPlaceEntity,
  userTaskRecordEntity,
} from './game/quest';
import { pirateScoreEntity, pirateRankEntity, bountyRankEntity, userScoreHistoryEntity } from './game/score';
import { gameDeviceEntity } from './game/play';
import { goodsEntity, gameOrderEntity, payCallbackRecordEntity } from './game/shop';
import { bookUserEntity, pirateShipEntity, shipTableEntity, greatLineEntity, signPlaceEntity, braceletEntity } from './game/venue';
import { bookReservationInfoEntity } from './game/reservation';

/**
 * Every entity defined with `defineEntity` (the single source of a screen). The server seeds the menu and button
 * rows of those with a `menu` block, registers their standard routes (server/src/modules/entityModules.ts), and the
 * consistency test checks each has a table, its standard routes and a page. Add a new entity here (one line).
 */
export const ENTITIES: readonly Entity[] = [
  positionEntity,
  userEntity,
  roleEntity,
  tenantEntity,
  departEntity,
  categoryEntity,
  dataSourceEntity,
  gatewayRouteEntity,
  checkRuleEntity,
  fillRuleEntity,
  onlCgformHeadEntity,
  dictEntity,
  dictItemEntity,
  messageTemplateEntity,
  messageEntity,
  announcementEntity,
  quartzJobEntity,
  pictureMaterialEntity,
  gameMessageEntity,
  policyEntity,
  userSignPlaceEntity,
  activityTaskEntity,
  userTaskRecordEntity,
  honorEntity,
  userHonorEntity,
  treasureChestEntity,
  questionBankEntity,
  userQuestionRecordEntity,
  userQuestionScoreEntity,
  pirateScoreEntity,
  pirateRankEntity,
  bountyRankEntity,
  userScoreHistoryEntity,
  gameDeviceEntity,
  goodsEntity,
  gameOrderEntity,
  payCallbackRecordEntity,
  bookUserEntity,
  pirateShipEntity,
  shipTableEntity,
  greatLineEntity,
  signPlaceEntity,
  braceletEntity,
  bookReservationInfoEntity,
];
