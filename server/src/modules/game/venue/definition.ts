import { bookUserEntity, braceletEntity, greatLineEntity, pirateShipEntity, shipTableEntity, signPlaceEntity } from '@pk/contract';
import type { CrudBinding, Values } from '../../../core/crud/index.js';
import { checkId } from '../../../core/crud/validate.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { sanitizeRichHtml } from '../../../core/html/sanitize.js';
import { parseWireDate } from '../../../core/time.js';
import { VENUE_MSG } from './messages.js';
import {
  crewOf,
  crewRowRefs,
  dropCrews,
  joinShip,
  leaveShips,
  lineOfPlace,
  linesOfPlaces,
  nextLineSort,
  nextShipNo,
  placesOfLine,
  playersOnShips,
  refreshLineStats,
  releasePlayers,
  saveCrew,
  SHIP_ENDED,
  type CrewRow,
} from './service.js';

/** The body property of a ship's add/edit that carries its crew (JeecgBoot's one-to-many `{sub}List`). */
export const CREW_PROP = 'shipTableList';
/** At most this many crew rows in one body (max_members decides the real limit). */
export const MAX_CREW_ROWS = 100;

function intOrNull(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d{1,9}\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n)) throw new BadRequestError(VENUE_MSG.crewRowBad);
  return n;
}

/** The crew of a ship's body: undefined = not sent (keep the crew), else the checked rows (400 on bad input). */
export function crewRows(body: unknown): CrewRow[] | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const list = (body as Record<string, unknown>)[CREW_PROP];
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list) || list.length > MAX_CREW_ROWS) throw new BadRequestError(VENUE_MSG.crewRowBad);
  const rows = list.map((raw): CrewRow => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new BadRequestError(VENUE_MSG.crewRowBad);
    const r = raw as Record<string, unknown>;
    if (r.userId === undefined || r.userId === null || r.userId === '') throw new BadRequestError(VENUE_MSG.crewMemberRequired);
    const joinTime =
      r.joinTime === undefined || r.joinTime === null || r.joinTime === ''
        ? null
        : typeof r.joinTime === 'string'
          ? parseWireDate(r.joinTime, 'datetime')
          : null;
    if (joinTime === null && r.joinTime) throw new BadRequestError(VENUE_MSG.crewRowBad);
    const memberRole = intOrNull(r.memberRole);
    if (memberRole !== null && memberRole !== 1 && memberRole !== 2) throw new BadRequestError(VENUE_MSG.crewRowBad);
    return { userId: checkId(r.userId), memberRole, seatNo: intOrNull(r.seatNo), joinTime };
  });
  if (new Set(rows.map((r) => r.userId)).size !== rows.length) throw new BizError(VENUE_MSG.crewDuplicate);
  return rows;
}

/** Rich HTML of a form (介绍) through the one allow-list (core/html/sanitize.ts). */
function sanitizeIntro(values: Values): void {
  if (typeof values.intro === 'string') values.intro = sanitizeRichHtml(values.intro);
}

/** 预约用户: soft delete; a player still on a ship is not deleted. */
export const bookUserBinding: CrudBinding = {
  entity: bookUserEntity,
  table: 'book_user',
  softDelete: true,
  hooks: {
    async beforeDelete(ids, c) {
      const names = await playersOnShips(c.trx, ids);
      if (names.length) throw new BizError(VENUE_MSG.playerOnShip(names.slice(0, 3).join('、')));
    },
  },
};

/**
 * 海盗船 with its crew (`shipTableList`, JeecgBoot's one-to-many shape): ship and crew in one transaction; the ship
 * number comes from fill rule `ship_num` when left empty; a ship that docks or disbands frees its players.
 */
