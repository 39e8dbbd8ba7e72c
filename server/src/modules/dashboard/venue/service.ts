import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';

/**
 * The venue dashboards' figures (issue 14 points 4, 5): 首页's key figures (`dashboard:analysis`) and 游戏统计's four
 * charts (`dashboard:chart`).
 *
 * Where the numbers come from, so that no page view scans a table:
 * - a CLOSED day (before today) is read from `game_stat_day` (migration 0022), one row per (day, metric, dim), written
 *   by the GameStatDayJob (`storeDay`: delete + insert of the day in one transaction; a second node or a re-run
 *   writes the same rows). A closed day the job has not written yet (no `_day` marker row) is computed live, with
 *   the same function the job uses (`computeDay`), so the answer never depends on the job having run;
 * - TODAY is computed live by range queries over one day on indexed time columns (0022's indexes, covering where a
 *   figure needs one more column): reservations by reserve_date (idx_book_reservation_slot), check-ins by
 *   check_in_time, sign-ins by sign_time, orders by pay_time, score spent by the score history's create_time,
 *   answers by answer_time; players on the water = bracelets in use (idx_bracelet_status);
 * - the score distribution (players per tier of 海盗等级 by total score) is one index range count per tier over
 *   idx_pirate_score_total, kept for SCORE_DIST_TTL_MS per node (at 1M players a count walks the index once a minute,
 *   not once per view); the job leaves it alone;
 * - each answer is remembered ANSWER_TTL_MS (5 s) per node and computed once for the calls that arrive meanwhile, so
 *   sixteen screens refreshing at once cost one set of queries.
 */

/** Metrics of a day (game_stat_day.metric). */
export const METRIC = {
  /** Reservations for the day (reserve_date), cancelled ones left out: cnt = reservations, num2 = people. */
  reservations: 'reservations',
  /** Reservations checked in on the day (check_in_time): cnt = reservations, num2 = players who went on the water. */
  checkIns: 'checkIns',
  /** Sign-ins at islands (sign_time): cnt. */
  signIns: 'signIns',
  /** Orders paid on the day (pay_time): cnt = orders, amount = money (yuan), num2 = score paid. */
  revenue: 'revenue',
  /** Score spent in the shop (score history change type 6 兑换消费): cnt = score, num2 = changes. */
  scoreSpent: 'scoreSpent',
  /** Answers per place (dim = sign_place_id, '' for free questions): cnt = answered, num2 = correct. */
  answers: 'answers',
  /** Sales per goods (dim = goods_id): cnt = quantity, amount = money (yuan), num2 = score. */
  sales: 'sales',
  /** The marker: the day was written by the job. */
  closed: '_day',
} as const;

/** Score change type 兑换消费 (dictionary score_change_type). */
const CHANGE_SPEND = 6;
/** Reservation status 已取消 (dictionary reservation_status). */
const RESERVATION_CANCELLED = 4;
/** Bracelet status 使用中 (dictionary bracelet_status). */
const BRACELET_IN_USE = 1;
/** How many closed days the key figures' trend and the charts may reach back. */
export const MAX_CHART_DAYS = 90;
/** Days before today the job keeps recomputing each run (late changes), and how far back it fills missing days. */
export const JOB_RECENT_DAYS = 2;
export const JOB_BACKFILL_DAYS = 35;
export const SCORE_DIST_TTL_MS = 60_000;

export interface StatRow {
  metric: string;
  dim: string;
  cnt: number;
  num2: number;
  amount: number;
}

type Q = Kysely<Database>;

