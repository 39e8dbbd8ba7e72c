import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from '../harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from '../helpers/login.js';

// Issue 13, venue: option lists, a ship saved with its crew, a great line's places in order.
describe(`venue (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: string, url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({
      method: method as 'GET',
      url: `${TEST_API_PREFIX}${url}`,
      headers,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const audit = () => ({ create_by: 'test', create_time: now() });
  const player = async (nickname: string, extra: Record<string, unknown> = {}) => {
    const id = newId();
    await ctx.db.db
      .insertInto('book_user')
      .values({ id, nickname, del_flag: 0, status: 1, ...audit(), ...extra })
      .execute();
    return id;
  };
  const shipRow = (id: string) => ctx.db.db.selectFrom('pirate_ship').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const crewIds = async (shipId: string) =>
    (await ctx.db.db.selectFrom('ship_table').select('user_id').where('ship_id', '=', shipId).execute()).map((r) => r.user_id).sort();
  const shipOf = async (userId: string) =>
    (await ctx.db.db.selectFrom('book_user').select('ship_id').where('id', '=', userId).executeTakeFirstOrThrow()).ship_id;
  const shipByName = async (name: string) =>
    (await ctx.db.db.selectFrom('pirate_ship').select('id').where('ship_name', '=', name).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  describe('option lists', () => {
    it('userList: keyword (bound LIKE, % and _ literal), extra columns, deleted players left out', async () => {
      const a = await player('选项_甲', { phone: '13811110001' });
      await player('选项%乙');
      await player('选项丙');
      await player('选项_已删', { del_flag: 1 });
      const r = await call('GET', '/book/user/userList?keyword=选项_');
      expect(r.body).toMatchObject({ success: true, code: 200 });
      expect(r.body.result.map((x: { name: string }) => x.name)).toEqual(['选项_甲']);
      expect(r.body.result[0]).toMatchObject({ id: a, name: '选项_甲', phone: '13811110001', shipId: null });
      expect((await call('GET', `/book/user/userList?keyword=${encodeURIComponent('选项%')}`)).body.result.map((x: { name: string }) => x.name)).toEqual([
        '选项%乙',
      ]);
      expect((await call('GET', '/book/user/userList?keyword=13811110001')).body.result).toHaveLength(1);
      expect((await call('GET', '/book/user/userList?keyword=选项')).body.result).toHaveLength(3);
    });

    it('limit: default 20, capped at 100; a bad limit is a 400', async () => {
      const rows = Array.from({ length: 120 }, (_, i) => ({ id: newId(), bracelet_no: `LIM${String(i).padStart(4, '0')}`, status: i % 2, ...audit() }));
      await ctx.db.db.insertInto('bracelet').values(rows).execute();
      expect((await call('GET', '/bracelet/bracelet/braceletList?keyword=LIM')).body.result).toHaveLength(20);
      expect((await call('GET', '/bracelet/bracelet/braceletList?keyword=LIM&limit=5')).body.result).toHaveLength(5);
      expect((await call('GET', '/bracelet/bracelet/braceletList?keyword=LIM&limit=1000')).body.result).toHaveLength(100);
      const free = (await call('GET', '/bracelet/bracelet/braceletList?keyword=LIM&status=0&limit=100')).body.result;
      expect(free).toHaveLength(60);
      expect(free.every((b: { status: number }) => Number(b.status) === 0)).toBe(true);
      expect(free[0]).toMatchObject({ name: 'LIM0000', nfcUid: null });
      const bad = await call('GET', '/bracelet/bracelet/braceletList?limit=abc');
      expect(bad.status).toBe(400);
      expect(bad.body.success).toBe(false);
      expect((await call('GET', '/bracelet/bracelet/braceletList?status=x')).status).toBe(400);
    });

    it('refused without the list code (510), allowed with it', async () => {
      const role = await createTestRole(ctx, 'venue_none', []);
      await createTestUser(ctx, { username: 'venue_none', password: TEST_ADMIN_PASSWORD, roleIds: [role] });
      const none = authHeaders(await loginAs(app, 'venue_none', TEST_ADMIN_PASSWORD));
      for (const url of [
        '/book/user/userList',
        '/book/pirateShip/shipList',
        '/book/signPlace/placeList',
        '/bracelet/bracelet/braceletList',
        '/book/greatLine/lineList',
      ])
        expect((await call('GET', url, undefined, none)).body.code, url).toBe(510);
      const role2 = await createTestRole(ctx, 'venue_places', ['signPlace:list']);
      await createTestUser(ctx, { username: 'venue_places', password: TEST_ADMIN_PASSWORD, roleIds: [role2] });
      const lister = authHeaders(await loginAs(app, 'venue_places', TEST_ADMIN_PASSWORD));
      expect((await call('GET', '/book/signPlace/placeList', undefined, lister)).body.success).toBe(true);
      expect((await call('GET', '/book/user/userList', undefined, lister)).body.code).toBe(510);
    });
  });

  describe('ship with crew', () => {
    it('add saves ship + crew in one go: ship number from ship_num, member_count, players on the ship', async () => {
      const [p1, p2] = [await player('船员一'), await player('船员二')];
      const r = await call('POST', '/book/pirateShip/add', {
        shipName: '黄金梅丽号',
        maxMembers: 3,
        shipTableList: [
          { userId: p1, memberRole: 1, seatNo: 1 },
          { userId: p2, memberRole: '2', seatNo: '2', joinTime: '2026-01-01 10:00:00' },
        ],
      });
      expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
      const id = await shipByName('黄金梅丽号');
      const ship = await shipRow(id);
      expect(ship.ship_no).toMatch(/^SHIP/);
      expect(ship.member_count).toBe(2);
      expect(await crewIds(id)).toEqual([p1, p2].sort());
      expect(await shipOf(p1)).toBe(id);
      const crew = (await call('GET', `/book/pirateShip/queryShipTableByMainId?id=${id}`)).body.result;
      expect(crew.map((c: { userId: string }) => c.userId)).toEqual([p1, p2]);
      expect(crew[0]).toMatchObject({ memberRole: 1, seatNo: 1, userId_dictText: '船员一' });
      expect(crew[1]).toMatchObject({ joinTime: '2026-01-01 10:00:00' });
      // the list answers the crew's count and the names of the references
      const list = (await call('GET', '/book/pirateShip/list?shipName=黄金梅丽号')).body.result.records;
      expect(list[0]).toMatchObject({ memberCount: 2 });
    });

    it('more than max_members is refused and nothing is saved (add and edit)', async () => {
      const ps = [await player('满员一'), await player('满员二'), await player('满员三')];
      const r = await call('POST', '/book/pirateShip/add', { shipName: '超载号', maxMembers: 2, shipTableList: ps.map((userId) => ({ userId })) });
      expect(r.body).toMatchObject({ success: false, message: '船员人数不能超过最大人数2' });
      expect(await ctx.db.db.selectFrom('pirate_ship').select('id').where('ship_name', '=', '超载号').executeTakeFirst()).toBeUndefined();
      for (const p of ps) expect(await shipOf(p)).toBeNull();

      expect((await call('POST', '/book/pirateShip/add', { shipName: '小船', maxMembers: 2, shipTableList: [{ userId: ps[0] }] })).body.success).toBe(true);
      const id = await shipByName('小船');
      const e = await call('PUT', '/book/pirateShip/edit', { id, shipName: '小船改', shipTableList: ps.map((userId) => ({ userId })) });
      expect(e.body).toMatchObject({ success: false, message: '船员人数不能超过最大人数2' });
      const ship = await shipRow(id);
      expect(ship.ship_name).toBe('小船'); // the ship's own change is rolled back too
      expect(ship.member_count).toBe(1);
      expect(await crewIds(id)).toEqual([ps[0]]);
      // lowering max_members below the crew is refused the same way
      expect((await call('PUT', '/book/pirateShip/edit', { id, shipTableList: ps.slice(0, 2).map((userId) => ({ userId })) })).body.success).toBe(true);
      expect((await call('PUT', '/book/pirateShip/edit', { id, maxMembers: 1 })).body).toMatchObject({ success: false, message: '船员人数不能超过最大人数1' });
      expect((await shipRow(id)).max_members).toBe(2);
    });

    it('one player in one sailing ship: a second ship is refused (atomic), a docked ship frees its crew', async () => {
      const [p, q] = [await player('双船玩家'), await player('另一个')];
      expect((await call('POST', '/book/pirateShip/add', { shipName: '第一艘', status: 1, shipTableList: [{ userId: p }] })).body.success).toBe(true);
      const first = await shipByName('第一艘');
      const r = await call('POST', '/book/pirateShip/add', { shipName: '第二艘', shipTableList: [{ userId: q }, { userId: p }] });
      expect(r.body).toMatchObject({ success: false, message: '「双船玩家」已在其他海盗船上' });
      expect(await shipOf(q)).toBeNull(); // the first member's claim was rolled back with the rest
      expect(await ctx.db.db.selectFrom('pirate_ship').select('id').where('ship_name', '=', '第二艘').executeTakeFirst()).toBeUndefined();
      // the first ship docks: its players are free again
      expect((await call('PUT', '/book/pirateShip/edit', { id: first, status: 2 })).body.success).toBe(true);
      expect(await shipOf(p)).toBeNull();
      expect((await call('POST', '/book/pirateShip/add', { shipName: '第二艘', shipTableList: [{ userId: p }] })).body.success).toBe(true);
      expect(await shipOf(p)).toBe(await shipByName('第二艘'));
    });

    it('edit replaces the crew (removed players freed); an edit without shipTableList keeps it; delete frees everyone', async () => {
      const [a, b, c] = [await player('换员甲'), await player('换员乙'), await player('换员丙')];
      await call('POST', '/book/pirateShip/add', { shipName: '换员号', shipTableList: [{ userId: a }, { userId: b }] });
      const id = await shipByName('换员号');
      expect((await call('POST', '/book/pirateShip/edit', { id, shipTableList: [{ userId: b, seatNo: 5 }, { userId: c }] })).body.success).toBe(true);
      expect(await crewIds(id)).toEqual([b, c].sort());
      expect(await shipOf(a)).toBeNull();
      expect(await shipOf(c)).toBe(id);
      expect((await call('PUT', '/book/pirateShip/edit', { id, slogan: '冲啊' })).body.success).toBe(true);
      expect(await crewIds(id)).toEqual([b, c].sort());
      expect((await shipRow(id)).member_count).toBe(2);
      expect((await call('DELETE', `/book/pirateShip/delete?id=${id}`)).body.success).toBe(true);
      expect(await crewIds(id)).toEqual([]);
      expect(await shipOf(b)).toBeNull();
    });

    it('bad crew input is a 400 with a Chinese message; duplicates and unknown players are refused', async () => {
      const p = await player('坏输入');
      for (const list of ['x', [1], [{ memberRole: 1 }], [{ userId: p, memberRole: 9 }], [{ userId: p, joinTime: 'soon' }], [{ userId: { $ne: 1 } }]]) {
        const r = await call('POST', '/book/pirateShip/add', { shipName: '坏船', shipTableList: list });
        expect(r.status, JSON.stringify(list)).toBe(400);
        expect(r.body.success).toBe(false);
        expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      }
      expect((await call('POST', '/book/pirateShip/add', { shipName: '坏船', shipTableList: [{ userId: p }, { userId: p }] })).body).toMatchObject({
        success: false,
        message: '船员列表中有重复的玩家',
      });
      expect((await call('POST', '/book/pirateShip/add', { shipName: '坏船', shipTableList: [{ userId: '1999999999999999999' }] })).body).toMatchObject({
        success: false,
        message: '船员不存在或已删除',
      });
      expect(await ctx.db.db.selectFrom('pirate_ship').select('id').where('ship_name', '=', '坏船').executeTakeFirst()).toBeUndefined();
    });

    it('parallel saves racing for one player: exactly one ship gets them', async () => {
      const p = await player('抢人');
      const results = await Promise.all(
        ['抢A', '抢B', '抢C'].map((shipName) => call('POST', '/book/pirateShip/add', { shipName, shipTableList: [{ userId: p }] })),
      );
      expect(results.filter((r) => r.body.success)).toHaveLength(1);
      expect(await ctx.db.db.selectFrom('ship_table').select('id').where('user_id', '=', p).execute()).toHaveLength(1);
    });

    it('船员表 screen: a row on its own keeps the count and the player in step; full ships refuse', async () => {
      const [a, b] = [await player('单加甲'), await player('单加乙')];
      await call('POST', '/book/pirateShip/add', { shipName: '单人舟', maxMembers: 1 });
      const id = await shipByName('单人舟');
      expect((await call('POST', '/book/shipTable/add', { shipId: id, userId: a })).body.success).toBe(true);
      expect((await shipRow(id)).member_count).toBe(1);
      expect(await shipOf(a)).toBe(id);
      expect((await call('POST', '/book/shipTable/add', { shipId: id, userId: b })).body).toMatchObject({
        success: false,
        message: '船员人数不能超过最大人数1',
      });
      const row = await ctx.db.db.selectFrom('ship_table').select('id').where('user_id', '=', a).executeTakeFirstOrThrow();
      expect((await call('PUT', '/book/shipTable/edit', { id: row.id, userId: b })).body).toMatchObject({ success: false });
      expect((await call('PUT', '/book/shipTable/edit', { id: row.id, seatNo: 3 })).body.success).toBe(true);
      expect((await call('DELETE', `/book/shipTable/delete?id=${row.id}`)).body.success).toBe(true);
      expect((await shipRow(id)).member_count).toBe(0);
      expect(await shipOf(a)).toBeNull();
    });

    it('shipList offers ships with their counts', async () => {
      const r = (await call('GET', '/book/pirateShip/shipList?keyword=黄金梅丽')).body.result;
      expect(r).toHaveLength(1);
      expect(r[0]).toMatchObject({ name: '黄金梅丽号', memberCount: 2, maxMembers: 3 });
      expect(r[0].shipNo).toMatch(/^SHIP/);
    });
  });

  describe('great line', () => {
    it('sortPlaces sets line_sort in the given order, places left out leave the line; counts follow', async () => {
      expect((await call('POST', '/book/greatLine/add', { lineCode: 'gl1', lineName: '东海', intro: '<p>好<script>alert(1)</script></p>' })).body.success).toBe(
        true,
      );
      const line = await ctx.db.db.selectFrom('great_line').selectAll().where('line_code', '=', 'gl1').executeTakeFirstOrThrow();
      expect(line.intro).toBe('<p>好</p>');
      const ids: string[] = [];
      for (const [i, name] of ['风车村', '罗格镇', '颠倒山'].entries()) {
        expect(
          (await call('POST', '/book/signPlace/add', { placeNo: `P${i}`, placeName: name, signScore: 10 * (i + 1), greatLineId: line.id })).body.success,
        ).toBe(true);
        ids.push((await ctx.db.db.selectFrom('sign_place').select('id').where('place_no', '=', `P${i}`).executeTakeFirstOrThrow()).id);
      }
      const order = async () =>
        (await call('GET', `/book/greatLine/queryPlacesByMainId?id=${line.id}`)).body.result.map((p: { placeName: string }) => p.placeName);
      expect(await order()).toEqual(['风车村', '罗格镇', '颠倒山']);
      const stats = async () => {
        const l = await ctx.db.db.selectFrom('great_line').select(['place_count', 'max_score']).where('id', '=', line.id).executeTakeFirstOrThrow();
        return [Number(l.place_count), Number(l.max_score)];
      };
      expect(await stats()).toEqual([3, 60]);

      const r = await call('POST', '/book/greatLine/sortPlaces', { lineId: line.id, placeIds: [ids[2], ids[0]] });
      expect(r.body).toMatchObject({ success: true, message: '排序成功' });
      expect(await order()).toEqual(['颠倒山', '风车村']);
      const sorts = await ctx.db.db.selectFrom('sign_place').select(['id', 'line_sort', 'great_line_id']).where('id', 'in', ids).execute();
      const by = new Map(sorts.map((s) => [s.id, s]));
      expect(by.get(ids[2])!.line_sort).toBe(1);
      expect(by.get(ids[0])!.line_sort).toBe(2);
      expect(by.get(ids[1])!.great_line_id).toBeNull();
      expect(await stats()).toEqual([2, 40]);

      // a place of another line is refused, nothing changes
      await call('POST', '/book/greatLine/add', { lineCode: 'gl2', lineName: '伟大航路前半' });
      const other = (await ctx.db.db.selectFrom('great_line').select('id').where('line_code', '=', 'gl2').executeTakeFirstOrThrow()).id;
      const refused = await call('POST', '/book/greatLine/sortPlaces', { lineId: other, placeIds: [ids[1], ids[0]] });
      expect(refused.body).toMatchObject({ success: false, message: '签到点「风车村」属于其他航路' });
      expect((await ctx.db.db.selectFrom('sign_place').select('great_line_id').where('id', '=', ids[1]).executeTakeFirstOrThrow()).great_line_id).toBeNull();
      // bad input
      expect((await call('POST', '/book/greatLine/sortPlaces', { lineId: line.id, placeIds: 'x' })).status).toBe(400);
      expect((await call('POST', '/book/greatLine/sortPlaces', { lineId: line.id, placeIds: [ids[0], ids[0]] })).status).toBe(400);
      expect((await call('POST', '/book/greatLine/sortPlaces', { placeIds: [] })).status).toBe(400);
      expect((await call('POST', '/book/greatLine/sortPlaces', { lineId: '1999999999999999999', placeIds: [] })).body).toMatchObject({
        success: false,
        message: '伟大航路不存在',
      });
      // placeList by line, in route order
      const pl = (await call('GET', `/book/signPlace/placeList?greatLineId=${line.id}`)).body.result;
      expect(pl.map((p: { name: string }) => p.name).sort()).toEqual(['风车村', '颠倒山'].sort());
      // a line with places is not deleted
      expect((await call('DELETE', `/book/greatLine/delete?id=${line.id}`)).body).toMatchObject({ success: false });
    });

    it('sortPlaces needs its own button code', async () => {
      const role = await createTestRole(ctx, 'venue_lines', ['greatLine:list']);
      await createTestUser(ctx, { username: 'venue_lines', password: TEST_ADMIN_PASSWORD, roleIds: [role] });
      const lister = authHeaders(await loginAs(app, 'venue_lines', TEST_ADMIN_PASSWORD));
      expect((await call('POST', '/book/greatLine/sortPlaces', { lineId: '1', placeIds: [] }, lister)).body.code).toBe(510);
    });
  });
});
