import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GameDeviceIssued } from '@pk/contract';
import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { formatDateTime, now } from '../../src/core/time.js';
import { PLAY_MSG } from '../../src/modules/game/play/service.js';
import { DEVICE_TYPE } from '../../src/modules/game/play/deviceScope.js';
import { CHEST_LOCK_MS, CHEST_PASSWORD_LIMIT } from '../../src/modules/game/play/chestAttempts.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { deviceCall } from './deviceCall.js';
import { PlayFixture } from './play.fixture.js';

const P = TEST_API_PREFIX;
const wrongType = (as: (typeof DEVICE_TYPE)[keyof typeof DEVICE_TYPE]) => PLAY_MSG.deviceWrongType(as.kind, as.action);
const LOCKED = /^宝箱密码错误次数过多，已锁定，请于\d\d:\d\d后再试$/;

// issue 23 point 13: a device acts only as its type, at its own place, for a player signed in there, with the player's
// own reservation; a device's chest password guesses are limited per player and chest.
describe(`play: devices act only where and as they are (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;
  let f: PlayFixture;
  const place = {} as Record<'windmill' | 'syrup', { id: string; nfc: string }>;
  const dev = {} as Record<'reader' | 'syrupReader' | 'kiosk' | 'syrupKiosk' | 'chests' | 'syrupChests' | 'unbound', GameDeviceIssued>;

  const issue = async (deviceName: string, deviceType: number, signPlaceId: string): Promise<GameDeviceIssued> => {
    const res = await app.inject({ method: 'POST', url: `${P}/device/gameDevice/add`, headers: h, payload: { deviceName, deviceType, signPlaceId } });
    expect(res.json().success).toBe(true);
    return res.json().result;
  };
  const call = async (k: GameDeviceIssued, path: string, body: object) => (await deviceCall(app, k, path, body)).body;
  const staff = async (path: string, body: object) => (await app.inject({ method: 'POST', url: `${P}${path}`, headers: h, payload: body })).json();
  const rows = async (userId: string) => ({
    signIns: (await ctx.db.db.selectFrom('user_sign_place').select('sign_place_id').where('user_id', '=', userId).execute()).map((r) => r.sign_place_id),
    answers: (await ctx.db.db.selectFrom('user_question_record').select('id').where('user_id', '=', userId).execute()).length,
    chests: (await ctx.db.db.selectFrom('user_treasure_chest').select('id').where('user_id', '=', userId).execute()).length,
    score: Number((await ctx.db.db.selectFrom('pirate_score').select('total_score').where('user_id', '=', userId).executeTakeFirst())?.total_score ?? 0),
  });
  const attempts = async (userId: string, chestId: string) =>
    ctx.db.db
      .selectFrom('chest_password_attempt')
      .select(['failures', 'last_failure_time'])
      .where('user_id', '=', userId)
      .where('chest_id', '=', chestId)
      .executeTakeFirst();
  const signedIn = async (where: 'windmill' | 'syrup') => {
    const p = await f.player();
    const r = await call(where === 'windmill' ? dev.reader : dev.syrupReader, '/device/signIn', { nfcUid: p.nfcUid });
    expect(r).toMatchObject({ success: true, result: { repeated: false } });
    return p;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    f = new PlayFixture(ctx);
    place.windmill = await f.place({ score: 3 });
    place.syrup = await f.place({ score: 5 });
    await ctx.db.db.updateTable('sign_place').set({ place_name: '风车村' }).where('id', '=', place.windmill.id).execute();
    await ctx.db.db.updateTable('sign_place').set({ place_name: '西罗布村' }).where('id', '=', place.syrup.id).execute();
    dev.reader = await issue('风车村签到机', DEVICE_TYPE.signIn.type, place.windmill.id);
    dev.syrupReader = await issue('西罗布村签到机', DEVICE_TYPE.signIn.type, place.syrup.id);
    dev.kiosk = await issue('风车村答题机', DEVICE_TYPE.answer.type, place.windmill.id);
    dev.syrupKiosk = await issue('西罗布村答题机', DEVICE_TYPE.answer.type, place.syrup.id);
    dev.chests = await issue('风车村宝箱', DEVICE_TYPE.chest.type, place.windmill.id);
    dev.syrupChests = await issue('西罗布村宝箱', DEVICE_TYPE.chest.type, place.syrup.id);
    // 设备管理 requires the place now; a device saved before that has none (its column stays nullable)
    dev.unbound = await issue('未绑定答题机', DEVICE_TYPE.answer.type, place.windmill.id);
    await ctx.db.db.updateTable('game_device').set({ sign_place_id: null }).where('id', '=', dev.unbound.id).execute();
  });
  afterAll(async () => t?.close());

  it('a sign-in reader answers no question and opens no chest; each device type does only its own call', async () => {
    const p = await signedIn('windmill');
    const q = await f.question(1, 'A', 7, place.syrup.id);
    const chest = await f.chest({ rewardValue: 9, place: place.syrup.id });
    // the outside run: the reader at 风车村 answered and opened at 西罗布村
    expect(await call(dev.reader, '/device/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: wrongType(DEVICE_TYPE.answer),
    });
    expect(await call(dev.reader, '/device/openChest', { nfcUid: p.nfcUid, chestId: chest })).toMatchObject({
      success: false,
      message: wrongType(DEVICE_TYPE.chest),
    });
    // the other way round too, even at the device's own place
    expect(await call(dev.kiosk, '/device/signIn', { nfcUid: p.nfcUid })).toMatchObject({ success: false, message: wrongType(DEVICE_TYPE.signIn) });
    expect(await call(dev.chests, '/device/signIn', { nfcUid: p.nfcUid })).toMatchObject({ success: false, message: wrongType(DEVICE_TYPE.signIn) });
    expect(await call(dev.chests, '/device/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: wrongType(DEVICE_TYPE.answer),
    });
    expect(await call(dev.kiosk, '/device/openChest', { nfcUid: p.nfcUid, chestId: chest })).toMatchObject({
      success: false,
      message: wrongType(DEVICE_TYPE.chest),
    });
    // a device bound to no place acts nowhere
    expect(await call(dev.unbound, '/device/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.deviceUnbound,
    });
    expect(await rows(p.userId)).toEqual({ signIns: [place.windmill.id], answers: 0, chests: 0, score: 3 });
  });

  it('a device acts only at its own place, and answers or opens only for a player signed in there', async () => {
    const p = await signedIn('windmill');
    // a reader signs in at its own place only, whether the other place is named by id or by NFC code
    for (const at of [{ placeId: place.syrup.id }, { placeNfcCode: place.syrup.nfc }])
      expect(await call(dev.reader, '/device/signIn', { nfcUid: p.nfcUid, ...at })).toMatchObject({ success: false, message: PLAY_MSG.placeNotDevice });
    const syrupQ = await f.question(1, 'A', 7, place.syrup.id);
    const freeQ = await f.question(1, 'B', 2);
    const syrupChest = await f.chest({ rewardValue: 9, place: place.syrup.id });
    const looseChest = await f.chest({ rewardValue: 9 });
    expect(await call(dev.kiosk, '/device/answer', { nfcUid: p.nfcUid, questionId: syrupQ, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.questionNotDevice,
    });
    for (const chestId of [syrupChest, looseChest])
      expect(await call(dev.chests, '/device/openChest', { nfcUid: p.nfcUid, chestId })).toMatchObject({ success: false, message: PLAY_MSG.chestNotDevice });
    // the right devices at 西罗布村, but the player has not signed in there
    expect(await call(dev.syrupKiosk, '/device/answer', { nfcUid: p.nfcUid, questionId: syrupQ, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.signInFirst('西罗布村'),
    });
    expect(await call(dev.syrupKiosk, '/device/answer', { nfcUid: p.nfcUid, questionId: freeQ, answer: 'B' })).toMatchObject({
      success: false,
      message: PLAY_MSG.signInFirst('西罗布村'),
    });
    expect(await call(dev.syrupChests, '/device/openChest', { nfcUid: p.nfcUid, chestId: syrupChest })).toMatchObject({
      success: false,
      message: PLAY_MSG.signInFirst('西罗布村'),
    });
    expect(await rows(p.userId)).toEqual({ signIns: [place.windmill.id], answers: 0, chests: 0, score: 3 });

    // signed in at 西罗布村: its question, a free question and its chest
    expect((await call(dev.syrupReader, '/device/signIn', { nfcUid: p.nfcUid })).result).toMatchObject({ scoreGained: 5 });
    expect((await call(dev.syrupKiosk, '/device/answer', { nfcUid: p.nfcUid, questionId: syrupQ, answer: 'A' })).result).toMatchObject({ scoreGained: 7 });
    expect((await call(dev.syrupKiosk, '/device/answer', { nfcUid: p.nfcUid, questionId: freeQ, answer: 'B' })).result).toMatchObject({ scoreGained: 2 });
    expect((await call(dev.syrupChests, '/device/openChest', { nfcUid: p.nfcUid, chestId: syrupChest })).result).toMatchObject({ scoreGained: 9 });
    expect(await rows(p.userId)).toMatchObject({ answers: 2, chests: 1, score: 26 });
  });

  it('staff calls keep working as before: any place, no sign-in needed, a place-less chest', async () => {
    const p = await f.player();
    const q = await f.question(1, 'A', 4, place.syrup.id);
    expect((await staff('/question/userQuestionRecord/answer', { nfcUid: p.nfcUid, questionId: q, answer: 'A' })).result).toMatchObject({ scoreGained: 4 });
    const chest = await f.chest({ rewardValue: 6 });
    expect((await staff('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: chest })).result).toMatchObject({ scoreGained: 6 });
    expect((await staff('/book/userSignPlace/signIn', { userId: p.userId, reservationId: p.reservationId, placeId: place.syrup.id })).result).toMatchObject({
      scoreGained: 5,
    });
  });

  it("a reservation named in a call must be the player's own (or their party's)", async () => {
    const p1 = await signedIn('windmill');
    const p2 = await signedIn('windmill');
    const q = await f.question(1, 'A', 7, place.windmill.id);
    expect((await call(dev.kiosk, '/device/answer', { nfcUid: p1.nfcUid, questionId: q, answer: 'A' })).result).toMatchObject({ scoreGained: 7 });
    const before = await rows(p1.userId);
    // the outside run: P1 named with P2's reservation scored the question again
    expect(await call(dev.kiosk, '/device/answer', { userId: p1.userId, reservationId: p2.reservationId, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.reservationNotOwn,
    });
    expect(await call(dev.kiosk, '/device/answer', { nfcUid: p1.nfcUid, reservationId: p2.reservationId, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.reservationNotOwn,
    });
    expect(await call(dev.kiosk, '/device/answer', { nfcUid: p1.nfcUid, userId: p2.userId, questionId: q, answer: 'A' })).toMatchObject({
      success: false,
      message: PLAY_MSG.braceletNotPlayer,
    });
    expect(await call(dev.reader, '/device/signIn', { userId: p1.userId, reservationId: p2.reservationId })).toMatchObject({
      success: false,
      message: PLAY_MSG.reservationNotOwn,
    });
    expect(
      await staff('/question/userQuestionRecord/answer', { userId: p1.userId, reservationId: p2.reservationId, questionId: q, answer: 'A' }),
    ).toMatchObject({
      success: false,
      message: PLAY_MSG.reservationNotOwn,
    });
    expect(await rows(p1.userId)).toEqual(before);
    expect(await ctx.db.db.selectFrom('user_question_record').select('id').where('reservation_id', '=', p2.reservationId).execute()).toHaveLength(0);

    // the player's own reservation by name, and a party member's (a crew row in the reservation's ship), still play
    expect((await call(dev.kiosk, '/device/answer', { userId: p2.userId, reservationId: p2.reservationId, questionId: q, answer: 'A' })).result).toMatchObject({
      scoreGained: 7,
    });
    const mate = await f.player();
    const ship = newId();
    await ctx.db.db
      .insertInto('pirate_ship')
      .values({ id: ship, ship_no: `S${ship}`, ship_name: '黄金梅丽号', reservation_id: p2.reservationId, status: 1, create_time: now() })
      .execute();
    await ctx.db.db.insertInto('ship_table').values({ id: newId(), ship_id: ship, user_id: mate.userId, create_time: now() }).execute();
    expect((await staff('/book/userSignPlace/signIn', { userId: mate.userId, reservationId: p2.reservationId, placeId: place.syrup.id })).result).toMatchObject(
      {
        scoreGained: 5,
      },
    );
  });

  it(`a device's chest password: ${CHEST_PASSWORD_LIMIT} wrong guesses per player and chest, then locked until 30 minutes after the last`, async () => {
    const chest = await f.chest({ unlockType: 2, unlockValue: 'onepiece', rewardValue: 8, place: place.windmill.id });
    const guess = (p: { nfcUid: string }, unlockValue: string) => call(dev.chests, '/device/openChest', { nfcUid: p.nfcUid, chestId: chest, unlockValue });
    const a = await signedIn('windmill');
    for (let left = CHEST_PASSWORD_LIMIT - 1; left >= 1; left--)
      expect(await guess(a, `x${left}`)).toMatchObject({ success: false, message: PLAY_MSG.wrongPasswordLeft(left) });
    const fifth = await guess(a, 'x0');
    expect(fifth.success).toBe(false);
    const row = await attempts(a.userId, chest);
    expect(row?.failures).toBe(CHEST_PASSWORD_LIMIT);
    const until = formatDateTime(new Date(Date.parse(`${row!.last_failure_time!.replace(' ', 'T')}+08:00`) + CHEST_LOCK_MS)).slice(11, 16);
    expect(fifth.message).toBe(PLAY_MSG.wrongPasswordLocked(CHEST_PASSWORD_LIMIT, until));
    // locked: the right password too, and nothing opens
    expect(await guess(a, 'onepiece')).toMatchObject({ success: false, message: PLAY_MSG.chestLocked(until) });
    expect(await rows(a.userId)).toMatchObject({ chests: 0, score: 3 });
    // another player at the same chest is not locked; a right guess gives its attempt back
    const b = await signedIn('windmill');
    expect(await guess(b, 'nope')).toMatchObject({ success: false, message: PLAY_MSG.wrongPasswordLeft(CHEST_PASSWORD_LIMIT - 1) });
    expect((await guess(b, ' onepiece ')).result).toMatchObject({ repeated: false, scoreGained: 8 });
    expect((await attempts(b.userId, chest))?.failures).toBe(1);
    // staff (who see the password on 宝箱) can open it for the locked player
    expect((await staff('/chest/treasureChest/open', { nfcUid: a.nfcUid, chestId: chest, unlockValue: 'onepiece' })).result).toMatchObject({ scoreGained: 8 });

    // the lock lifts 30 minutes after the last wrong guess (the clock moved by moving the row's time back)
    const c = await signedIn('windmill');
    for (let i = 0; i < CHEST_PASSWORD_LIMIT; i++) expect((await guess(c, 'x')).success).toBe(false);
    expect((await guess(c, 'onepiece')).message).toMatch(LOCKED);
    await ctx.db.db
      .updateTable('chest_password_attempt')
      .set({ last_failure_time: formatDateTime(new Date(Date.now() - CHEST_LOCK_MS - 60_000)) })
      .where('user_id', '=', c.userId)
      .where('chest_id', '=', chest)
      .execute();
    expect((await guess(c, 'onepiece')).result).toMatchObject({ repeated: false, scoreGained: 8 });
  });

  it(`20 parallel wrong guesses get ${CHEST_PASSWORD_LIMIT} attempts, no more (counted in the database)`, async () => {
    const chest = await f.chest({ unlockType: 2, unlockValue: 'onepiece', rewardValue: 8, place: place.windmill.id });
    const p = await signedIn('windmill');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(dev.chests, '/device/openChest', { nfcUid: p.nfcUid, chestId: chest, unlockValue: `wrong${i}` })),
    );
    expect(answers.every((r) => r.success === false)).toBe(true);
    const messages = answers.map((r) => String(r.message));
    const counted = messages.filter((m) => !LOCKED.test(m));
    expect(counted).toHaveLength(CHEST_PASSWORD_LIMIT);
    expect(counted.filter((m) => m.startsWith('宝箱密码不正确，还可尝试')).sort()).toEqual(
      Array.from({ length: CHEST_PASSWORD_LIMIT - 1 }, (_, i) => PLAY_MSG.wrongPasswordLeft(i + 1)),
    );
    expect(counted.filter((m) => m.startsWith(`宝箱密码连续错误${CHEST_PASSWORD_LIMIT}次`))).toHaveLength(1);
    expect((await attempts(p.userId, chest))?.failures).toBe(CHEST_PASSWORD_LIMIT);
    expect((await call(dev.chests, '/device/openChest', { nfcUid: p.nfcUid, chestId: chest, unlockValue: 'onepiece' })).message).toMatch(LOCKED);
    expect(await rows(p.userId)).toMatchObject({ chests: 0, score: 3 });
  });
});