/** 'yyyy-MM-dd' moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const money = (v: unknown): number => Math.round(num(v) * 100) / 100;

function range(day: string): [string, string] {
  return [`${day} 00:00:00`, `${addDays(day, 1)} 00:00:00`];
}

/** The figures of one day, from the game tables (indexed range queries over that day). */
export async function computeDay(db: Q, day: string): Promise<StatRow[]> {
  const [from, to] = range(day);
  const [res, checkIns, signIns, revenue, spent, answers, sales] = await Promise.all([
    db
      .selectFrom('book_reservation_info')
      .where('reserve_date', '=', day)
      .where('status', '<>', RESERVATION_CANCELLED)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('people_count').as('people')])
      .executeTakeFirst(),
    db
      .selectFrom('book_reservation_info')
      .where('check_in_time', '>=', from)
      .where('check_in_time', '<', to)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('people_count').as('people')])
      .executeTakeFirst(),
    db
      .selectFrom('user_sign_place')
      .where('sign_time', '>=', from)
      .where('sign_time', '<', to)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('game_order')
      .where('pay_time', '>=', from)
      .where('pay_time', '<', to)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('pay_amount').as('money'), eb.fn.sum('score_amount').as('score')])
      .executeTakeFirst(),
    db
      .selectFrom('user_score_history')
      .where('create_time', '>=', from)
      .where('create_time', '<', to)
      .where('change_type', '=', CHANGE_SPEND)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('change_score').as('score')])
      .executeTakeFirst(),
    db
      .selectFrom('user_question_record')
      .where('answer_time', '>=', from)
      .where('answer_time', '<', to)
      .select((eb) => ['sign_place_id', eb.fn.countAll().as('n'), sql<number>`sum(case when is_correct = 1 then 1 else 0 end)`.as('correct')])
      .groupBy('sign_place_id')
      .execute(),
    db
      .selectFrom('game_order')
      .where('pay_time', '>=', from)
      .where('pay_time', '<', to)
      .select((eb) => ['goods_id', eb.fn.sum('quantity').as('qty'), eb.fn.sum('pay_amount').as('money'), eb.fn.sum('score_amount').as('score')])
      .groupBy('goods_id')
      .execute(),
  ]);
  const row = (metric: string, cnt: unknown, num2: unknown = 0, amount: unknown = 0, dim = ''): StatRow => ({
    metric,
    dim,
    cnt: num(cnt),
    num2: num(num2),
    amount: money(amount),
  });
  return [
    row(METRIC.reservations, res?.n, res?.people),
    row(METRIC.checkIns, checkIns?.n, checkIns?.people),
    row(METRIC.signIns, signIns?.n),
    row(METRIC.revenue, revenue?.n, revenue?.score, revenue?.money),
    row(METRIC.scoreSpent, 0 - num(spent?.score) + 0, spent?.n),
    ...answers.map((a) => row(METRIC.answers, a.n, a.correct, 0, a.sign_place_id ?? '')),
    ...sales.map((s) => row(METRIC.sales, s.qty, s.score, s.money, s.goods_id ?? '')),
  ];
}

export interface Tier {
  name: string;
  min: number;
  max: number | null;
}

/** The enabled tiers of 海盗等级, lowest first (fixed ranges when there are none). */
async function tiers(db: Q): Promise<Tier[]> {
  const rows = await db
    .selectFrom('pirate_rank')
    .select(['rank_name', 'min_score', 'max_score'])
    .where('status', '=', 1)
    .orderBy('min_score')
    .limit(50)
    .execute();
  if (!rows.length)
    return [
      { name: '0-99', min: 0, max: 99 },
      { name: '100-499', min: 100, max: 499 },
      { name: '500-1999', min: 500, max: 1999 },
      { name: '2000+', min: 2000, max: null },
    ];
  return rows.map((r) => ({ name: r.rank_name ?? String(r.min_score), min: num(r.min_score), max: r.max_score === null ? null : num(r.max_score) }));
}

export interface ScoreBucket extends Tier {
  players: number;
}

/** Players per tier: one range count per tier over idx_pirate_score_total (no table read). */
export async function scoreDistributionLive(db: Q): Promise<ScoreBucket[]> {
  const list = await tiers(db);
  return Promise.all(
    list.map(async (t) => {
      let q = db.selectFrom('pirate_score').where('total_score', '>=', t.min);
      if (t.max !== null) q = q.where('total_score', '<=', t.max);
      const r = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return { ...t, players: num(r?.n) };
    }),
  );
}

/**
 * Write one day's figures (and the marker) to game_stat_day: delete + insert in one transaction. Two runs at once
 * (two nodes, a manual run beside the scheduled one) compute the same rows; the loser of a race on the unique key
 * tries again, so the table ends with one set of rows either way.
 */
