import {
  bookReservationInfoEntity,
  CHECK_IN_DESK,
  gameOrderEntity,
  messageEntity,
  MSG_SEND_STATUS,
  PERM,
  quartzJobEntity,
  RESERVATION_STATUS,
} from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import type { Db } from '../../../db/connection.js';
import { formatDateTime, now, today } from '../../../core/time.js';
import { ORDER_STATUS } from '../../game/shop/service.js';
import { liveBoard } from '../../game/score/service.js';
import { announcementBinding } from '../../system/announcement/definition.js';
import { AnnouncementService } from '../../system/announcement/service.js';

/** 工作台 / 今日待办 / 场馆大屏 (issue 14 point 4): texts of the module. */
export const DASHOPS_MSG = {
  badTop: '参数top不正确',
} as const;

/** The most rows of one list a dashboard answer carries (the `top` parameter is capped by it). */
export const DASHOPS_TOP_MAX = 50;
/** Sign-ins shown on 场馆大屏 and pushed to it (issue 14 point 4). */
export const SIGN_IN_EVENT = 'venueSignIn';
/** pirate_ship.status 航行中 (ship_status). */
const SHIP_AT_SEA = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

const num = (v: unknown): number => Number(v ?? 0) || 0;
const count = async (q: { executeTakeFirst(): Promise<{ n: unknown } | undefined> }): Promise<number> => num((await q.executeTakeFirst())?.n);

/* ───────────────────────── 工作台 ───────────────────────── */

export interface Shortcut {
  title: string;
  path: string;
}

/** The workplace's shortcuts, each shown only to a user holding its code (null: every signed-in user). */
const SHORTCUTS: Array<Shortcut & { perm: string | null }> = [
  { title: '今日待办', path: '/dashboard/task', perm: PERM.dashboard.task },
  { title: '场馆大屏', path: '/dashboard/bdc', perm: PERM.dashboard.bdc },
  { title: CHECK_IN_DESK.name, path: CHECK_IN_DESK.url, perm: CHECK_IN_DESK.perms.use },
  { title: '预约信息', path: '/game/bookReservationInfo', perm: bookReservationInfoEntity.perms.list },
  { title: '订单', path: '/game/gameOrder', perm: gameOrderEntity.perms.list },
  { title: '我的消息', path: '/isps/userAnnouncement', perm: null },
];

const services = new WeakMap<FastifyInstance, AnnouncementService>();
/** One AnnouncementService per app (its listByUser answers are kept per version, as the bell's). */
function announcements(app: FastifyInstance): AnnouncementService {
  let s = services.get(app);
  if (!s) services.set(app, (s = new AnnouncementService(app, announcementBinding)));
  return s;
}

/**
 * The signed-in user's workplace: unread notices (listByUser, the bell's service), the user's recent operations
 * (sys_log type 2, idx_sys_log_user_type), counts, the shortcuts the user may open and — only with dashboard:task —
 * the day's queue counts.
 */
export async function workplace(app: FastifyInstance, user: { id: string; username: string }, codes: ReadonlySet<string>, top: number) {
  const db = app.ctx.db.db;
  await app.oplog?.flush();
  const dayStart = `${today()} 00:00:00`;
  // sys_log.userid holds the username, as the original's operation log (core/oplog)
  const userId = user.username;
  const mine = (logType: number) => db.selectFrom('sys_log').where('userid', '=', userId).where('log_type', '=', logType);
  // the last 7 days (today last): one range of idx_sys_log_user_type, a sum per day
  const days = Array.from({ length: 7 }, (_, i) => formatDateTime(new Date(Date.now() - (6 - i) * DAY_MS)).slice(0, 10));
  const bucket = (i: number) =>
    i + 1 < days.length
      ? sql<number | string | null>`sum(case when create_time >= ${`${days[i]} 00:00:00`} and create_time < ${`${days[i + 1]} 00:00:00`} then 1 else 0 end)`
      : sql<number | string | null>`sum(case when create_time >= ${`${days[i]} 00:00:00`} then 1 else 0 end)`;
  // independent statements, in parallel (a pool on PostgreSQL / MariaDB)
  const [notices, recentOps, week, loginsToday, logins, task] = await Promise.all([
    announcements(app).listByUser(user.id, Math.min(top, 10)),
    mine(2).select(['id', 'log_content', 'method', 'request_type', 'ip', 'cost_time', 'create_time']).orderBy('create_time', 'desc').limit(top).execute(),
    mine(2)
      .select(days.map((_, i) => bucket(i).as(`d${i}`)))
      .where('create_time', '>=', `${days[0]} 00:00:00`)
      .executeTakeFirst() as Promise<Record<string, unknown> | undefined>,
    count(
      mine(1)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('create_time', '>=', dayStart),
    ),
    // the sign-in before this one (the newest is the caller's own current sign-in)
    mine(1).select(['create_time', 'ip']).orderBy('create_time', 'desc').limit(2).execute(),
    codes.has(PERM.dashboard.task) ? taskCounts(app.ctx) : Promise.resolve(null),
  ]);
  const opsByDay = days.map((day, i) => ({ day, count: num(week?.[`d${i}`]) }));
  const opsToday = opsByDay[6].count;
  const lastLogin = logins[1] ?? null;
  return {
    notices,
    recentOps: recentOps.map((r) => ({
      id: r.id,
      logContent: r.log_content,
      method: r.method,
      requestType: r.request_type,
      ip: r.ip,
      costTime: r.cost_time === null ? null : num(r.cost_time),
      createTime: r.create_time,
    })),
    counts: {
      unreadNotices: num(notices.anntMsgTotal) + num(notices.sysMsgTotal),
      opsToday,
      loginsToday,
    },
    lastLogin: lastLogin ? { time: lastLogin.create_time, ip: lastLogin.ip } : null,
    opsByDay,
    shortcuts: SHORTCUTS.filter((s) => s.perm === null || codes.has(s.perm)).map(({ title, path }) => ({ title, path })),
    task,
  };
}

