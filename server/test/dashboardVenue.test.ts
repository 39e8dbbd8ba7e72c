import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { newId } from '../src/core/id.js';
import { today } from '../src/core/time.js';
import { md5 } from '../src/db/seed/menus.js';
import { MENU_IDS } from '../src/db/seed/index.js';
import { computeDay, METRIC } from '../src/modules/dashboard/venue/dayFigures.js';
import { addDays } from '../src/modules/dashboard/venue/days.js';
import { forgetVenueMemos } from '../src/modules/dashboard/venue/service.js';
import { runStatJob, storeDay } from '../src/modules/dashboard/venue/statDays.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

interface Envelope<T = unknown> {
  success: boolean;
  code: number;
  message: string;
  result: T;
}
interface Figure {
  key: string;
  value: number;
  yesterday: number;
  trend: Array<{ day: string; value: number }>;
}
interface Charts {
  scoreDistribution: Array<{ name: string; players: number }>;
  accuracyByPlace: Array<{ placeId: string; placeName: string; answered: number; correct: number; rate: number }>;
  salesByGoods: Array<{ goodsId: string; goodsName: string; quantity: number; amount: number; score: number }>;
  reservationsBySlot: Array<{ slot: string; reservations: number; people: number; upcoming: number; upcomingPeople: number }>;
}