export async function storeDay(db: Db, day: string): Promise<StatRow[]> {
  const rows = [...(await computeDay(db.db, day)), { metric: METRIC.closed, dim: '', cnt: 1, num2: 0, amount: 0 }];
  const time = now();
  for (let attempt = 1; ; attempt++) {
    try {
      await db.db.transaction().execute(async (tx) => {
        await tx.deleteFrom('game_stat_day').where('stat_day', '=', day).execute();
        for (let i = 0; i < rows.length; i += 200)
          await tx
            .insertInto('game_stat_day')
            .values(rows.slice(i, i + 200).map((r) => ({ id: newId(), stat_day: day, ...r, update_time: time })))
            .execute();
      });
      return rows;
    } catch (e) {
      const deadlock = /deadlock|40001|40P01|1213|SQLITE_BUSY/i.test(String((e as { code?: unknown }).code ?? '') + String((e as Error).message ?? ''));
      if (attempt >= 5 || !(isUniqueViolation(e) || deadlock)) throw e;
    }
  }
}

/**
 * The job's run (GameStatDayJob): the last JOB_RECENT_DAYS closed days always (a late payment or check-in), and any
 * day of the last JOB_BACKFILL_DAYS without its marker. Returns the days written.
 */
export async function runStatJob(db: Db, signal?: AbortSignal): Promise<string[]> {
  const day = today();
  const first = addDays(day, -JOB_BACKFILL_DAYS);
  const yesterday = addDays(day, -1);
  const marked = new Set(
    (
      await db.db
        .selectFrom('game_stat_day')
        .select('stat_day')
        .where('metric', '=', METRIC.closed)
        .where('stat_day', '>=', first)
        .where('stat_day', '<=', yesterday)
        .execute()
    ).map((r) => r.stat_day),
  );
  const written: string[] = [];
  for (const d of daysBetween(first, yesterday)) {
    if (signal?.aborted) break;
    if (marked.has(d) && d < addDays(day, -JOB_RECENT_DAYS)) continue;
    await storeDay(db, d);
    written.push(d);
  }
  return written;
}

/** The closed days' rows of some metrics, live for the days the job has not written. */
async function closedDays(db: Q, from: string, to: string, metrics: string[]): Promise<Map<string, StatRow[]>> {
  const out = new Map<string, StatRow[]>();
  if (from > to) return out;
  const rows = await db
    .selectFrom('game_stat_day')
    .select(['stat_day', 'metric', 'dim', 'cnt', 'num2', 'amount'])
    .where('stat_day', '>=', from)
    .where('stat_day', '<=', to)
    .where('metric', 'in', [...metrics, METRIC.closed])
    .execute();
  const marked = new Set(rows.filter((r) => r.metric === METRIC.closed).map((r) => r.stat_day));
  for (const r of rows) {
    if (r.metric === METRIC.closed) continue;
    const list = out.get(r.stat_day) ?? [];
    list.push({ metric: r.metric, dim: r.dim, cnt: num(r.cnt), num2: num(r.num2), amount: money(r.amount) });
    out.set(r.stat_day, list);
  }
  const missing = daysBetween(from, to).filter((d) => !marked.has(d));
  const live = await Promise.all(missing.map((d) => computeDay(db, d)));
  missing.forEach((d, i) =>
    out.set(
      d,
      live[i].filter((r) => metrics.includes(r.metric)),
    ),
  );
  return out;
}

export interface KeyFigure {
  key: 'reservations' | 'checkIns' | 'onWater' | 'signIns' | 'revenue' | 'scoreSpent';
  title: string;
  /** Today's value (players on the water: now). */
  value: number;
  /** Yesterday's value of the same figure (players on the water: players who went on the water that day). */
  yesterday: number;
  /** The last 7 days, today last: [{ day, value }]. */
  trend: Array<{ day: string; value: number }>;
  unit: string;
}

export interface KeyFigures {
  day: string;
  figures: KeyFigure[];
  /** Today's players who went on the water (the onWater trend's today). */
  sailedToday: number;
}

