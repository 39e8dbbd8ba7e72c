import {
  bookUserEntity,
  braceletEntity,
  gameDeviceEntity,
  greatLineEntity,
  pirateShipEntity,
  questionBankEntity,
  shipTableEntity,
  signPlaceEntity,
  treasureChestEntity,
} from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { registerOptionList } from '../../../core/crud/optionList.js';
import { checkId } from '../../../core/crud/validate.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { bodyOf, ID_QUERY, list, text } from '../../../core/http/routeSchemas.js';
import { param, queryParams } from '../../../core/query/index.js';
import { bookUserBinding, braceletBinding, greatLineBinding, pirateShipBinding, shipTableBinding, signPlaceBinding } from './definition.js';
import { VENUE_MSG } from './messages.js';
import { crewOf, placesOfLine, sortPlaces } from './service.js';

const STATUS = { column: 'status', type: 'int', description: '状态' } as const;

/** 预约用户 (`/book/user/*`): the CRUD routes (soft delete) and the players' option list. */
export async function bookUserModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, bookUserBinding);
  registerOptionList(app, {
    url: '/book/user/userList',
    table: 'book_user',
    label: 'nickname',
    search: ['nickname', 'phone', 'real_name'],
    extra: { phone: 'phone', realName: 'real_name', shipId: 'ship_id', braceletId: 'bracelet_id', status: 'status' },
    params: { status: STATUS },
    where: (eb) => eb('del_flag', '=', 0),
    order: ['nickname'],
    perm: bookUserEntity.perms.list,
    // the pickers of the ship dialog, the crew screen and the bracelet screen
    extraPerms: [pirateShipEntity.perms.add, pirateShipEntity.perms.edit, shipTableEntity.perms.add, braceletEntity.perms.edit],
  });
}

/** 海盗船 (`/book/pirateShip/*`): ship + crew saves, the crew of one ship, the ships' option list. */
export async function pirateShipModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, pirateShipBinding);
  app.get('/book/pirateShip/queryShipTableByMainId', { config: perm(pirateShipEntity.perms.list), schema: { querystring: ID_QUERY } }, async (req) =>
    ok(await crewOf(app.ctx.db.db, checkId(param(queryParams(req), 'id')))),
  );
  registerOptionList(app, {
    url: '/book/pirateShip/shipList',
    table: 'pirate_ship',
    label: 'ship_name',
    search: ['ship_name', 'ship_no'],
    extra: { shipNo: 'ship_no', memberCount: 'member_count', maxMembers: 'max_members', status: 'status' },
    params: { status: STATUS },
    order: ['ship_name'],
    perm: pirateShipEntity.perms.list,
    extraPerms: [shipTableEntity.perms.add, bookUserEntity.perms.list],
  });
}

/** 船员表 (`/book/shipTable/*`): crew rows one at a time (count and player's ship kept in step). */
export async function shipTableModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, shipTableBinding);
}

/** 伟大航路 (`/book/greatLine/*`): the CRUD routes, a line's places in order, their new order, the lines' option list. */
export async function greatLineModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, greatLineBinding);
  app.get('/book/greatLine/queryPlacesByMainId', { config: perm(greatLineEntity.perms.list), schema: { querystring: ID_QUERY } }, async (req) =>
    ok(await placesOfLine(app.ctx.db.db, checkId(param(queryParams(req), 'id')))),
  );
  app.post(
    '/book/greatLine/sortPlaces',
    {
      config: { ...perm(greatLineEntity.perms.sortPlaces), log: { content: '伟大航路-签到点排序', operateType: 2 } },
      schema: { body: bodyOf({ lineId: text('航路id'), placeIds: list('签到点id，按航路顺序') }, { required: ['lineId', 'placeIds'] }) },
    },
    async (req) => {
      const body = req.body as { lineId?: unknown; placeIds?: unknown };
      if (body.lineId === undefined || body.lineId === null || body.lineId === '') throw new BadRequestError(VENUE_MSG.lineIdRequired);
      const lineId = checkId(body.lineId);
      if (!Array.isArray(body.placeIds) || body.placeIds.length > 1000) throw new BadRequestError(VENUE_MSG.placeIdsBad);
      const placeIds = body.placeIds.map(checkId);
      if (new Set(placeIds).size !== placeIds.length) throw new BadRequestError(VENUE_MSG.placeIdsBad);
      await sortPlaces(app.ctx.db.db, lineId, placeIds, req.user?.username ?? null);
      return okMsg(VENUE_MSG.sorted);
    },
  );
  registerOptionList(app, {
    url: '/book/greatLine/lineList',
    table: 'great_line',
    label: 'line_name',
    search: ['line_name', 'line_code'],
    extra: { lineCode: 'line_code', placeCount: 'place_count', status: 'status' },
    params: { status: STATUS },
    order: ['line_name'],
    perm: greatLineEntity.perms.list,
    extraPerms: [pirateShipEntity.perms.add, pirateShipEntity.perms.edit, signPlaceEntity.perms.add, signPlaceEntity.perms.edit],
  });
}

/** 签到点 (`/book/signPlace/*`): the CRUD routes and the places' option list. */
export async function signPlaceModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, signPlaceBinding);
  registerOptionList(app, {
    url: '/book/signPlace/placeList',
    table: 'sign_place',
    label: 'place_name',
    search: ['place_name', 'place_no'],
    extra: { placeNo: 'place_no', greatLineId: 'great_line_id', lineSort: 'line_sort', signScore: 'sign_score', status: 'status' },
    params: { greatLineId: { column: 'great_line_id', description: '伟大航路id' }, status: STATUS },
    order: ['place_no'],
    perm: signPlaceEntity.perms.list,
    // the forms that pick a place: a device, a chest or a question is bound to one
    extraPerms: [
      greatLineEntity.perms.sortPlaces,
      gameDeviceEntity.perms.add,
      gameDeviceEntity.perms.edit,
      treasureChestEntity.perms.add,
      treasureChestEntity.perms.edit,
      questionBankEntity.perms.add,
      questionBankEntity.perms.edit,
    ],
  });
}

/** 手环管理 (`/bracelet/bracelet/*`): the CRUD routes and the bracelets' option list (`?status=0`: free ones). */
export async function braceletModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, braceletBinding);
  registerOptionList(app, {
    url: '/bracelet/bracelet/braceletList',
    table: 'bracelet',
    label: 'bracelet_no',
    search: ['bracelet_no', 'nfc_uid'],
    extra: { nfcUid: 'nfc_uid', status: 'status', userId: 'user_id' },
    params: { status: STATUS },
    order: ['bracelet_no'],
    perm: braceletEntity.perms.list,
  });
}