// Issue 14 points 4, 5: the venue dashboards' figures from a small fixture whose numbers are counted by hand below,
// on each database; the statistics job's day rows equal the live figures of the day; permissions and bad input.
describe(`dashboard venue figures (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const T = today();
  const Y = addDays(T, -1);
  const D3 = addDays(T, -3);
  const get = async <R>(url: string, headers = h) => (await app.inject({ url: `${P}${url}`, headers })).json() as Envelope<R>;
  const ids = { p1: newId(), p2: newId(), g1: newId(), g2: newId() };

  async function fixture() {
    const db = ctx.db.db;
    const res = (date: string, slot: string, people: number, status: number, checkIn: string | null = null) => ({
      id: newId(),
      reservation_no: `DV${newId().slice(-10)}`,
      reserve_date: date,
      time_slot: slot,
      people_count: people,
      status,
      check_in_time: checkIn,
      create_time: `${date} 08:00:00`,
    });
    // today: 2 live (3 + 2 people), 1 cancelled (5); yesterday 1 (4 people) checked in; in 2 days 1 (6 people) pending
    await db
      .insertInto('book_reservation_info')
      .values([
        res(T, '10:00-12:00', 3, 1),
        res(T, '14:00-16:00', 2, 2, `${T} 10:10:00`),
        res(T, '10:00-12:00', 5, 4),
        res(Y, '10:00-12:00', 4, 3, `${Y} 10:05:00`),
        res(addDays(T, 2), '19:00-21:00', 6, 0),
      ])
      .execute();
    // 3 bracelets in use, 1 free
    await db
      .insertInto('bracelet')
      .values([1, 1, 1, 0].map((status, i) => ({ id: newId(), bracelet_no: `DV-B${i}`, nfc_uid: `DVNFC${i}`, status })))
      .execute();
    const sign = (time: string) => ({ id: newId(), user_id: newId(), reservation_id: newId(), sign_place_id: ids.p1, sign_time: time });
    // sign-ins: today 4 (one at 00:00:00), yesterday 2 (one at 23:59:59), three days ago 1
    await db
      .insertInto('user_sign_place')
      .values([
        sign(`${T} 00:00:00`),
        sign(`${T} 09:00:00`),
        sign(`${T} 11:00:00`),
        sign(`${T} 12:00:00`),
        sign(`${Y} 10:00:00`),
        sign(`${Y} 23:59:59`),
        sign(`${D3} 10:00:00`),
      ])
      .execute();
    await db
      .insertInto('sign_place')
      .values([
        { id: ids.p1, place_no: 'DV-P1', place_name: '风车村DV', nfc_code: 'DV-NFC-P1', status: 1 },
        { id: ids.p2, place_no: 'DV-P2', place_name: '鱼人岛DV', nfc_code: 'DV-NFC-P2', status: 1 },
      ])
      .execute();
    await db
      .insertInto('goods')
      .values([
        { id: ids.g1, goods_no: 'DV-G1', goods_name: '草帽DV', price: 15.25 },
        { id: ids.g2, goods_no: 'DV-G2', goods_name: '藏宝图DV', score_price: 100 },
      ])
      .execute();
    const order = (goods: string, qty: number, pay: number, score: number, payTime: string | null) => ({
      id: newId(),
      order_no: `DVO${newId().slice(-10)}`,
      goods_id: goods,
      quantity: qty,
      pay_amount: pay,
      score_amount: score,
      pay_time: payTime,
      order_status: payTime ? 1 : 0,
    });
    // orders: today G1 ×2 30.50 + G2 ×1 100 score; yesterday G1 ×1 15.25; one unpaid (not counted)
    await db
      .insertInto('game_order')
      .values([
        order(ids.g1, 2, 30.5, 0, `${T} 10:30:00`),
        order(ids.g2, 1, 0, 100, `${T} 11:30:00`),
        order(ids.g1, 1, 15.25, 0, `${Y} 15:00:00`),
        order(ids.g1, 5, 76.25, 0, null),
      ])
      .execute();
    const hist = (type: number, score: number, time: string) => ({ id: newId(), user_id: newId(), change_type: type, change_score: score, create_time: time });
    // score spent (type 6): today 100 + 50, yesterday 30; an earning today is not spending
    await db
      .insertInto('user_score_history')
      .values([hist(6, -100, `${T} 11:30:00`), hist(6, -50, `${T} 12:30:00`), hist(1, 10, `${T} 09:00:00`), hist(6, -30, `${Y} 15:00:00`)])
      .execute();
    const answer = (place: string, correct: number, time: string) => ({
      id: newId(),
      user_id: newId(),
      question_id: newId(),
      reservation_id: newId(),
      sign_place_id: place,
      is_correct: correct,
      answer_time: time,
    });
    // answers: P1 today 3 (2 right), yesterday 2 (2 right); P2 today 1 (wrong)
    await db
      .insertInto('user_question_record')
      .values([
        answer(ids.p1, 1, `${T} 09:10:00`),
        answer(ids.p1, 1, `${T} 09:20:00`),
        answer(ids.p1, 0, `${T} 09:30:00`),
        answer(ids.p2, 0, `${T} 09:40:00`),
        answer(ids.p1, 1, `${Y} 09:10:00`),
        answer(ids.p1, 1, `${Y} 09:20:00`),
      ])
      .execute();
    // players' totals: tiers 见习海贼 0–99 (2), 超新星 100–499 (1), 七武海 500–1999 (1), 四皇 2000–9999 (1), 海贼王 10000+ (1)
    await db
      .insertInto('pirate_score')
      .values([0, 50, 150, 600, 2500, 12000].map((total) => ({ id: newId(), user_id: newId(), total_score: total, available_score: total })))
      .execute();
    forgetVenueMemos(db);
  }

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('seeds the codes: a button dashboard:analysis under 首页, dashboard:chart on 游戏统计, the statistics job running', async () => {
    const db = ctx.db.db;
    const button = await db.selectFrom('sys_permission').select(['parent_id', 'menu_type']).where('perms', '=', 'dashboard:analysis').executeTakeFirst();
    expect(button).toEqual({ parent_id: MENU_IDS.home, menu_type: 2 });
    const chart = await db
      .selectFrom('sys_permission')
      .select(['perms', 'component'])
      .where('id', '=', md5('menu:游戏统计:/dashboard/chart'))
      .executeTakeFirst();
    expect(chart).toEqual({ perms: 'dashboard:chart', component: 'dashboard/IndexChart' });
    const job = await db
      .selectFrom('sys_quartz_job')
      .select('status')
      .where('job_class_name', '=', 'org.jeecg.modules.game.job.GameStatDayJob')
      .executeTakeFirst();
    expect(Number(job?.status)).toBe(0);
    const handlers = await get<Array<{ className: string }>>('/sys/quartzJob/handlers');
    expect(handlers.result.map((x) => x.className)).toContain('org.jeecg.modules.game.job.GameStatDayJob');
  });

  it('answers zeros on an empty venue', async () => {
    const r = await get<{ figures: Figure[] }>('/dashboard/venue/keyFigures');
    expect(r.success).toBe(true);
    expect(r.result.figures.map((f) => f.value)).toEqual([0, 0, 0, 0, 0, 0]);
    const c = await get<Charts>('/dashboard/venue/charts');
    expect(c.success).toBe(true);
    expect(c.result.scoreDistribution.map((b) => b.players)).toEqual([0, 0, 0, 0, 0]);
  });

  it("counts today's and yesterday's key figures and the 7-day trend by hand", async () => {
    await fixture();
    forgetVenueMemos(ctx.db.db);
    const r = await get<{ figures: Figure[]; sailedToday: number }>('/dashboard/venue/keyFigures');
    expect(r.success).toBe(true);
    const f = Object.fromEntries(r.result.figures.map((x) => [x.key, x]));
    expect([f.reservations.value, f.reservations.yesterday]).toEqual([2, 1]);
    expect([f.checkIns.value, f.checkIns.yesterday]).toEqual([1, 1]);
    expect([f.onWater.value, f.onWater.yesterday, r.result.sailedToday]).toEqual([3, 4, 2]);
    expect([f.signIns.value, f.signIns.yesterday]).toEqual([4, 2]);
    expect([f.revenue.value, f.revenue.yesterday]).toEqual([30.5, 15.25]);
    expect([f.scoreSpent.value, f.scoreSpent.yesterday]).toEqual([150, 30]);
    expect(f.signIns.trend).toEqual([
      { day: addDays(T, -6), value: 0 },
      { day: addDays(T, -5), value: 0 },
      { day: addDays(T, -4), value: 0 },
      { day: D3, value: 1 },
      { day: addDays(T, -2), value: 0 },
      { day: Y, value: 2 },
      { day: T, value: 4 },
    ]);
  });

  it('draws the four charts from the fixture', async () => {
    const c = (await get<Charts>('/dashboard/venue/charts?days=30')).result;
    expect(c.scoreDistribution.map((b) => [b.name, b.players])).toEqual([
      ['见习海贼', 2],
      ['超新星', 1],
      ['七武海', 1],
      ['四皇', 1],
      ['海贼王', 1],
    ]);
    expect(c.accuracyByPlace).toEqual([
      { placeId: ids.p1, placeName: '风车村DV', answered: 5, correct: 4, rate: 80 },
      { placeId: ids.p2, placeName: '鱼人岛DV', answered: 1, correct: 0, rate: 0 },
    ]);
    expect(c.salesByGoods).toEqual([
      { goodsId: ids.g1, goodsName: '草帽DV', quantity: 3, amount: 45.75, score: 0 },
      { goodsId: ids.g2, goodsName: '藏宝图DV', quantity: 1, amount: 0, score: 100 },
    ]);
    expect(c.reservationsBySlot).toEqual([
      { slot: '10:00-12:00', reservations: 2, people: 7, upcoming: 0, upcomingPeople: 0 },
      { slot: '14:00-16:00', reservations: 1, people: 2, upcoming: 0, upcomingPeople: 0 },
      { slot: '19:00-21:00', reservations: 0, people: 0, upcoming: 1, upcomingPeople: 6 },
    ]);
    // one day: today's only
    const one = (await get<Charts>('/dashboard/venue/charts?days=1')).result;
    expect(one.accuracyByPlace.map((a) => [a.answered, a.correct])).toEqual([
      [3, 2],
      [1, 0],
    ]);
  });

  it("the job's day rows equal the live figures of a closed day; re-runs and parallel runs write one set", async () => {
    const result = async (url: string) => (await get<unknown>(url)).result;
    const before = await result('/dashboard/venue/keyFigures');
    const beforeCharts = await result('/dashboard/venue/charts');
    const written = await runStatJob(ctx.db);
    expect(written).toContain(Y);
    expect(written).not.toContain(T);
    const db = ctx.db.db;
    const stored = async (day: string) =>
      (await db.selectFrom('game_stat_day').select(['metric', 'dim', 'cnt', 'num2', 'amount']).where('stat_day', '=', day).execute())
        .filter((r) => r.metric !== METRIC.closed)
        .map((r) => ({ metric: r.metric, dim: r.dim, cnt: Number(r.cnt), num2: Number(r.num2), amount: Number(r.amount) }))
        .sort((a, b) => (a.metric + a.dim).localeCompare(b.metric + b.dim));
    const live = async (day: string) => (await computeDay(db, day)).sort((a, b) => (a.metric + a.dim).localeCompare(b.metric + b.dim));
    for (const day of [Y, D3, addDays(T, -2)]) expect(await stored(day)).toEqual(await live(day));
    expect((await stored(Y)).find((r) => r.metric === METRIC.revenue)).toEqual({ metric: METRIC.revenue, dim: '', cnt: 1, num2: 0, amount: 15.25 });
    // the dashboards answer the same from the day table
    forgetVenueMemos(db);
    expect(await result('/dashboard/venue/keyFigures')).toEqual(before);
    expect(await result('/dashboard/venue/charts')).toEqual(beforeCharts);
    // a second run only recomputes the recent days; parallel runs of one day leave one row per key
    const again = await runStatJob(ctx.db);
    expect(again).toEqual([addDays(T, -2), Y]);
    await Promise.all([storeDay(ctx.db, Y), storeDay(ctx.db, Y), storeDay(ctx.db, Y)]);
    const rows = await db.selectFrom('game_stat_day').select(['metric', 'dim']).where('stat_day', '=', Y).execute();
    expect(rows.length).toBe(new Set(rows.map((r) => `${r.metric}|${r.dim}`)).size);
    expect(await stored(Y)).toEqual(await live(Y));
  });

  it('remembers an answer 5 s per node: parallel calls share one computation, a new sign-in shows after the memo', async () => {
    forgetVenueMemos(ctx.db.db);
    const signIns = async () => (await get<{ figures: Figure[] }>('/dashboard/venue/keyFigures')).result.figures.find((f) => f.key === 'signIns')!.value;
    const [a, b] = await Promise.all([signIns(), signIns()]);
    expect([a, b]).toEqual([4, 4]);
    await ctx.db.db
      .insertInto('user_sign_place')
      .values({ id: newId(), user_id: newId(), reservation_id: newId(), sign_place_id: ids.p2, sign_time: `${T} 12:30:00` })
      .execute();
    expect(await signIns()).toBe(4);
    forgetVenueMemos(ctx.db.db);
    expect(await signIns()).toBe(5);
  });

  it('is behind dashboard:analysis and dashboard:chart', async () => {
    const role = await createTestRole(ctx, `dv_analysis_${Date.now()}`, ['dashboard:analysis']);
    await createTestUser(ctx, { username: 'dv_analyst', password: 'Analyst@123', roleIds: [role] });
    const ah = authHeaders(await loginAs(app, 'dv_analyst', 'Analyst@123'));
    expect((await get('/dashboard/venue/keyFigures', ah)).success).toBe(true);
    const denied = await app.inject({ url: `${P}/dashboard/venue/charts`, headers: ah });
    expect((denied.json() as Envelope).success).toBe(false);
    await createTestUser(ctx, { username: 'dv_nobody', password: 'Nobody@123' });
    const nh = authHeaders(await loginAs(app, 'dv_nobody', 'Nobody@123'));
    expect((await get('/dashboard/venue/keyFigures', nh)).success).toBe(false);
    const anon = await app.inject({ url: `${P}/dashboard/venue/keyFigures` });
    expect((anon.json() as Envelope).success).toBe(false);
  });

  it('refuses a bad day count with a Chinese message, never a 500', async () => {
    for (const q of ['days=0', 'days=91', 'days=abc', 'days=1.5']) {
      const res = await app.inject({ url: `${P}/dashboard/venue/charts?${q}`, headers: h });
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: '统计天数须为1到90之间的整数' });
    }
    // odd input (a NUL, a lone surrogate, a repeated value) is a 400 envelope too
    for (const q of ['days=%00', 'days=%ED%A0%80', 'days=1&days=2']) {
      const res = await app.inject({ url: `${P}/dashboard/venue/charts?${q}`, headers: h });
      expect(res.statusCode, q).toBe(400);
      expect((res.json() as Envelope).success).toBe(false);
    }
  });
});