/** 首页's venue key figures: today's, yesterday's and the 7-day trend of each (remembered ANSWER_TTL_MS). */
export function keyFigures(db: Q): Promise<KeyFigures> {
  const day = today();
  return remembered(db, `keyFigures:${day}`, () => computeKeyFigures(db, day));
}

async function computeKeyFigures(db: Q, day: string): Promise<KeyFigures> {
  const [closed, todays, onWater] = await Promise.all([
    closedDays(db, addDays(day, -6), addDays(day, -1), [METRIC.reservations, METRIC.checkIns, METRIC.signIns, METRIC.revenue, METRIC.scoreSpent]),
    computeDay(db, day),
    db
      .selectFrom('bracelet')
      .where('status', '=', BRACELET_IN_USE)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const days = daysBetween(addDays(day, -6), day);
  const rowsOf = (d: string) => (d === day ? todays : (closed.get(d) ?? []));
  const pick = (d: string, metric: string, field: 'cnt' | 'num2' | 'amount') => rowsOf(d).find((r) => r.metric === metric && r.dim === '')?.[field] ?? 0;
  const figure = (key: KeyFigure['key'], title: string, metric: string, field: 'cnt' | 'num2' | 'amount', unit: string, value?: number): KeyFigure => {
    const trend = days.map((d) => ({ day: d, value: pick(d, metric, field) }));
    return { key, title, value: value ?? trend[6].value, yesterday: trend[5].value, trend, unit };
  };
  return {
    day,
    sailedToday: pick(day, METRIC.checkIns, 'num2'),
    figures: [
      figure('reservations', '今日预约', METRIC.reservations, 'cnt', '单'),
      figure('checkIns', '今日签到入场', METRIC.checkIns, 'cnt', '单'),
      figure('onWater', '在航玩家', METRIC.checkIns, 'num2', '人', num(onWater?.n)),
      figure('signIns', '岛屿打卡', METRIC.signIns, 'cnt', '次'),
      figure('revenue', '今日营收', METRIC.revenue, 'amount', '元'),
      figure('scoreSpent', '积分消费', METRIC.scoreSpent, 'cnt', '分'),
    ],
  };
}

export interface VenueCharts {
  from: string;
  to: string;
  scoreDistribution: ScoreBucket[];
  accuracyByPlace: Array<{ placeId: string; placeName: string; answered: number; correct: number; rate: number }>;
  salesByGoods: Array<{ goodsId: string; goodsName: string; quantity: number; amount: number; score: number }>;
  reservationsBySlot: Array<{ slot: string; reservations: number; people: number; upcoming: number; upcomingPeople: number }>;
}

/**
 * Per-node memo of the answers: one computation per ANSWER_TTL_MS and key (the day and the call), shared by the calls
 * that arrive meanwhile (single flight), so a wall of open dashboards or a burst of refreshes costs one set of queries.
 */
export const ANSWER_TTL_MS = 5_000;
const answerMemo = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();

function remembered<T>(db: Q, key: string, compute: () => Promise<T>): Promise<T> {
  let byKey = answerMemo.get(db);
  if (!byKey) answerMemo.set(db, (byKey = new Map()));
  const hit = byKey.get(key);
  if (hit && Date.now() - hit.at < ANSWER_TTL_MS) return hit.value as Promise<T>;
  const value = compute();
  const entry = { at: Date.now(), value };
  byKey.set(key, entry);
  value.catch(() => {
    if (byKey.get(key) === entry) byKey.delete(key);
  });
  return value;
}

/** Per-node memo of the score distribution (see the module comment). */
const distMemo = new WeakMap<object, { at: number; value: ScoreBucket[] }>();

async function scoreDistribution(db: Q): Promise<ScoreBucket[]> {
  const hit = distMemo.get(db);
  if (hit && Date.now() - hit.at < SCORE_DIST_TTL_MS) return hit.value;
  const value = await scoreDistributionLive(db);
  distMemo.set(db, { at: Date.now(), value });
  return value;
}

/** Forget the memos (tests, after changing the data). */
export function forgetVenueMemos(db: Q): void {
  distMemo.delete(db);
  answerMemo.delete(db);
}

const TOP = 20;

/** 游戏统计's four charts over the last `days` days (today included; remembered ANSWER_TTL_MS). */
export function venueCharts(db: Q, days: number): Promise<VenueCharts> {
  const day = today();
  return remembered(db, `charts:${day}:${days}`, () => computeCharts(db, day, days));
}

async function computeCharts(db: Q, day: string, days: number): Promise<VenueCharts> {
  const from = addDays(day, -(days - 1));
  const [dist, closed, todays, slots] = await Promise.all([
    scoreDistribution(db),
    closedDays(db, from, addDays(day, -1), [METRIC.answers, METRIC.sales]),
    computeDay(db, day),
    db
      .selectFrom('book_reservation_info')
      .where('reserve_date', '>=', from)
      .where('reserve_date', '<=', addDays(day, 7))
      .where('status', '<>', RESERVATION_CANCELLED)
      .select((eb) => [
        'time_slot',
        sql<number>`sum(case when reserve_date <= ${day} then 1 else 0 end)`.as('past'),
        sql<number>`sum(case when reserve_date <= ${day} then people_count else 0 end)`.as('pastPeople'),
        sql<number>`sum(case when reserve_date > ${day} then 1 else 0 end)`.as('next'),
        sql<number>`sum(case when reserve_date > ${day} then people_count else 0 end)`.as('nextPeople'),
        eb.fn.countAll().as('n'),
      ])
      .groupBy('time_slot')
      .orderBy('time_slot')
      .execute(),
  ]);
  const all = [...[...closed.values()].flat(), ...todays];
  const answers = new Map<string, { answered: number; correct: number }>();
  const sales = new Map<string, { quantity: number; amount: number; score: number }>();
  for (const r of all) {
    if (r.metric === METRIC.answers) {
      const a = answers.get(r.dim) ?? { answered: 0, correct: 0 };
      a.answered += r.cnt;
      a.correct += r.num2;
      answers.set(r.dim, a);
    } else if (r.metric === METRIC.sales) {
      const s = sales.get(r.dim) ?? { quantity: 0, amount: 0, score: 0 };
      s.quantity += r.cnt;
      s.amount = money(s.amount + r.amount);
      s.score += r.num2;
      sales.set(r.dim, s);
    }
  }
  const topAnswers = [...answers].sort((a, b) => b[1].answered - a[1].answered || a[0].localeCompare(b[0])).slice(0, TOP);
  const topSales = [...sales].sort((a, b) => b[1].quantity - a[1].quantity || a[0].localeCompare(b[0])).slice(0, TOP);
  const placeIds = topAnswers.map(([id]) => id).filter(Boolean);
  const goodsIds = topSales.map(([id]) => id).filter(Boolean);
  const [places, goods] = await Promise.all([
    placeIds.length ? db.selectFrom('sign_place').select(['id', 'place_name']).where('id', 'in', placeIds).execute() : [],
    goodsIds.length ? db.selectFrom('goods').select(['id', 'goods_name']).where('id', 'in', goodsIds).execute() : [],
  ]);
  const placeName = new Map(places.map((p) => [p.id, p.place_name ?? p.id]));
  const goodsName = new Map(goods.map((g) => [g.id, g.goods_name ?? g.id]));
  return {
    from,
    to: day,
    scoreDistribution: dist,
    accuracyByPlace: topAnswers.map(([id, a]) => ({
      placeId: id,
      placeName: id ? (placeName.get(id) ?? id) : '自由题',
      answered: a.answered,
      correct: a.correct,
      rate: a.answered ? Math.round((a.correct * 1000) / a.answered) / 10 : 0,
    })),
    salesByGoods: topSales.map(([id, s]) => ({ goodsId: id, goodsName: goodsName.get(id) ?? id, ...s })),
    reservationsBySlot: slots.map((s) => ({
      slot: s.time_slot ?? '',
      reservations: num(s.past),
      people: num(s.pastPeople),
      upcoming: num(s.next),
      upcomingPeople: num(s.nextPeople),
    })),
  };
}