export const pirateShipBinding: CrudBinding = {
  entity: pirateShipEntity,
  table: 'pirate_ship',
  writeOnlyProps: [CREW_PROP],
  hooks: {
    async beforeSave(values, c) {
      crewRows(c.req.body); // a bad crew list is a 400 before anything is written
      if (c.isNew && !values.shipNo) values.shipNo = await nextShipNo(c.req, c.trx);
      if (values.maxMembers !== undefined && values.maxMembers !== null && (!Number.isInteger(values.maxMembers) || Number(values.maxMembers) < 1))
        throw new BadRequestError(VENUE_MSG.maxMembersBad);
    },
    async afterSave(values, c) {
      const crew = crewRows(c.req.body);
      if (crew) await saveCrew(c.trx, c.id, crew, c.req.user?.username ?? null);
      else if (values.maxMembers !== undefined || values.status !== undefined) await saveCrewCountCheck(values, c.trx, c.id);
      if ((SHIP_ENDED as readonly number[]).includes(Number(values.status))) await releasePlayers(c.trx, c.id);
    },
    async beforeDelete(ids, c) {
      await dropCrews(c.trx, ids);
    },
  },
};

/** An edit without a crew list may still lower max_members below the crew: refused by the same conditional check. */
async function saveCrewCountCheck(values: Values, trx: Parameters<typeof saveCrew>[0], shipId: string): Promise<void> {
  if (values.maxMembers === undefined) return;
  const crew = await crewOf(trx, shipId);
  await saveCrew(
    trx,
    shipId,
    crew.map((r) => ({
      userId: String(r.userId),
      memberRole: (r.memberRole as number) ?? null,
      seatNo: (r.seatNo as number) ?? null,
      joinTime: (r.joinTime as string) ?? null,
    })),
    null,
  );
}

/** 船员表: a crew row on its own keeps the ship's count and the player's ship in step. */
export const shipTableBinding: CrudBinding = {
  entity: shipTableEntity,
  table: 'ship_table',
  hooks: {
    async beforeSave(values, c) {
      if (c.isNew) {
        await joinShip(c.trx, String(values.shipId), String(values.userId));
        if (values.memberRole === undefined || values.memberRole === null) values.memberRole = 2;
        if (values.status === undefined || values.status === null) values.status = 1;
        return;
      }
      const refs = await crewRowRefs(c.trx, c.id);
      if ((values.shipId !== undefined && values.shipId !== refs?.ship_id) || (values.userId !== undefined && values.userId !== refs?.user_id))
        throw new BizError(VENUE_MSG.crewMoved);
    },
    async beforeDelete(ids, c) {
      await leaveShips(c.trx, ids);
    },
  },
};

/** 伟大航路: the intro is sanitised; the places' order has its own endpoint (sortPlaces). */
export const greatLineBinding: CrudBinding = {
  entity: greatLineEntity,
  table: 'great_line',
  hooks: {
    beforeSave(values) {
      sanitizeIntro(values);
    },
    async beforeDelete(ids, c) {
      for (const id of ids) if ((await placesOfLine(c.trx, id)).length) throw new BizError(VENUE_MSG.lineHasPlaces);
    },
  },
};

/** 签到点: the intro is sanitised; a new place goes to the end of its line; the lines' counts follow every write. */
export const signPlaceBinding: CrudBinding = {
  entity: signPlaceEntity,
  table: 'sign_place',
  hooks: {
    async beforeSave(values, c) {
      sanitizeIntro(values);
      const lineId = values.greatLineId;
      if (typeof lineId === 'string' && lineId && (values.lineSort === undefined || values.lineSort === null)) {
        const before = c.isNew ? null : await lineOfPlace(c.trx, c.id);
        if (before !== lineId) values.lineSort = await nextLineSort(c.trx, lineId);
      }
      c.extras.lineBefore = c.isNew ? null : await lineOfPlace(c.trx, c.id);
    },
    async afterSave(values, c) {
      const before = c.extras.lineBefore as string | null;
      const after = await lineOfPlace(c.trx, c.id);
      await refreshLineStats(c.trx, before);
      if (after !== before) await refreshLineStats(c.trx, after);
    },
    async beforeDelete(ids, c) {
      // counts after the delete: recomputed here without the places being deleted
      for (const l of await linesOfPlaces(c.trx, ids)) await refreshLineStats(c.trx, l, ids);
    },
  },
};

/** 手环管理: a plain binding (binding to a player is the check-in desk's lifecycle). */
export const braceletBinding: CrudBinding = { entity: braceletEntity, table: 'bracelet' };
