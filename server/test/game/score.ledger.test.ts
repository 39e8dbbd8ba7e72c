import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { bountyRankEntity, pirateScoreEntity } from '@pk/contract';
import type { AppContext } from '../../src/core/context.js';
import { BizError } from '../../src/core/envelope/errors.js';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';
import { md5 } from '../../src/db/seed/menus.js';
import { bountyCountsOff } from '../../src/modules/game/score/boardCounts.js';
import { applyScoreChange, ledgerTransaction, LEDGER_MSG } from '../../src/modules/game/score/ledger.js';
import { BOUNTY_PER_SCORE, SCORE_CHANGE } from '../../src/modules/game/rules.js';
import { BOUNTY_RANK_JOB, isoWeek, periodsAt, SCORE_MSG, snapshotBountyBoards } from '../../src/modules/game/score/service.js';
import { jobHandler } from '../../src/core/jobs/handlers.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { fastUser } from '../helpers/iamFixtures.js';

const P = TEST_API_PREFIX;

describe(`score ledger, tiers, adjust, live board, snapshot (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;
  let seq = 0;

  const player = async (o: { ship?: string | null; nickname?: string } = {}) => {
    const id = newId();
    await ctx.db.db
      .insertInto('book_user')
      .values({ id, nickname: o.nickname ?? `玩家${++seq}`, ship_id: o.ship ?? null, status: 1, del_flag: 0, create_time: now() })
      .execute();
    return id;
  };
  const ship = async (name: string) => {
    const id = newId();
    await ctx.db.db
      .insertInto('pirate_ship')
      .values({ id, ship_no: `S${id.slice(-10)}`, ship_name: name, total_score: 0, bounty: 0, create_time: now() })
      .execute();
    return id;
  };
  const change = (userId: string, delta: number, changeType: number = SCORE_CHANGE.signIn, bounty?: number) =>
    ledgerTransaction(ctx.db.db, (tx) =>
      applyScoreChange(tx, ctx.db.dialect, { userId, delta, changeType, bizType: 'test', bizId: null, ...(bounty !== undefined ? { bounty } : {}) }),
    );
  const scoreOf = (userId: string) => ctx.db.db.selectFrom('pirate_score').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
  const historyOf = (userId: string) => ctx.db.db.selectFrom('user_score_history').selectAll().where('user_id', '=', userId).execute();

  /** The live board's per-bounty and per-range counts equal what pirate_score holds. */
  const expectCountsKept = async () => expect(await bountyCountsOff(ctx.db.db)).toEqual([]);

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  it('200 concurrent changes to one player (earn, spend, refund; some spends refused) lose nothing', async () => {
    const u = await player();
    await change(u, 50); // the row exists before the race
    const plan: Array<{ delta: number; type: number }> = [];
    for (let i = 0; i < 200; i++) {
      if (i % 4 === 0) plan.push({ delta: 7, type: SCORE_CHANGE.answer });
      else if (i % 4 === 1) plan.push({ delta: -9, type: SCORE_CHANGE.spend });
      else if (i % 4 === 2) plan.push({ delta: -40, type: SCORE_CHANGE.spend });
      else plan.push({ delta: 3, type: SCORE_CHANGE.refund });
    }
    const results = await Promise.allSettled(plan.map((p) => change(u, p.delta, p.type)));
    const failed = results.filter((r) => r.status === 'rejected');
    for (const f of failed) {
      expect(f.reason).toBeInstanceOf(BizError);
      expect((f.reason as BizError).message).toBe(LEDGER_MSG.notEnough);
    }
    expect(failed.length, 'some spends are refused').toBeGreaterThan(0);
    const applied = plan.filter((_, i) => results[i].status === 'fulfilled');
    const row = await scoreOf(u);
    const hist = await historyOf(u);
    expect(hist.length).toBe(1 + applied.length);
    const sum = hist.reduce((s, x) => s + Number(x.change_score), 0);
    expect(Number(row.available_score)).toBe(sum);
    expect(Number(row.available_score)).toBe(Number(row.total_score) - Number(row.used_score));
    expect(Number(row.available_score)).toBeGreaterThanOrEqual(0);
    const earned = 50 + applied.filter((p) => p.type === SCORE_CHANGE.answer).reduce((s, p) => s + p.delta, 0);
    expect(Number(row.total_score)).toBe(earned);
    expect(Number(row.bounty)).toBe(earned * BOUNTY_PER_SCORE);
    // the after_score chain: every change starts where another ended (the changes form one path from 0 to the
    // balance: per score value, starts − ends is +1 at 0, −1 at the balance, 0 elsewhere), never below zero
    const degree = new Map<number, number>();
    const bump = (v: number, d: number) => degree.set(v, (degree.get(v) ?? 0) + d);
    for (const x of hist) {
      expect(Number(x.after_score)).toBe(Number(x.before_score) + Number(x.change_score));
      expect(Number(x.after_score)).toBeGreaterThanOrEqual(0);
      bump(Number(x.before_score), 1);
      bump(Number(x.after_score), -1);
    }
    const balance = Number(row.available_score);
    for (const [v, d] of degree) expect(d, `score ${v}`).toBe(v === 0 && balance !== 0 ? 1 : v === balance && balance !== 0 ? -1 : 0);
    await expectCountsKept();
  });

  it('the tier follows the total score; a ship moves with its crew', async () => {
    const s = await ship('黄金梅丽号');
    const u = await player({ ship: s });
    await change(u, 10);
    expect((await scoreOf(u)).rank_id).toBe(md5('pirateRank:1'));
    await change(u, 95);
    expect((await scoreOf(u)).rank_id).toBe(md5('pirateRank:2'));
    await change(u, -20, SCORE_CHANGE.spend); // spending keeps the tier (total unchanged)
    expect((await scoreOf(u)).rank_id).toBe(md5('pirateRank:2'));
    await change(u, 10_000);
    expect((await scoreOf(u)).rank_id).toBe(md5('pirateRank:5'));
    const sh = await ctx.db.db.selectFrom('pirate_ship').selectAll().where('id', '=', s).executeTakeFirstOrThrow();
    expect(Number(sh.total_score)).toBe(10_105);
    expect(Number(sh.bounty)).toBe(10_105 * BOUNTY_PER_SCORE);
    // a chest paying its own bounty: the history records it
    const r = await change(u, 1, SCORE_CHANGE.chest, 777);
    const row = await ctx.db.db.selectFrom('user_score_history').selectAll().where('id', '=', r.historyId).executeTakeFirstOrThrow();
    expect(Number(row.change_bounty)).toBe(777);
  });

  it('海盗等级: min < max, enabled ranges never overlap, level unique', async () => {
    const add = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: `${P}/score/pirateRank/add`, headers: h, payload: body });
    let r = (await add({ rankLevel: 9, rankName: '测试级', minScore: 50, maxScore: 20, status: 1 })).json();
    expect(r).toMatchObject({ success: false, message: SCORE_MSG.tierRange });
    r = (await add({ rankLevel: 9, rankName: '测试级', minScore: 200, maxScore: 300, status: 1 })).json();
    expect(r).toMatchObject({ success: false, message: SCORE_MSG.tierOverlap('超新星') });
    r = (await add({ rankLevel: 9, rankName: '测试级', minScore: 200, maxScore: 300, status: 0 })).json();
    expect(r).toMatchObject({ success: true });
    r = (await add({ rankLevel: 9, rankName: '重复级', minScore: 200, maxScore: 300, status: 0 })).json();
    expect(r.success).toBe(false);
    const id = (await ctx.db.db.selectFrom('pirate_rank').select('id').where('rank_level', '=', 9).executeTakeFirstOrThrow()).id;
    r = (await app.inject({ method: 'PUT', url: `${P}/score/pirateRank/edit`, headers: h, payload: { id, status: 1 } })).json();
    expect(r).toMatchObject({ success: false, message: SCORE_MSG.tierOverlap('超新星') });
    r = (await app.inject({ method: 'DELETE', url: `${P}/score/pirateRank/delete?id=${id}`, headers: h })).json();
    expect(r.success).toBe(true);
  });

  it('调整积分: reason required, bounds, refused below zero, permission checked; the history keeps the reason', async () => {
    const u = await player();
    const adjust = (body: Record<string, unknown>, headers = h) => app.inject({ method: 'POST', url: `${P}/score/pirateScore/adjust`, headers, payload: body });
    let res = await adjust({ userId: u, delta: 30 });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.reasonRequired });
    res = await adjust({ userId: u, delta: 30, reason: '   ' });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.reasonRequired });
    res = await adjust({ userId: u, delta: 0, reason: '补偿' });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.badDelta });
    res = await adjust({ userId: u, delta: 1.5, reason: '补偿' });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.badDelta });
    res = await adjust({ userId: u, delta: 1_000_001, reason: '补偿' });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.deltaTooLarge });
    res = await adjust({ userId: 'nobody', delta: 5, reason: '补偿' });
    expect(res.json()).toMatchObject({ success: false, message: SCORE_MSG.playerMissing });
    res = await adjust({ userId: u, delta: -1, reason: '扣除' });
    expect(res.json()).toMatchObject({ success: false, message: LEDGER_MSG.notEnough });
    expect(await historyOf(u)).toHaveLength(0);
    res = await adjust({ userId: u, delta: 30, reason: '活动补偿' });
    expect(res.json()).toMatchObject({ success: true, message: SCORE_MSG.adjusted, result: { after: 30, total: 30 } });
    res = await adjust({ userId: u, delta: -31, reason: '扣除' });
    expect(res.json()).toMatchObject({ success: false, message: LEDGER_MSG.notEnough });
    res = await adjust({ userId: u, delta: -10, reason: '误发扣回' });
    expect(res.json()).toMatchObject({ success: true, result: { after: 20, total: 20 } });
    const hist = await historyOf(u);
    expect(hist.map((x) => [Number(x.change_type), Number(x.change_score), x.remark, x.create_by]).sort()).toEqual(
      [
        [SCORE_CHANGE.adminAdjust, 30, '活动补偿', 'admin'],
        [SCORE_CHANGE.adminAdjust, -10, '误发扣回', 'admin'],
      ].sort(),
    );
    // a user holding the list code only
    const { h: viewer } = await fastUser(ctx, [pirateScoreEntity.perms.list]);
    res = await adjust({ userId: u, delta: 5, reason: '补偿' }, viewer);
    expect(res.json()).toMatchObject({ success: false, code: 510 });
    expect(Number((await scoreOf(u)).available_score)).toBe(20);
    // the read-only screens have no writes
    expect((await app.inject({ method: 'POST', url: `${P}/score/pirateScore/add`, headers: h, payload: {} })).statusCode).toBe(404);
    const list = (await app.inject({ method: 'GET', url: `${P}/score/userScoreHistory/list?userId=${u}&changeType=7`, headers: h })).json();
    expect(list.result.total).toBe(2);
    expect(list.result.records[0].changeType_dictText).toBe('管理员调整');
  });

  it('live board: top N by bounty (ties by id, descending) and my position from the index', async () => {
    await ctx.db.db.deleteFrom('pirate_score').execute();
    await ctx.db.db.deleteFrom('pirate_bounty_count').execute();
    await ctx.db.db.deleteFrom('pirate_bounty_bucket').execute();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await player({ nickname: `榜${i}` }));
    // bounties: 12 players, two ties, spread over four of the board's coarse ranges (37,000 … 333,000 berries), so a
    // position sums ranges above and values inside its own range
    const bounties = [5, 9, 9, 1, 7, 3, 3, 3, 8, 2, 6, 4];
    const B = 37_000;
    for (const [i, id] of ids.entries()) await change(id, bounties[i], SCORE_CHANGE.signIn, bounties[i] * B);
    const expected = ids.map((id, i) => ({ id, b: bounties[i] * B })).sort((a, b) => b.b - a.b || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    const live = async (q: string, headers = h) => (await app.inject({ method: 'GET', url: `${P}/score/bountyRank/live?${q}`, headers })).json();
    let r = await live('scope=1&top=5');
    expect(r.success).toBe(true);
    expect(r.result.records.map((x: { targetId: string }) => x.targetId)).toEqual(expected.slice(0, 5).map((x) => x.id));
    expect(r.result.records[0]).toMatchObject({ rankNo: 1, bounty: 9 * B, rankName: '见习海贼' });
    expect(r.result.mine).toBeNull();
    for (const [pos, e] of expected.entries()) {
      r = await live(`scope=1&top=3&userId=${e.id}`);
      // in the list: its place there; below it: 1 + the players with more bounty (ties share the place)
      const rankNo = pos < 3 ? pos + 1 : 1 + expected.filter((x) => x.b > e.b).length;
      expect(r.result.mine, `position of ${pos + 1}`).toEqual({ rankNo, bounty: e.b });
    }
    await expectCountsKept();
    // the top N is kept a second per node, but a change on this node shows in the next answer
    const leader = ids[3];
    await change(leader, 100, SCORE_CHANGE.signIn, 300_000);
    await expectCountsKept();
    r = await live('scope=1&top=5');
    expect(r.result.records[0]).toMatchObject({ targetId: leader, rankNo: 1, bounty: 1 * B + 300_000 });
    r = await live(`scope=1&userId=${await player()}`);
    expect(r.result.mine).toBeNull();
    expect((await live('scope=3')).success).toBe(false);
    expect((await live('top=0')).success).toBe(false);
    expect((await live('top=101')).success).toBe(false);
    const { h: other } = await fastUser(ctx, [pirateScoreEntity.perms.list]);
    expect(await live('scope=1', other)).toMatchObject({ success: false, code: 510 });
    const { h: viewer } = await fastUser(ctx, [bountyRankEntity.perms.list]);
    expect((await live('scope=1', viewer)).success).toBe(true);
    // ships
    const s1 = await ship('船A');
    const s2 = await ship('船B');
    const a = await player({ ship: s1 });
    const b = await player({ ship: s2 });
    await change(a, 1, SCORE_CHANGE.signIn, 50);
    await change(b, 1, SCORE_CHANGE.signIn, 70);
    r = await live(`scope=2&top=100&userId=${a}`);
    const order = r.result.records.map((x: { targetId: string }) => x.targetId);
    expect(order.indexOf(s2)).toBeLessThan(order.indexOf(s1));
    expect(r.result.mine).toEqual({ rankNo: order.indexOf(s1) + 1, bounty: 50 });
  });

  it('the snapshot job writes day/week/month/all boards for players and ships, idempotent on two runs', async () => {
    expect(jobHandler(BOUNTY_RANK_JOB)).toBeTypeOf('function');
    const seeded = await ctx.db.db.selectFrom('sys_quartz_job').selectAll().where('job_class_name', '=', BOUNTY_RANK_JOB).executeTakeFirst();
    expect(seeded).toMatchObject({ status: 0 });
    const at = now();
    await snapshotBountyBoards(ctx.db, at);
    const first = await ctx.db.db.selectFrom('bounty_rank').selectAll().execute();
    await Promise.all([snapshotBountyBoards(ctx.db, at), snapshotBountyBoards(ctx.db, at)]);
    const second = await ctx.db.db.selectFrom('bounty_rank').selectAll().execute();
    expect(second.length).toBe(first.length);
    const keys = new Set(second.map((r) => `${r.rank_scope}|${r.period_type}|${r.period_key}|${r.target_id}`));
    expect(keys.size).toBe(second.length);
    const periods = periodsAt(at);
    for (const scope of [1, 2])
      for (const p of periods) {
        const rows = second.filter((r) => Number(r.rank_scope) === scope && Number(r.period_type) === p.type && r.period_key === p.key);
        expect(rows.length, `scope ${scope} period ${p.key}`).toBeGreaterThan(0);
        const sorted = [...rows].sort((x, y) => Number(x.rank_no) - Number(y.rank_no));
        expect(sorted.map((x) => Number(x.rank_no))).toEqual(sorted.map((_, i) => i + 1));
        for (let i = 1; i < sorted.length; i++) expect(Number(sorted[i - 1].bounty)).toBeGreaterThanOrEqual(Number(sorted[i].bounty));
      }
    // all time = current bounty; the day = what was earned today (all of it in this test)
    const top = await ctx.db.db
      .selectFrom('pirate_score')
      .select(['user_id', 'bounty'])
      .orderBy('bounty', 'desc')
      .orderBy('user_id', 'desc')
      .executeTakeFirstOrThrow();
    const allTop = second.find((r) => Number(r.rank_scope) === 1 && r.period_key === 'all' && Number(r.rank_no) === 1)!;
    expect(allTop.target_id).toBe(top.user_id);
    expect(Number(allTop.bounty)).toBe(Number(top.bounty));
    // a list of the board through the screen's route
    const list = (await app.inject({ method: 'GET', url: `${P}/score/bountyRank/list?rankScope=2&periodType=5&column=rankNo&order=asc`, headers: h })).json();
    expect(list.success).toBe(true);
    expect(list.result.records[0].rankScope_dictText).toBe('海盗船');
  });

  it("period boards sum the bounty earned inside the period only (day, ISO week, month); a ship gets its crew's", async () => {
    const s = await ship('周期船');
    const u = await player({ ship: s, nickname: '周期玩家' });
    const earned = async (time: string, bounty: number) =>
      ctx.db.db
        .insertInto('user_score_history')
        .values({
          id: newId(),
          user_id: u,
          change_type: 1,
          change_score: 1,
          change_bounty: bounty,
          before_score: 0,
          after_score: 1,
          biz_type: 'test',
          create_time: time,
        })
        .execute();
    // 2030-06-15 is a Saturday: its ISO week 2030-W24 runs from Monday 06-10
    await earned('2030-06-15 09:00:00', 1_000_000_001);
    await earned('2030-06-11 09:00:00', 20_000_000_000);
    await earned('2030-06-02 09:00:00', 300_000_000_000);
    await earned('2030-05-31 23:59:59', 4_000_000_000_000);
    await earned('2030-07-01 00:00:00', 50_000_000_000_000); // the next month, outside all three
    await snapshotBountyBoards(ctx.db, '2030-06-15 12:00:00');
    const board = async (scope: number, type: number, key: string) =>
      ctx.db.db
        .selectFrom('bounty_rank')
        .selectAll()
        .where('rank_scope', '=', scope)
        .where('period_type', '=', type)
        .where('period_key', '=', key)
        .orderBy('rank_no')
        .execute();
    for (const [scope, target, name] of [
      [1, u, '周期玩家'],
      [2, s, '周期船'],
    ] as const) {
      const day = await board(scope, 1, '2030-06-15');
      const week = await board(scope, 2, '2030-W24');
      const month = await board(scope, 3, '2030-06');
      expect(day[0]).toMatchObject({ target_id: target, target_name: name, rank_no: 1 });
      expect(Number(day[0].bounty)).toBe(1_000_000_001);
      expect(Number(week[0].bounty)).toBe(21_000_000_001);
      expect(Number(month[0].bounty)).toBe(321_000_000_001);
    }
  });

  it('ISO weeks and period keys', () => {
    expect(isoWeek('2021-01-03').key).toBe('2020-W53');
    expect(isoWeek('2021-01-04')).toEqual({ key: '2021-W01', monday: '2021-01-04' });
    expect(isoWeek('2024-12-30').key).toBe('2025-W01');
    expect(isoWeek('2022-03-15').key).toBe('2022-W11');
    const p = periodsAt('2022-03-15 10:00:00');
    expect(p.map((x) => x.key)).toEqual(['2022-03-15', '2022-W11', '2022-03', 'all']);
    expect(p[1].range).toEqual(['2022-03-14 00:00:00', '2022-03-21 00:00:00']);
    expect(periodsAt('2022-12-31 23:59:59')[2].range).toEqual(['2022-12-01 00:00:00', '2023-01-01 00:00:00']);
  });
});
