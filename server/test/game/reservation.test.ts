import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { now, today } from '../../src/core/time.js';
import { jobHandler } from '../../src/core/jobs/handlers.js';
import { RESERVATION_NO_SHOW_JOB } from '../../src/modules/game/reservation/job.js';
import { ReservationService } from '../../src/modules/game/reservation/service.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';

// issue 13 points 3, 4: bookings against slot capacity, the lifecycle, the no-show job, the desk's check-in / check-out.
const R = `${TEST_API_PREFIX}/book/bookReservationInfo`;
const RUN = String(Date.now()).slice(-6);

/** 'yyyy-MM-dd' `days` after today (GMT+8). */
function dayPlus(days: number): string {
  const d = new Date(`${today()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe(`reservations (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let admin: Record<string, string>;
  let seq = 0;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: admin, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const db = () => ctx.db.db;
  const phone = () => `139${String(Number(RUN) % 100000).padStart(5, '0')}${String(++seq).padStart(3, '0')}`;
  const book = (date: string, slot: string, people = 1, extra: Record<string, unknown> = {}) =>
    call('POST', `${R}/add`, { contactName: `预约人${++seq}`, contactPhone: phone(), reserveDate: date, timeSlot: slot, peopleCount: people, ...extra });
  const byName = async (name: string) => db().selectFrom('book_reservation_info').selectAll().where('contact_name', '=', name).executeTakeFirstOrThrow();
  const usage = async (date: string, slot: string) =>
    Number(
      (await db().selectFrom('book_slot_usage').select('booked').where('reserve_date', '=', date).where('time_slot', '=', slot).executeTakeFirst())?.booked ??
        0,
    );
  const res = (id: string) => db().selectFrom('book_reservation_info').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** A reservation row as a booking would leave it, written directly (today's slots may have ended when the test runs). */
  const seedRes = async (status: number, date = today(), slot = '10:00-12:00', people = 4): Promise<string> => {
    const id = newId();
    await db()
      .insertInto('book_reservation_info')
      .values({
        id,
        reservation_no: `T${RUN}${++seq}`,
        contact_name: `客人${seq}`,
        contact_phone: phone(),
        reserve_date: date,
        time_slot: slot,
        people_count: people,
        status,
        create_time: now(),
      })
      .execute();
    return id;
  };
  const bracelet = async (no: string, status = 0): Promise<string> => {
    const id = newId();
    await db().insertInto('bracelet').values({ id, bracelet_no: no, status, create_time: now() }).execute();
    return id;
  };
  const player = async (nickname: string): Promise<string> => {
    const id = newId();
    await db().insertInto('book_user').values({ id, nickname, phone: phone(), status: 1, del_flag: 0, create_time: now() }).execute();
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  it('a booking takes a number from reservation_num, starts pending and takes its places; bad dates and sizes are refused', async () => {
    const date = dayPlus(3);
    const r = await call('POST', `${R}/add`, {
      contactName: '张三',
      contactPhone: '13800000001',
      reserveDate: date,
      timeSlot: '14:00-16:00',
      peopleCount: 3,
      status: 3,
    });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    const row = await byName('张三');
    expect(row.reservation_no).toMatch(/^YY\d{8}\d+$/);
    expect(row.status).toBe(0);
    expect(await usage(date, '14:00-16:00')).toBe(3);
    const list = await call('GET', `${R}/list?reservationNo=${row.reservation_no}`);
    expect(list.body.result.records[0]).toMatchObject({ status: 0, status_dictText: '待确认', timeSlot: '14:00-16:00', reserveDate: date });

    for (const [d, slot, n, msg] of [
      [dayPlus(-1), '14:00-16:00', 1, '不能预约今天之前的日期'],
      [date, '14:00-16:00', 0, '预约人数应为1到20人'],
      [date, '14:00-16:00', 21, '预约人数应为1到20人'],
    ] as const) {
      const bad = await book(d, slot, n);
      expect(bad.body, JSON.stringify(bad.body)).toMatchObject({ success: false, message: msg });
    }
    expect(await usage(date, '14:00-16:00')).toBe(3);
  });

  it('capacity: 50 parallel bookings for 10 places → exactly 10 succeed, the others are told the slot is full', async () => {
    const date = dayPlus(5);
    const set = await call('POST', `${R}/capacitySave`, { timeSlot: '10:00-12:00', reserveDate: date, capacity: 10 });
    expect(set.body).toMatchObject({ success: true });
    const results = await Promise.all(Array.from({ length: 50 }, () => book(date, '10:00-12:00', 1)));
    const okCount = results.filter((r) => r.body.success).length;
    expect(okCount).toBe(10);
    for (const r of results.filter((x) => !x.body.success)) expect(r.body.message).toBe('该时段预约已满');
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await usage(date, '10:00-12:00')).toBe(10);
    const n = await db()
      .selectFrom('book_reservation_info')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reserve_date', '=', date)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(10);
    // the slot usage shows it; a slot's default capacity applies to other dates
    const u = await call('GET', `${R}/slotUsage?reserveDate=${date}`);
    expect(u.body.result).toContainEqual({ timeSlot: '10:00-12:00', capacity: 10, booked: 10 });
    await call('POST', `${R}/capacitySave`, { timeSlot: '19:00-21:00', capacity: 2 });
    const two = await book(dayPlus(6), '19:00-21:00', 2);
    expect(two.body).toMatchObject({ success: true });
    expect((await book(dayPlus(6), '19:00-21:00', 1)).body).toMatchObject({ success: false, message: '该时段预约已满' });
    const list = await call('GET', `${R}/capacityList`);
    expect(list.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ timeSlot: '19:00-21:00', reserveDate: null, capacity: 2 })]));
  });

  it('a booking larger than the places left is refused with how many are left', async () => {
    const date = dayPlus(7);
    await call('POST', `${R}/capacitySave`, { timeSlot: '14:00-16:00', reserveDate: date, capacity: 5 });
    expect((await book(date, '14:00-16:00', 4)).body).toMatchObject({ success: true });
    expect((await book(date, '14:00-16:00', 2)).body).toMatchObject({ success: false, message: '该时段预约已满，剩余1个名额' });
    expect(await usage(date, '14:00-16:00')).toBe(4);
  });

  it('lifecycle: confirm 0→1, cancel gives the places back, invalid transitions are refused and change nothing', async () => {
    const date = dayPlus(4);
    await book(date, '19:00-21:00', 2, { contactName: '李四' });
    const { id } = await byName('李四');
    expect(await usage(date, '19:00-21:00')).toBe(2);
    expect((await call('POST', `${R}/checkOut`, { id })).body).toMatchObject({ success: false, message: '当前状态（待确认）不能离场' });
    expect((await call('POST', `${R}/confirm`, { id })).body).toMatchObject({ success: true, message: '确认成功' });
    expect((await res(id)).status).toBe(1);
    expect((await call('POST', `${R}/confirm`, { id })).body).toMatchObject({ success: false, message: '当前状态（已确认）不能确认' });
    expect((await call('POST', `${R}/cancel`, { id, reason: '临时有事' })).body).toMatchObject({ success: true, message: '取消成功' });
    const row = await res(id);
    expect(row).toMatchObject({ status: 4, cancel_reason: '临时有事' });
    expect(row.cancel_time).toBeTruthy();
    expect(await usage(date, '19:00-21:00')).toBe(0);
    expect((await call('POST', `${R}/cancel`, { id })).body).toMatchObject({ success: false, message: '当前状态（已取消）不能取消' });
    expect(await usage(date, '19:00-21:00')).toBe(0);
    expect((await call('POST', `${R}/confirm`, { id: '1999999999999999999' })).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('POST', `${R}/confirm`, {})).status).toBe(400);
  });

  it('an edit that moves date, slot or size moves the places; delete of a pending one gives them back', async () => {
    const d1 = dayPlus(8);
    const d2 = dayPlus(9);
    await book(d1, '10:00-12:00', 3, { contactName: '王五' });
    const { id } = await byName('王五');
    const e = await call('PUT', `${R}/edit`, { id, reserveDate: d2, timeSlot: '14:00-16:00', peopleCount: 5 });
    expect(e.body).toMatchObject({ success: true });
    expect([await usage(d1, '10:00-12:00'), await usage(d2, '14:00-16:00')]).toEqual([0, 5]);
    await call('PUT', `${R}/edit`, { id, contactName: '王五' });
    expect(await usage(d2, '14:00-16:00')).toBe(5);
    expect((await call('DELETE', `${R}/delete?id=${id}`)).body).toMatchObject({ success: true });
    expect(await usage(d2, '14:00-16:00')).toBe(0);
  });

  it('check-in: two players (one new) with two bracelets form a ship; check-out returns the bracelets and docks the ship', async () => {
    const id = await seedRes(1);
    const old = await player(`老玩家${RUN}`);
    await bracelet(`A${RUN}1`);
    await bracelet(`A${RUN}2`);
    const newPhone = phone();
    const r = await call('POST', `${R}/checkIn`, {
      id,
      players: [
        { userId: old, braceletNo: `A${RUN}1` },
        { nickname: '新玩家', phone: newPhone, braceletNo: `A${RUN}2` },
      ],
      shipMode: 'new',
      shipName: '黑珍珠号',
    });
    expect(r.body, JSON.stringify(r.body)).toMatchObject({ success: true, message: '签到成功' });
    const { shipId, userIds, shipNo } = r.body.result;
    expect(shipNo).toMatch(/^SH/);
    expect(userIds[0]).toBe(old);
    const ship = await db().selectFrom('pirate_ship').selectAll().where('id', '=', shipId).executeTakeFirstOrThrow();
    expect(ship).toMatchObject({ ship_name: '黑珍珠号', status: 1, member_count: 2, captain_user_id: old, reservation_id: id });
    expect(ship.voyage_start).toBeTruthy();
    const crew = await db().selectFrom('ship_table').selectAll().where('ship_id', '=', shipId).orderBy('member_role').execute();
    expect(crew.map((c) => [c.user_id, c.member_role, c.status])).toEqual([
      [old, 1, 1],
      [userIds[1], 2, 1],
    ]);
    const bs = await db()
      .selectFrom('bracelet')
      .selectAll()
      .where('bracelet_no', 'in', [`A${RUN}1`, `A${RUN}2`])
      .orderBy('bracelet_no')
      .execute();
    expect(bs.map((b) => [b.status, b.user_id, b.reservation_id])).toEqual([
      [1, old, id],
      [1, userIds[1], id],
    ]);
    const users = await db().selectFrom('book_user').selectAll().where('id', 'in', userIds).execute();
    for (const u of users) expect(u.ship_id).toBe(shipId);
    expect(users.find((u) => u.id === userIds[1])).toMatchObject({ nickname: '新玩家', phone: newPhone });
    expect(await res(id)).toMatchObject({ status: 2, ship_id: shipId });
    expect((await call('POST', `${R}/checkIn`, { id, players: [{ userId: old, braceletNo: 'x' }], shipMode: 'new', shipName: 'x' })).body).toMatchObject({
      success: false,
      message: '当前状态（已签到）不能签到',
    });
    // the desk finds it; the ship has free places to join
    expect((await call('GET', `${R}/deskSearch?keyword=${encodeURIComponent('客人')}`)).body.result.map((x: { id: string }) => x.id)).toContain(id);
    expect((await call('GET', `${R}/deskShips`)).body.result.map((x: { id: string }) => x.id)).toContain(shipId);

    const out = await call('POST', `${R}/checkOut`, { id });
    expect(out.body).toMatchObject({ success: true, message: '离场成功' });
    const after = await db()
      .selectFrom('bracelet')
      .selectAll()
      .where('bracelet_no', 'in', [`A${RUN}1`, `A${RUN}2`])
      .execute();
    for (const b of after) {
      expect(b).toMatchObject({ status: 2, user_id: null });
      expect(b.unbind_time).toBeTruthy();
    }
    for (const u of await db().selectFrom('book_user').selectAll().where('id', 'in', userIds).execute()) expect(u.bracelet_id).toBeNull();
    for (const c of await db().selectFrom('ship_table').selectAll().where('ship_id', '=', shipId).execute()) expect(c.leave_time).toBeTruthy();
    const docked = await db().selectFrom('pirate_ship').selectAll().where('id', '=', shipId).executeTakeFirstOrThrow();
    expect(docked).toMatchObject({ status: 2, member_count: 0 });
    expect(docked.voyage_end).toBeTruthy();
    expect((await res(id)).status).toBe(3);
    expect((await call('POST', `${R}/checkOut`, { id })).body).toMatchObject({ success: false, message: '当前状态（已完成）不能离场' });
  });

  it('check-in refusals change nothing: a bracelet in use, an unknown one, a full ship, another day, too many players', async () => {
    const busyNo = `B${RUN}1`;
    const freeNo = `B${RUN}2`;
    await bracelet(busyNo, 1);
    await bracelet(freeNo);
    const id = await seedRes(1, today(), '10:00-12:00', 2);
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ players: [{ nickname: 'a', phone: phone(), braceletNo: busyNo }], shipMode: 'new', shipName: '船' }, `手环${busyNo}已被占用`],
      [{ players: [{ nickname: 'a', phone: phone(), braceletNo: `NONE${RUN}` }], shipMode: 'new', shipName: '船' }, `手环NONE${RUN}不存在`],
      [{ players: [{ nickname: 'a', phone: phone(), braceletNo: freeNo }], shipMode: 'new', shipName: '' }, '请填写船名'],
      [{ players: [{ nickname: 'a', phone: '123', braceletNo: freeNo }], shipMode: 'new', shipName: '船' }, '手机号123格式不正确'],
      [
        {
          players: [
            { nickname: 'a', phone: phone(), braceletNo: freeNo },
            { nickname: 'b', phone: phone(), braceletNo: freeNo },
          ],
          shipMode: 'new',
          shipName: '船',
        },
        '同一手环不能绑定两名玩家',
      ],
      [
        {
          players: [
            { nickname: 'a', phone: phone(), braceletNo: `${freeNo}x` },
            { nickname: 'b', phone: phone(), braceletNo: `${freeNo}y` },
            { nickname: 'c', phone: phone(), braceletNo: freeNo },
          ],
          shipMode: 'new',
          shipName: '船',
        },
        '签到人数不能超过预约人数（2人）',
      ],
    ];
    for (const [body, msg] of refusals) {
      const r = await call('POST', `${R}/checkIn`, { id, ...body });
      expect(r.body, msg).toMatchObject({ success: false, message: msg });
    }
    expect((await res(id)).status).toBe(1);
    expect((await db().selectFrom('bracelet').selectAll().where('bracelet_no', '=', freeNo).executeTakeFirstOrThrow()).status).toBe(0);
    expect(await db().selectFrom('pirate_ship').select('id').where('reservation_id', '=', id).execute()).toEqual([]);

    // joining: a sailing ship with one free place takes one player, not two
    const shipId = newId();
    await db()
      .insertInto('pirate_ship')
      .values({ id: shipId, ship_no: `S${RUN}`, ship_name: '小船', max_members: 3, member_count: 2, status: 1, create_time: now() })
      .execute();
    const two = await call('POST', `${R}/checkIn`, {
      id,
      players: [
        { nickname: 'a', phone: phone(), braceletNo: freeNo },
        { nickname: 'b', phone: phone(), braceletNo: `B${RUN}3` },
      ],
      shipMode: 'join',
      shipId,
    });
    expect(two.body).toMatchObject({ success: false, message: '该船已满员或不在航行中' });
    const one = await call('POST', `${R}/checkIn`, { id, players: [{ nickname: '加入者', phone: phone(), braceletNo: freeNo }], shipMode: 'join', shipId });
    expect(one.body).toMatchObject({ success: true });
    expect(await db().selectFrom('pirate_ship').select('member_count').where('id', '=', shipId).executeTakeFirstOrThrow()).toEqual({ member_count: 3 });

    const tomorrow = await seedRes(1, dayPlus(1));
    expect(
      (
        await call('POST', `${R}/checkIn`, {
          id: tomorrow,
          players: [{ nickname: 'a', phone: phone(), braceletNo: `B${RUN}4` }],
          shipMode: 'new',
          shipName: 'x',
        })
      ).body,
    ).toMatchObject({
      success: false,
      message: '只能为今天的预约签到',
    });
  });

  it('bracelet race: parallel check-ins fighting for one bracelet → one wins, the other is refused and rolled back', async () => {
    const no = `C${RUN}1`;
    await bracelet(no);
    const a = await seedRes(1);
    const b = await seedRes(1);
    const body = (id: string) => ({
      id,
      players: [{ nickname: `抢${id.slice(-4)}`, phone: phone(), braceletNo: no }],
      shipMode: 'new',
      shipName: `船${id.slice(-4)}`,
    });
    const results = await Promise.all([call('POST', `${R}/checkIn`, body(a)), call('POST', `${R}/checkIn`, body(b))]);
    expect(results.filter((r) => r.body.success).length).toBe(1);
    expect(results.find((r) => !r.body.success)?.body.message).toBe(`手环${no}已被占用`);
    const statuses = [(await res(a)).status, (await res(b)).status].sort();
    expect(statuses).toEqual([1, 2]);
    expect(await db().selectFrom('pirate_ship').select('id').where('reservation_id', 'in', [a, b]).execute()).toHaveLength(1);
  });

  it('no-show job: confirmed reservations whose slot has ended become 5 and release their places; others stay', async () => {
    const past = dayPlus(-1);
    const ended = await seedRes(1, past, '10:00-12:00', 3);
    const pending = await seedRes(0, past, '10:00-12:00', 2);
    const future = await seedRes(1, dayPlus(2), '10:00-12:00', 1);
    await db().insertInto('book_slot_usage').values({ id: newId(), reserve_date: past, time_slot: '10:00-12:00', booked: 5, update_time: now() }).execute();
    const handler = jobHandler(RESERVATION_NO_SHOW_JOB);
    expect(handler).toBeDefined();
    await handler!({ app, parameter: null, jobId: 'x', signal: new AbortController().signal });
    expect([(await res(ended)).status, (await res(pending)).status, (await res(future)).status]).toEqual([5, 0, 1]);
    expect(await usage(past, '10:00-12:00')).toBe(2);
    // the slot end decides, on the reservation's own day
    const svc = new ReservationService(ctx.db, app.log);
    const day = dayPlus(10);
    const morning = await seedRes(1, day, '10:00-12:00', 1);
    const evening = await seedRes(1, day, '19:00-21:00', 1);
    expect(await svc.markNoShows(`${day} 12:00:00`)).toBeGreaterThanOrEqual(1);
    expect([(await res(morning)).status, (await res(evening)).status]).toEqual([5, 1]);
    // the seeded job row runs every 15 minutes
    const job = await db().selectFrom('sys_quartz_job').selectAll().where('job_class_name', '=', RESERVATION_NO_SHOW_JOB).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 0, cron_expression: '0 0/15 * * * ?' });
  });
});
