import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { newId } from '../src/core/id.js';
import { now, today } from '../src/core/time.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';
import { connectWs, type Conn } from './helpers/wsClient.js';
import { PlayFixture } from './game/play.fixture.js';
import { DASHOPS_MSG, SIGN_IN_EVENT } from '../src/modules/dashboard/ops/service.js';

const P = TEST_API_PREFIX;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Issue 14 point 4 (dashops): 工作台, 今日待办, 场馆大屏 and the bdc's sign-in stream over the live channel.
describe(`dashboard ops: workplace, task, bdc (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let admin: Record<string, string>;
  let adminToken: string;
  let base: string;
  let f: PlayFixture;

  const get = async (url: string, headers: Record<string, string>) => {
    const res = await app.inject({ method: 'GET', url: `${P}${url}`, headers });
    return { status: res.statusCode, body: res.json() as { success: boolean; code: number; message: string; result: any } };
  };

  async function userWith(perms: string[]): Promise<{ id: string; token: string; h: Record<string, string> }> {
    const username = `dash_${randomBytes(4).toString('hex')}`;
    const roleIds = perms.length ? [await createTestRole(ctx, `r_${username}`, perms)] : [];
    const id = await createTestUser(ctx, { username, password: 'Passw0rd!x', roleIds });
    const token = await loginAs(app, username, 'Passw0rd!x');
    return { id, token, h: authHeaders(token) };
  }
  const socket = async (userId: string, token: string): Promise<Conn> => {
    const c = await connectWs(`${base}${P}/websocket/${userId}`, token);
    c.ws.send('HeartBeat');
    expect(await c.next()).toMatchObject({ cmd: 'heartcheck' });
    return c;
  };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    adminToken = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
    admin = authHeaders(adminToken);
    f = new PlayFixture(ctx);
    base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
    const db = ctx.db.db;
    const t = now();
    // today's queue: 2 confirmed reservations today, one checked in, one confirmed tomorrow-ish (another date)
    const resv = (date: string, status: number, slot: string) => ({
      id: newId(),
      reservation_no: `DASH${randomBytes(3).toString('hex')}`,
      contact_name: '张三',
      contact_phone: '13800000000',
      reserve_date: date,
      time_slot: slot,
      people_count: 2,
      status,
      create_time: t,
    });
    await db
      .insertInto('book_reservation_info')
      .values([resv(today(), 1, '10:00-12:00'), resv(today(), 1, '14:00-16:00'), resv(today(), 2, '10:00-12:00'), resv('2001-01-01', 1, '10:00-12:00')])
      .execute();
    const order = (status: number) => ({
      id: newId(),
      order_no: `DO${randomBytes(3).toString('hex')}`,
      goods_name: '朗姆酒',
      quantity: 1,
      order_status: status,
      pickup_code: randomBytes(4).toString('hex'),
      create_time: t,
    });
    await db
      .insertInto('game_order')
      .values([order(1), order(1), order(1), order(2)])
      .execute();
    const sms = (status: string) => ({
      id: newId(),
      es_title: '测试消息',
      es_type: '1',
      es_receiver: 'x@example.com',
      es_send_status: status,
      es_send_num: 6,
      create_time: t,
    });
    await db
      .insertInto('sys_sms')
      .values([sms('2'), sms('2'), sms('1')])
      .execute();
    const run = (status: string, ago: number) => ({
      id: newId(),
      job_id: 'no-such-job',
      trigger_type: 'cron',
      fire_at: Date.now() - ago,
      fire_time: t,
      status,
      error_msg: '出错了',
    });
    await db
      .insertInto('sys_quartz_job_run')
      .values([run('failed', 3_600_000), run('failed', 25 * 3_600_000), run('success', 60_000)])
      .execute();
    const ship = (status: number, members: number, bounty: number) => ({
      id: newId(),
      ship_no: `S${randomBytes(3).toString('hex')}`,
      ship_name: `船${bounty}`,
      member_count: members,
      max_members: 8,
      total_score: bounty / 1000,
      bounty,
      status,
      create_time: t,
    });
    await db
      .insertInto('pirate_ship')
      .values([ship(1, 3, 5000), ship(1, 4, 9000), ship(2, 5, 1000)])
      .execute();
  });
  afterAll(async () => close?.());

  it('今日待办 answers each queue as a count, the first rows and its screen', async () => {
    const { body } = await get('/dashboard/ops/task?top=1', admin);
    expect(body.success).toBe(true);
    const r = body.result;
    expect(r.reservations).toMatchObject({ total: 2, link: '/game/checkInDesk' });
    expect(r.reservations.records).toHaveLength(1);
    expect(r.reservations.records[0]).toMatchObject({ timeSlot: '10:00-12:00', contactName: '张三', peopleCount: 2 });
    expect(r.reservations.records[0]).not.toHaveProperty('contactPhone');
    expect(r.orders).toMatchObject({ total: 3, link: '/game/gameOrder' });
    expect(r.orders.records[0]).not.toHaveProperty('pickupCode');
    expect(r.failedMessages).toMatchObject({ total: 2, link: '/modules/message/sysMessageList' });
    expect(r.failedMessages.records[0]).not.toHaveProperty('receiver');
    expect(r.failedJobs).toMatchObject({ total: 1, link: '/isystem/QuartzJobList' });
    expect(r.failedJobs.records[0]).toMatchObject({ jobId: 'no-such-job', errorMsg: '出错了' });
  });

  it('场馆大屏: the live board, the ships at sea with crew and score, the last sign-ins and the day’s figures', async () => {
    const place = await f.place({ score: 10 });
    const p = await f.player();
    const res = await app.inject({ method: 'POST', url: `${P}/book/userSignPlace/signIn`, headers: admin, payload: { nfcUid: p.nfcUid, placeId: place.id } });
    expect(res.json()).toMatchObject({ success: true });
    const { body } = await get('/dashboard/ops/bdc?top=5', admin);
    expect(body.success).toBe(true);
    const r = body.result;
    expect(r.figures).toMatchObject({ shipsAtSea: 2, playersAtSea: 7, signInsToday: 1, scoreToday: 10 });
    expect(r.ships.map((s: { bounty: number }) => s.bounty)).toEqual([9000, 5000]);
    expect(r.ships[0]).toMatchObject({ crew: 4, maxMembers: 8, totalScore: 9 });
    expect(r.board[0]).toMatchObject({ rankNo: 1, targetId: p.userId, bounty: 10_000 });
    expect(r.signIns[0]).toMatchObject({ placeName: expect.stringContaining('岛屿'), playerName: expect.stringContaining('玩家'), score: 10 });
  });

  it('工作台: the user’s unread notices, recent operations, counts and only the shortcuts and queue the user may see', async () => {
    // an operation of the admin's (a write: the operation log records it)
    await app.inject({
      method: 'POST',
      url: `${P}/sys/position/add`,
      headers: admin,
      payload: { code: `d${randomBytes(3).toString('hex')}`, name: '看板测试', postRank: '1' },
    });
    const { body } = await get('/dashboard/ops/workplace', admin);
    expect(body.success).toBe(true);
    const r = body.result;
    expect(r.recentOps.length).toBeGreaterThan(0);
    expect(r.counts.opsToday).toBeGreaterThan(0);
    expect(r.counts.loginsToday).toBeGreaterThan(0);
    expect(r.notices).toHaveProperty('anntMsgList');
    expect(r.opsByDay).toHaveLength(7);
    expect(r.opsByDay[6].count).toBe(r.counts.opsToday);
    expect(r.lastLogin).toBeNull(); // one sign-in only: the current one
    expect(r.shortcuts.map((s: { path: string }) => s.path)).toEqual(expect.arrayContaining(['/dashboard/task', '/dashboard/bdc']));
    expect(r.task).toMatchObject({ reservations: 2, orders: 3, failedMessages: 2, failedJobs: 1 });

    const plain = await userWith([]);
    const mine = (await get('/dashboard/ops/workplace', plain.h)).body;
    expect(mine.success).toBe(true);
    expect(mine.result.recentOps).toEqual([]); // never the admin's operations
    expect(mine.result.task).toBeNull();
    expect(mine.result.shortcuts.map((s: { path: string }) => s.path)).toEqual(['/isps/userAnnouncement']);
  });

  it('refuses 今日待办 and 场馆大屏 without their codes, a signed-out caller, and a bad top', async () => {
    const plain = await userWith([]);
    for (const url of ['/dashboard/ops/task', '/dashboard/ops/bdc']) expect((await get(url, plain.h)).body).toMatchObject({ success: false, code: 510 });
    expect((await get('/dashboard/ops/workplace', {})).status).toBe(401);
    const taskOnly = await userWith([PERM.dashboard.task]);
    expect((await get('/dashboard/ops/task', taskOnly.h)).body.success).toBe(true);
    expect((await get('/dashboard/ops/bdc', taskOnly.h)).body).toMatchObject({ success: false, code: 510 });
    for (const top of ['0', '51', 'x', '1.5']) {
      const { status, body } = await get(`/dashboard/ops/bdc?top=${top}`, admin);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, message: DASHOPS_MSG.badTop });
    }
  });

  it('a committed sign-in is pushed to the sockets of users holding dashboard:bdc, and not to others', async () => {
    const viewer = await userWith([PERM.dashboard.bdc]);
    const other = await userWith([PERM.dashboard.task]);
    const vs = await socket(viewer.id, viewer.token);
    const os = await socket(other.id, other.token);
    const place = await f.place({ score: 7 });
    const p = await f.player();
    const call = () => app.inject({ method: 'POST', url: `${P}/book/userSignPlace/signIn`, headers: admin, payload: { nfcUid: p.nfcUid, placeId: place.id } });
    expect((await call()).json()).toMatchObject({ success: true, result: { repeated: false } });
    const msg = (await vs.next()) as Record<string, unknown>;
    expect(msg).toMatchObject({ cmd: SIGN_IN_EVENT, score: 7, playerName: expect.stringContaining('玩家'), placeName: expect.stringContaining('岛屿') });
    expect(Object.keys(msg).sort()).toEqual(['cmd', 'id', 'placeName', 'playerName', 'score', 'shipName', 'signTime']);
    // a repeat (no new sign-in) pushes nothing
    expect((await call()).json()).toMatchObject({ success: true, result: { repeated: true } });
    await sleep(300);
    expect(vs.messages).toEqual([]);
    expect(os.messages).toEqual([]);
    vs.ws.close();
    os.ws.close();
  });
});
