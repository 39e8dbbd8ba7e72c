import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { userHonorEntity } from '@pk/contract';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { fastUser } from '../helpers/iamFixtures.js';
import { newId } from '../../src/core/id.js';
import { QUEST_MSG } from '../../src/modules/game/quest/service.js';
import { SCORE_CHANGE } from '../../src/modules/game/rules.js';
import type { Database } from '../../src/db/schema.js';

// issue 13 quest brief point 1: 手动授予 — source 2, insert-ignore on (user_id, honor_id), reward through the ledger
// (change type 9) in the same transaction: repeated and parallel grants give the honor and the score once.
const G = `${TEST_API_PREFIX}/honor/userHonor/grant`;

describe(`user honor: manual grant (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let h: Record<string, string>;
  let db: Kysely<Database>;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db.db;
    h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  const player = async () => {
    const id = newId();
    await db
      .insertInto('book_user')
      .values({ id, nickname: `玩家${id.slice(-6)}`, del_flag: 0 })
      .execute();
    return id;
  };
  const honor = async (reward: number, status = 1) => {
    const id = newId();
    await db
      .insertInto('honor')
      .values({ id, honor_code: `HG${id.slice(-10)}`, honor_name: '特别贡献', condition_type: 6, reward_score: reward, status })
      .execute();
    return id;
  };
  const grant = async (body: object, headers = h) => {
    const res = await t.app.inject({ method: 'POST', url: G, headers, payload: body });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const rowsOf = async (userId: string) => ({
    honors: await db.selectFrom('user_honor').selectAll().where('user_id', '=', userId).execute(),
    history: await db.selectFrom('user_score_history').selectAll().where('user_id', '=', userId).execute(),
    score: await db.selectFrom('pirate_score').selectAll().where('user_id', '=', userId).executeTakeFirst(),
  });

  it('grants once: source 2, the reward through the ledger (type 9); a second grant changes nothing', async () => {
    const u = await player();
    const hid = await honor(30);
    const first = await grant({ userId: u, honorId: hid });
    expect(first.body).toMatchObject({ success: true, message: QUEST_MSG.granted, result: { granted: true } });
    const again = await grant({ userId: u, honorId: hid });
    expect(again.body).toMatchObject({ success: true, message: QUEST_MSG.alreadyGranted, result: { granted: false } });
    const r = await rowsOf(u);
    expect(r.honors).toHaveLength(1);
    expect(r.honors[0]).toMatchObject({ honor_id: hid, source: 2, create_by: 'admin' });
    expect(r.history).toHaveLength(1);
    expect(r.history[0]).toMatchObject({ change_type: SCORE_CHANGE.honorReward, change_score: 30, biz_type: 'user_honor', biz_id: r.honors[0].id });
    expect(r.score).toMatchObject({ total_score: 30, available_score: 30 });
  });

  it('parallel grants of one honor: one row, one score change', async () => {
    const u = await player();
    const hid = await honor(15);
    const answers = await Promise.all(Array.from({ length: 6 }, () => grant({ userId: u, honorId: hid })));
    expect(answers.every((a) => a.body.success)).toBe(true);
    expect(answers.filter((a) => a.body.result?.granted)).toHaveLength(1);
    const r = await rowsOf(u);
    expect(r.honors).toHaveLength(1);
    expect(r.history).toHaveLength(1);
    expect(Number(r.score?.available_score)).toBe(15);
  });

  it('an honor without reward: the row, no score change', async () => {
    const u = await player();
    expect((await grant({ userId: u, honorId: await honor(0) })).body.success).toBe(true);
    const r = await rowsOf(u);
    expect(r.honors).toHaveLength(1);
    expect(r.history).toHaveLength(0);
  });

  it('refused with a message, nothing written: unknown player, unknown or disabled honor, missing ids', async () => {
    const u = await player();
    expect((await grant({ userId: '1999999999999999999', honorId: await honor(5) })).body).toMatchObject({
      success: false,
      message: QUEST_MSG.grantUserMissing,
    });
    expect((await grant({ userId: u, honorId: '1999999999999999999' })).body).toMatchObject({ success: false, message: QUEST_MSG.grantHonorMissing });
    expect((await grant({ userId: u, honorId: await honor(5, 0) })).body).toMatchObject({ success: false, message: QUEST_MSG.grantHonorMissing });
    const missing = await grant({ honorId: await honor(5) });
    expect(missing.body.success).toBe(false);
    expect(missing.status).not.toBe(500);
    expect((await grant({ userId: { $ne: '' }, honorId: 'x' })).body.success).toBe(false);
    const r = await rowsOf(u);
    expect(r.honors).toHaveLength(0);
    expect(r.history).toHaveLength(0);
  });

  it('needs userHonor:grant (the list code alone: 510)', async () => {
    const u = await player();
    const { h: listOnly } = await fastUser(t.ctx, [userHonorEntity.perms.list]);
    expect((await grant({ userId: u, honorId: await honor(5) }, listOnly)).body).toMatchObject({ success: false, code: 510 });
    expect((await rowsOf(u)).honors).toHaveLength(0);
  });

  it('the record screen: list shows the grant with its texts; no add or edit route', async () => {
    const u = await player();
    const hid = await honor(1);
    await grant({ userId: u, honorId: hid });
    const list = await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/honor/userHonor/list?userId=${u}`, headers: h });
    const rec = list.json().result.records[0];
    expect(rec).toMatchObject({ userId: u, honorId: hid, source: 2, source_dictText: '手动授予', honorId_dictText: '特别贡献' });
    expect(rec.userId_dictText).toMatch(/^玩家/);
    const add = await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/honor/userHonor/add`, headers: h, payload: { userId: u, honorId: hid } });
    expect(add.statusCode).toBe(404);
  });
});
