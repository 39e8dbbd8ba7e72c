import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PlayResult } from '@pk/contract';
import type { AppContext } from '../../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { cycleKey, isCorrect, isoWeekKey, PLAY_MSG } from '../../src/modules/game/play/service.js';
import { PlayFixture } from './play.fixture.js';
import { now } from '../../src/core/time.js';
import { withinOpenHours } from '../../src/modules/game/play/player.js';

const P = TEST_API_PREFIX;

// issue 13 point 5: sign-ins, answers and chest openings, each once, with the ledger, tasks and honors in one transaction.
describe(`play: sign-in, answer, chest (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  let f: PlayFixture;

  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url: `${P}${url}`, headers: h, payload });
    return res.json() as { success: boolean; message: string; code: number; result: PlayResult };
  };
  const history = (userId: string) => ctx.db.db.selectFrom('user_score_history').selectAll().where('user_id', '=', userId).execute();

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    f = new PlayFixture(ctx);
  });
  afterAll(async () => close?.());

  it('a sign-in scores once under 20 parallel identical calls; the repeat answers the same result', async () => {
    const place = await f.place({ score: 10 });
    const p = await f.player();
    const all = await Promise.all(Array.from({ length: 20 }, () => post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: place.id })));
    expect(all.every((r) => r.success)).toBe(true);
    expect(all.filter((r) => !r.result.repeated)).toHaveLength(1);
    expect(new Set(all.map((r) => r.result.scoreGained))).toEqual(new Set([10]));
    const rows = await ctx.db.db.selectFrom('user_sign_place').selectAll().where('user_id', '=', p.userId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reservation_id: p.reservationId, sign_place_id: place.id, score_gained: 10 });
    const hist = await history(p.userId);
    expect(hist).toHaveLength(1);
    expect(hist[0]).toMatchObject({ change_type: 1, change_score: 10, biz_type: 'user_sign_place', biz_id: rows[0].id });
    const again = await post('/book/userSignPlace/signIn', { braceletNo: p.braceletNo, placeNfcCode: place.nfc });
    expect(again.result).toMatchObject({ repeated: true, scoreGained: 10, totalScore: 10, availableScore: 10 });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('refuses a bracelet not in use, an unknown or closed place and a place off the reservation’s line, changing nothing', async () => {
    const line = await f.line();
    const onLine = await f.place({ line });
    const offLine = await f.place({ line: await f.line() });
    const closed = await f.place({ line, status: 0 });
    const p = await f.player({ line });
    const returned = await f.player({ braceletStatus: 2 });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: returned.nfcUid, placeId: onLine.id })).toMatchObject({
      success: false,
      message: PLAY_MSG.braceletNotInUse,
    });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: 'nope-nope', placeId: onLine.id })).toMatchObject({
      success: false,
      message: PLAY_MSG.braceletUnknown,
    });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: 'nope' })).toMatchObject({ success: false, message: PLAY_MSG.placeNotFound });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: closed.id })).toMatchObject({ success: false, message: PLAY_MSG.placeClosed });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: offLine.id })).toMatchObject({
      success: false,
      message: PLAY_MSG.placeNotOnLine,
    });
    expect(await post('/book/userSignPlace/signIn', { placeId: onLine.id })).toMatchObject({ success: false, message: PLAY_MSG.playerRequired });
    expect(await history(p.userId)).toHaveLength(0);
    // staff may name the player and reservation instead of a bracelet
    const ok = await post('/book/userSignPlace/signIn', { userId: p.userId, reservationId: p.reservationId, placeId: onLine.id });
    expect(ok.result).toMatchObject({ repeated: false, scoreGained: 10 });
    const row = await ctx.db.db.selectFrom('user_sign_place').select('sign_method').where('user_id', '=', p.userId).executeTakeFirstOrThrow();
    expect(row.sign_method).toBe(3);
  });

  it('a place’s open hours: a sign-in outside them is refused (a window past midnight too); none or one bound as set', async () => {
    // windows around the venue's clock now (HH:mm, Asia/Shanghai), wrapping at midnight
    const minute = (d: number) => {
      const [h, m] = now().slice(11, 16).split(':').map(Number);
      const t = (((h * 60 + m + d) % 1440) + 1440) % 1440;
      return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
    };
    const place = async (open: string | null, close: string | null) => {
      const pl = await f.place({ score: 1 });
      await ctx.db.db.updateTable('sign_place').set({ open_time: open, close_time: close }).where('id', '=', pl.id).execute();
      return pl;
    };
    const p = await f.player();
    const later = await place(minute(60), minute(120));
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: later.id })).toMatchObject({
      success: false,
      message: PLAY_MSG.outOfHours(minute(60), minute(120)),
    });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeNfcCode: later.nfc })).toMatchObject({
      success: false,
      message: `该签到点不在开放时间内（${minute(60)}–${minute(120)}）`,
    });
    // one bound, outside it: a close bound already passed today — in the first two minutes of the day there is none
    // (a close bound is read from 00:00), so an open bound not reached yet
    const [h, m] = now().slice(11, 16).split(':').map(Number);
    const minuteOfDay = h * 60 + m;
    const closedNow = minuteOfDay >= 2 ? await place(null, minuteOfDay >= 61 ? minute(-60) : '00:00') : await place(minute(60), null);
    expect((await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: closedNow.id })).success).toBe(false);
    expect(await history(p.userId)).toHaveLength(0);
    for (const [open, close] of [
      [minute(-60), minute(60)],
      [`${minuteOfDay >= 1 ? minute(-1) : '00:00'}:00`, null],
      [null, null],
      ['9点', null],
    ] as const) {
      const pl = await place(open, close);
      expect((await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: pl.id })).result, `${open}–${close}`).toMatchObject({ repeated: false });
    }
    // the rule itself, at fixed times: inclusive bounds, past midnight, one bound, a bound that is no time
    expect(['08:59', '09:00', '22:00', '22:01'].map((t) => withinOpenHours('09:00', '22:00', t))).toEqual([false, true, true, false]);
    expect(['19:59', '20:00', '01:00', '02:00', '02:01'].map((t) => withinOpenHours('20:00:00', '02:00', t))).toEqual([false, true, true, true, false]);
    expect([withinOpenHours(null, '12:00', '12:01'), withinOpenHours('12:00', null, '11:59'), withinOpenHours('25:00', '', '03:00')]).toEqual([
      false,
      false,
      true,
    ]);
    // staff cannot save a time that is no time of day
    const bad = await post('/book/signPlace/add', { placeNo: `PT${Date.now()}`, placeName: '时间岛', openTime: '9点', status: 1 });
    expect(bad).toMatchObject({ success: false, message: '请输入正确格式的时间（HH:mm）!' });
  });

  it('answers: single, multiple (set-equal), true/false and fill-in; score only when right; the score row counts', async () => {
    const p = await f.player();
    const single = await f.question(1, 'B', 5);
    const multi = await f.question(2, 'A,C', 7);
    const judge = await f.question(3, 'true', 3);
    const fill = await f.question(4, 'Going Merry', 4);
    const wrong = await f.question(1, 'A', 9);
    const r1 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: single, answer: 'b' });
    expect(r1.result).toMatchObject({ repeated: false, correct: true, scoreGained: 5 });
    const r2 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: multi, answer: 'C, A' });
    expect(r2.result).toMatchObject({ correct: true, scoreGained: 7 });
    const r3 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: judge, answer: '对' });
    expect(r3.result).toMatchObject({ correct: true, scoreGained: 3 });
    const r4 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: fill, answer: '  going merry ' });
    expect(r4.result).toMatchObject({ correct: true, scoreGained: 4 });
    const r5 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: wrong, answer: 'B', durationMs: 4200 });
    expect(r5.result).toMatchObject({ correct: false, scoreGained: 0, totalScore: 19 });
    // a second answer to the same question changes nothing, even a right one
    const r6 = await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: wrong, answer: 'A' });
    expect(r6.result).toMatchObject({ repeated: true, correct: false, scoreGained: 0, totalScore: 19 });
    const score = await ctx.db.db.selectFrom('user_question_score').selectAll().where('user_id', '=', p.userId).executeTakeFirstOrThrow();
    expect(score).toMatchObject({ answered_count: 5, correct_count: 4, total_score: 19, reservation_id: p.reservationId });
    expect((await history(p.userId)).map((x) => x.change_type)).toEqual([2, 2, 2, 2]);
    expect(await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: single })).toMatchObject({ success: false });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('correctness rules', () => {
    expect(isCorrect(2, 'A,C', 'AC')).toBe(true);
    expect(isCorrect(2, 'A,C', 'A')).toBe(false);
    expect(isCorrect(2, 'A,C', 'A,B,C')).toBe(false);
    expect(isCorrect(3, 'false', '错')).toBe(true);
    expect(isCorrect(3, 'false', 'true')).toBe(false);
    expect(isCorrect(1, 'A', 'AB')).toBe(false);
    expect(cycleKey(0, 'r1')).toBe('once');
    expect(cycleKey(3, 'r1')).toBe('r1');
    expect(cycleKey(1, 'r1', '2026-11-25')).toBe('2026-11-25');
    expect(isoWeekKey('2026-11-25')).toBe('2026-W48');
    expect(isoWeekKey('2027-01-01')).toBe('2026-W53');
  });

  it('a chest’s remain_count never goes below zero under parallel openings; each player opens it once', async () => {
    const chest = await f.chest({ remain: 3, rewardValue: 20 });
    const players = await Promise.all(Array.from({ length: 8 }, () => f.player()));
    const all = await Promise.all(players.map((p) => post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: chest })));
    expect(all.filter((r) => r.success)).toHaveLength(3);
    expect(all.filter((r) => !r.success).map((r) => r.message)).toEqual(Array(5).fill(PLAY_MSG.chestEmpty));
    const row = await ctx.db.db.selectFrom('treasure_chest').select(['remain_count', 'status']).where('id', '=', chest).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ remain_count: 0, status: 2 });
    const opened = await ctx.db.db.selectFrom('user_treasure_chest').selectAll().where('chest_id', '=', chest).execute();
    expect(opened).toHaveLength(3);
    // a winner's repeat answers its stored result even though the chest is empty now
    const winner = players[all.findIndex((r) => r.success)];
    const again = await post('/chest/treasureChest/open', { nfcUid: winner.nfcUid, chestId: chest });
    expect(again.result).toMatchObject({ repeated: true, scoreGained: 20 });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('identical parallel openings and answers of one player count once; a spending chest spends once', async () => {
    const p = await f.player();
    const q = await f.question(2, 'A,B', 6);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'B,A' })),
    );
    expect(answers.filter((r) => r.success && !r.result.repeated)).toHaveLength(1);
    expect(answers.every((r) => r.result.correct && r.result.scoreGained === 6)).toBe(true);
    const chest = await f.chest({ remain: 5, unlockType: 4, unlockValue: '4', rewardValue: 1 });
    const opens = await Promise.all(Array.from({ length: 10 }, () => post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: chest })));
    expect(opens.filter((r) => r.success && !r.result.repeated)).toHaveLength(1);
    expect(opens.every((r) => r.success)).toBe(true);
    expect((await ctx.db.db.selectFrom('treasure_chest').select('remain_count').where('id', '=', chest).executeTakeFirstOrThrow()).remain_count).toBe(4);
    const hist = await history(p.userId);
    expect(hist.filter((x) => x.change_type === 6)).toHaveLength(1);
    const score = await ctx.db.db.selectFrom('pirate_score').selectAll().where('user_id', '=', p.userId).executeTakeFirstOrThrow();
    expect(score).toMatchObject({ total_score: 7, used_score: 4, available_score: 3 });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('chest unlocks: password, an answered question, spending score, a finished task', async () => {
    const p = await f.player();
    const pw = await f.chest({ unlockType: 2, unlockValue: 'onepiece' });
    expect(await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: pw, unlockValue: 'x' })).toMatchObject({
      success: false,
      message: PLAY_MSG.wrongPassword,
    });
    expect((await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: pw, unlockValue: 'onepiece' })).result).toMatchObject({ scoreGained: 20 });
    const q = await f.question(1, 'A', 5);
    const byAnswer = await f.chest({ unlockType: 3, unlockValue: q, rewardValue: 1 });
    expect(await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: byAnswer })).toMatchObject({ success: false, message: PLAY_MSG.answerFirst });
    await post('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'A' });
    expect((await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: byAnswer })).success).toBe(true);
    // 26 available now; a chest costing 30 is refused and nothing changes; one costing 6 spends
    const dear = await f.chest({ unlockType: 4, unlockValue: '30', rewardValue: 50 });
    expect(await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: dear })).toMatchObject({ success: false, message: '可用积分不足' });
    expect(await ctx.db.db.selectFrom('user_treasure_chest').select('id').where('chest_id', '=', dear).execute()).toHaveLength(0);
    expect((await ctx.db.db.selectFrom('treasure_chest').select('remain_count').where('id', '=', dear).executeTakeFirstOrThrow()).remain_count).toBe(10);
    const cheap = await f.chest({ unlockType: 4, unlockValue: '6', rewardValue: 2 });
    expect((await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: cheap })).result).toMatchObject({
      scoreGained: 2,
      availableScore: 22,
      totalScore: 28,
    });
    const task = await f.task({ type: 2, target: q });
    const byTask = await f.chest({ unlockType: 5, unlockValue: task });
    // the task was created after the answer: not done
    expect(await post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: byTask })).toMatchObject({ success: false, message: PLAY_MSG.taskFirst });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('a task completes once and pays once, even when its steps arrive in parallel; its honor is granted once', async () => {
    const line = await f.line();
    const places = await Promise.all(Array.from({ length: 5 }, () => f.place({ line, score: 1 })));
    const taskHonor = await f.honor({ cond: 6, value: 0, reward: 0, name: '航海士' });
    const task = await f.task({ type: 1, count: 2, reward: 50, honorId: taskHonor });
    const p = await f.player({ line });
    const all = await Promise.all(places.map((pl) => post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: pl.id })));
    expect(all.every((r) => r.success && !r.result.repeated)).toBe(true);
    expect(all.flatMap((r) => r.result.tasks).filter((t) => t)).toHaveLength(1);
    const rec = await ctx.db.db.selectFrom('user_task_record').selectAll().where('user_id', '=', p.userId).where('task_id', '=', task).execute();
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ progress: 2, status: 1, cycle_key: 'once', reward_score: 50 });
    const hist = await history(p.userId);
    expect(hist.filter((x) => x.change_type === 3)).toHaveLength(1);
    expect(
      await ctx.db.db.selectFrom('user_honor').select('honor_id').where('user_id', '=', p.userId).where('honor_id', '=', taskHonor).execute(),
    ).toHaveLength(1);
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('honors of total score, places, correct answers and chests are granted once, with their reward', async () => {
    const byPlaces = await f.honor({ cond: 2, value: 2, reward: 5, name: '环岛者' });
    const byScore = await f.honor({ cond: 1, value: 1000, reward: 1, name: '大富翁' });
    const p = await f.player();
    const a = await f.place({ score: 2 });
    const b = await f.place({ score: 2 });
    const c = await f.place({ score: 2 });
    const r1 = await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: a.id });
    expect(r1.result.honors).not.toContain('环岛者');
    const rest = await Promise.all([b, c].map((pl) => post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: pl.id })));
    expect(rest.flatMap((r) => r.result.honors).filter((n) => n === '环岛者')).toHaveLength(1);
    const held = await ctx.db.db.selectFrom('user_honor').select('honor_id').where('user_id', '=', p.userId).execute();
    expect(held.map((x) => x.honor_id)).toContain(byPlaces);
    expect(held.map((x) => x.honor_id)).not.toContain(byScore);
    const hist = await history(p.userId);
    expect(hist.filter((x) => x.change_type === 9 && x.change_score === 5)).toHaveLength(1);
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('every call answers the standing the database holds: total, available and tier, after task rewards and honors too', async () => {
    // the tier a total shows: the enabled tier with the highest min_score at or below it (read here on its own)
    const tierOf = async (total: number) =>
      (
        await ctx.db.db
          .selectFrom('pirate_rank')
          .select('rank_name')
          .where('status', '=', 1)
          .where('min_score', '<=', total)
          .orderBy('min_score', 'desc')
          .limit(1)
          .executeTakeFirst()
      )?.rank_name ?? null;
    const held = async (userId: string) => {
      const s = await ctx.db.db.selectFrom('pirate_score').select(['total_score', 'available_score']).where('user_id', '=', userId).executeTakeFirstOrThrow();
      return { totalScore: Number(s.total_score), availableScore: Number(s.available_score), rankName: await tierOf(Number(s.total_score)) };
    };
    const tiers = await ctx.db.db.selectFrom('pirate_rank').select('min_score').where('status', '=', 1).orderBy('min_score').execute();
    const second = Number(tiers[1].min_score);
    expect(second).toBeGreaterThan(0);
    const p = await f.player();
    // a first place just short of the second tier, then a task (2 places) whose reward crosses it, with an honor's reward after
    await f.task({ type: 1, count: 2, reward: 7, honorId: await f.honor({ cond: 6, value: 0, reward: 3, name: '跨级者' }) });
    const first = await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: (await f.place({ score: second - 1 })).id });
    expect(first.result).toMatchObject({ repeated: false, ...(await held(p.userId)) });
    expect(first.result.rankName).toBe(await tierOf(second - 1));
    const crossing = await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: (await f.place({ score: 1 })).id });
    expect(crossing.result.tasks.length).toBeGreaterThan(0);
    expect(crossing.result.honors).toContain('跨级者');
    expect(crossing.result).toMatchObject({ repeated: false, ...(await held(p.userId)) });
    expect(crossing.result.totalScore).toBeGreaterThanOrEqual(second + 10);
    expect(crossing.result.rankName).not.toBe(first.result.rankName);
    // a place worth nothing changes no score: the call reads the standing
    const nothing = await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: (await f.place({ score: 0 })).id });
    expect(nothing.result).toMatchObject({ repeated: false, scoreGained: 0, ...(await held(p.userId)) });
    // a bracelet without a place is refused after the bracelet's own checks
    expect(await post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid })).toMatchObject({ success: false, message: PLAY_MSG.placeRequired });
    expect(await post('/book/userSignPlace/signIn', { nfcUid: 'nope-nope' })).toMatchObject({ success: false, message: PLAY_MSG.braceletUnknown });
    expect(await f.ledgerBroken()).toEqual([]);
  });

  it('needs the button codes', async () => {
    const res = await app.inject({ method: 'POST', url: `${P}/book/userSignPlace/signIn`, payload: {} });
    expect(res.statusCode).toBe(401);
  });
});
