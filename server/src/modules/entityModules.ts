import { ENTITIES, type Entity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { registerCrud, type CrudBinding } from '../core/crud/index.js';
import type { Database } from '../db/schema.js';
import { categoryModule } from './system/category/routes.js';
import { departModule } from './system/depart/index.js';
import { positionModule } from './system/position/routes.js';
import { roleModule } from './system/role/routes.js';
import { tenantModule } from './system/tenant/routes.js';
import { userModule } from './system/user/index.js';
import { dataSourceModule } from './system/dataSource/routes.js';
import { gatewayRouteModule } from './system/gatewayRoute/routes.js';
import { checkRuleModule } from './system/checkRule/routes.js';
import { fillRuleModule } from './system/fillRule/routes.js';
import { onlineCgformModule } from './online/cgform/routes.js';
import { dictAdminModule } from './system/dict/admin.routes.js';
import { messageModule, messageTemplateModule } from './message/routes.js';
import { announcementModule } from './system/announcement/routes.js';
import { quartzJobModule } from './system/quartz/routes.js';
import { gameMessageModule, pictureMaterialModule, policyModule } from './game/content/routes.js';
import {
  activityTaskBinding,
  honorBinding,
  questionBankBinding,
  treasureChestBinding,
  userQuestionRecordBinding,
  userQuestionScoreBinding,
  userSignPlaceBinding,
  userTaskRecordBinding,
} from './game/quest/definition.js';
import { userHonorModule } from './game/quest/routes.js';
import { scoreModule } from './game/score/routes.js';
import { gameDeviceModule } from './game/play/routes.js';
import { gameOrderModule, goodsModule, payCallbackRecordModule } from './game/shop/routes.js';
import { bookUserModule, braceletModule, greatLineModule, pirateShipModule, shipTableModule, signPlaceModule } from './game/venue/routes.js';
import { bookReservationInfoModule } from './game/reservation/routes.js';

/** A module plugin: registers the entity's standard routes (through `registerCrud` or by hand) and its own. */
export type EntityModule = (app: FastifyInstance) => Promise<void>;

/**
 * The server half of the entities of `ENTITIES` (packages/contract) that have one: their module plugin, or a
 * `CrudBinding` when the standard routes need only binding options (`orgCode`, `softDelete`, hooks…). An entity
 * NOT listed here gets the plain binding `{ entity, table: entity.table }`: its eight standard routes with no
 * server file at all. One line per entity with server specifics.
 */
export const ENTITY_MODULES: Readonly<Record<string, EntityModule | CrudBinding>> = {
  position: positionModule,
  user: userModule,
  role: roleModule,
  tenant: tenantModule,
  depart: departModule,
  category: categoryModule,
  dataSource: dataSourceModule,
  gatewayRoute: gatewayRouteModule,
  checkRule: checkRuleModule,
  fillRule: fillRuleModule,
  onlCgformHead: onlineCgformModule,
  dict: dictAdminModule,
  dictItem: routesIn('dict'),
  messageTemplate: messageTemplateModule,
  message: messageModule,
  announcement: announcementModule,
  quartzJob: quartzJobModule,
  pictureMaterial: pictureMaterialModule,
  gameMessage: gameMessageModule,
  policy: policyModule,
  userSignPlace: userSignPlaceBinding,
  activityTask: activityTaskBinding,
  userTaskRecord: userTaskRecordBinding,
  honor: honorBinding,
  userHonor: userHonorModule,
  treasureChest: treasureChestBinding,
  questionBank: questionBankBinding,
  userQuestionRecord: userQuestionRecordBinding,
  userQuestionScore: userQuestionScoreBinding,
  pirateScore: scoreModule,
  pirateRank: routesIn('pirateScore'),
  bountyRank: routesIn('pirateScore'),
  userScoreHistory: routesIn('pirateScore'),
  gameDevice: gameDeviceModule,
  goods: goodsModule,
  gameOrder: gameOrderModule,
  payCallbackRecord: payCallbackRecordModule,
  bookUser: bookUserModule,
  pirateShip: pirateShipModule,
  shipTable: shipTableModule,
  greatLine: greatLineModule,
  signPlace: signPlaceModule,
  bracelet: braceletModule,
  bookReservationInfo: bookReservationInfoModule,
};

/** For an entity whose routes another entity's module registers (数据字典's items come with dictAdminModule). */
function routesIn(owner: string): EntityModule {
  const none: EntityModule = async () => {};
  Object.defineProperty(none, 'name', { value: `routesIn${owner[0].toUpperCase()}${owner.slice(1)}Module` });
  return none;
}

/** The plugin that registers an entity's routes (its module, its binding's CRUD routes, or the plain binding's). */
export function entityModule(e: Entity): EntityModule {
  const m = ENTITY_MODULES[e.key];
  if (typeof m === 'function') return m;
  const binding = m ?? plainBinding(e);
  if (binding.entity.key !== e.key) throw new Error(`ENTITY_MODULES.${e.key}: the binding is for entity ${binding.entity.key}`);
  const plugin: EntityModule = async (app) => {
    await registerCrud(app, binding);
  };
  Object.defineProperty(plugin, 'name', { value: `${e.key}Crud` });
  return plugin;
}

/** An entity without server specifics: its own table, every standard route from the CRUD engine. */
export function plainBinding(e: Entity): CrudBinding {
  if (!e.table) throw new Error(`entity ${e.key} has neither a table nor a server module (server/src/modules/entityModules.ts)`);
  return { entity: e, table: e.table as keyof Database & string };
}

/** Register every entity's routes, in `ENTITIES` order. */
export async function registerEntityModules(app: FastifyInstance, entities: readonly Entity[] = ENTITIES): Promise<void> {
  for (const e of entities) {
    // An entity module registered by hand in modules/index.ts would meet its plain binding here: say where it belongs.
    if (!ENTITY_MODULES[e.key] && app.hasRoute({ method: 'GET', url: `${app.prefix}${e.api.replace(/\/+$/, '')}/list` }))
      throw new Error(`entity ${e.key}: its routes are registered elsewhere; list its module in ENTITY_MODULES (server/src/modules/entityModules.ts) instead`);
    await app.register(entityModule(e));
  }
}