/* ───────────────────────── 今日待办 ───────────────────────── */

function reservationsToCheckIn(db: Db) {
  return db.db.selectFrom('book_reservation_info').where('reserve_date', '=', today()).where('status', '=', RESERVATION_STATUS.confirmed);
}
function ordersToRedeem(db: Db) {
  return db.db.selectFrom('game_order').where('order_status', '=', ORDER_STATUS.paid);
}
function failedMessages(db: Db) {
  return db.db.selectFrom('sys_sms').where('es_send_status', '=', MSG_SEND_STATUS.failed);
}
function failedRuns(db: Db, sinceMs: number) {
  return db.db.selectFrom('sys_quartz_job_run as r').where('r.status', '=', 'failed').where('r.fire_at', '>=', sinceMs);
}

/** The four counts of the day's queue (today's date and the last 24 h at the time of the call). */
export async function taskCounts(ctx: AppContext) {
  const db = ctx.db;
  const since = Date.now() - DAY_MS;
  const [reservations, orders, messages, jobs] = await Promise.all([
    count(reservationsToCheckIn(db).select((eb) => eb.fn.countAll().as('n'))),
    count(ordersToRedeem(db).select((eb) => eb.fn.countAll().as('n'))),
    count(failedMessages(db).select((eb) => eb.fn.countAll().as('n'))),
    count(failedRuns(db, since).select((eb) => eb.fn.countAll().as('n'))),
  ]);
  return { reservations, orders, failedMessages: messages, failedJobs: jobs };
}

/**
 * 今日待办: today's confirmed reservations still to check in, paid orders to redeem, failed messages and the failed
 * job runs of the last 24 h — each a count, the first `top` rows and the screen that handles them.
 */
export async function task(ctx: AppContext, top: number) {
  const db = ctx.db;
  const since = Date.now() - DAY_MS;
  const [counts, reservations, orders, messages, runs] = await Promise.all([
    taskCounts(ctx),
    reservationsToCheckIn(db)
      .select(['id', 'reservation_no', 'contact_name', 'time_slot', 'people_count'])
      .orderBy('time_slot')
      .orderBy('id')
      .limit(top)
      .execute(),
    ordersToRedeem(db).select(['id', 'order_no', 'goods_name', 'quantity', 'pay_time', 'create_time']).orderBy('create_time').limit(top).execute(),
    failedMessages(db).select(['id', 'es_title', 'es_type', 'es_send_num', 'es_send_time', 'create_time']).orderBy('create_time', 'desc').limit(top).execute(),
    failedRuns(db, since)
      .leftJoin('sys_quartz_job as j', 'j.id', 'r.job_id')
      .select(['r.id', 'r.job_id', 'r.fire_at', 'r.error_msg', 'j.job_class_name', 'j.description'])
      .orderBy('r.fire_at', 'desc')
      .limit(top)
      .execute(),
  ]);
  return {
    reservations: {
      total: counts.reservations,
      link: CHECK_IN_DESK.url,
      records: reservations.map((r) => ({
        id: r.id,
        reservationNo: r.reservation_no,
        contactName: r.contact_name,
        timeSlot: r.time_slot,
        peopleCount: num(r.people_count),
      })),
    },
    orders: {
      total: counts.orders,
      link: '/game/gameOrder',
      records: orders.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        goodsName: r.goods_name,
        quantity: num(r.quantity),
        payTime: r.pay_time ?? r.create_time,
      })),
    },
    failedMessages: {
      total: counts.failedMessages,
      link: messageEntity.menu!.url,
      records: messages.map((r) => ({ id: r.id, title: r.es_title, type: r.es_type, sendNum: num(r.es_send_num), time: r.es_send_time ?? r.create_time })),
    },
    failedJobs: {
      total: counts.failedJobs,
      link: quartzJobEntity.menu!.url,
      records: runs.map((r) => ({
        id: r.id,
        jobId: r.job_id,
        jobClassName: r.job_class_name,
        description: r.description,
        fireTime: formatDateTime(new Date(num(r.fire_at))),
        errorMsg: r.error_msg ? r.error_msg.slice(0, 200) : null,
      })),
    },
  };
}

/* ───────────────────────── 场馆大屏 ───────────────────────── */

/** A sign-in as the board shows it (and as the live channel pushes it): no personal data beyond the nickname. */
export interface VenueSignIn {
  id: string;
  playerName: string | null;
  placeName: string | null;
  shipName: string | null;
  score: number;
  signTime: string | null;
}

function signInRows(db: Db) {
  return db.db
    .selectFrom('user_sign_place as s')
    .leftJoin('book_user as u', 'u.id', 's.user_id')
    .leftJoin('sign_place as p', 'p.id', 's.sign_place_id')
    .leftJoin('pirate_ship as ship', 'ship.id', 's.ship_id')
    .select(['s.id', 'u.nickname', 'p.place_name', 'ship.ship_name', 's.score_gained', 's.sign_time']);
}

type SignInRow = {
  id: string;
  nickname: string | null;
  place_name: string | null;
  ship_name: string | null;
  score_gained: number | null;
  sign_time: string | null;
};
const toSignIn = (r: SignInRow): VenueSignIn => ({
  id: r.id,
  playerName: r.nickname,
  placeName: r.place_name,
  shipName: r.ship_name,
  score: num(r.score_gained),
  signTime: r.sign_time,
});

/** 场馆大屏: the live bounty board (the game's live board query), the ships at sea, the last sign-ins and the day's figures. */
export async function bdc(ctx: AppContext, top: number) {
  const db = ctx.db;
  const dayStart = `${today()} 00:00:00`;
  const [board, ships, sea, signIns, today$] = await Promise.all([
    liveBoard(db, 1, top, null),
    db.db
      .selectFrom('pirate_ship')
      .select(['id', 'ship_no', 'ship_name', 'member_count', 'max_members', 'total_score', 'bounty', 'voyage_start'])
      .where('status', '=', SHIP_AT_SEA)
      .orderBy('bounty', 'desc')
      .limit(top)
      .execute(),
    db.db
      .selectFrom('pirate_ship')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>('member_count').as('crew')])
      .where('status', '=', SHIP_AT_SEA)
      .executeTakeFirst(),
    signInRows(db).orderBy('s.sign_time', 'desc').limit(top).execute(),
    db.db
      .selectFrom('user_sign_place')
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number | string | null>('score_gained').as('score')])
      .where('sign_time', '>=', dayStart)
      .executeTakeFirst(),
  ]);
  return {
    figures: {
      shipsAtSea: num(sea?.n),
      playersAtSea: num(sea?.crew),
      signInsToday: num(today$?.n),
      scoreToday: num(today$?.score),
    },
    board: board.records,
    ships: ships.map((s) => ({
      id: s.id,
      shipNo: s.ship_no,
      shipName: s.ship_name,
      crew: num(s.member_count),
      maxMembers: num(s.max_members),
      totalScore: num(s.total_score),
      bounty: num(s.bounty),
      voyageStart: s.voyage_start,
    })),
    signIns: signIns.map(toSignIn),
    time: now(),
  };
}

/**
 * After a sign-in committed (modules/game/play recordSignIn): push it to the 场馆大屏 of every user holding
 * dashboard:bdc, on every node (notifier → live channel). Never fails or delays the sign-in: errors are logged.
 * Called with a bare context (the demo venue's seed) it does nothing.
 */
export function announceSignIn(app: unknown, key: { reservationId: string; userId: string; placeId: string }): void {
  const a = app as Partial<FastifyInstance>;
  if (!a || typeof a !== 'object' || !a.notifier || !a.ctx) return;
  const fastify = a as FastifyInstance;
  // the row is read only when some socket may receive it (the notifier asks its sinks first)
  fastify.notifier
    .toPermission(PERM.dashboard.bdc, async () => {
      const row = await signInRows(fastify.ctx.db)
        .where('s.reservation_id', '=', key.reservationId)
        .where('s.user_id', '=', key.userId)
        .where('s.sign_place_id', '=', key.placeId)
        .executeTakeFirst();
      return row ? { cmd: SIGN_IN_EVENT, ...toSignIn(row) } : null;
    })
    .catch((err: unknown) => fastify.log?.warn({ err }, 'dashboard: sign-in not pushed'));
}
