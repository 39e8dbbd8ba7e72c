import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { uploadRoot } from '../../src/core/files/storage.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';

// issue 13 point 10 and the player page of point 2: 图片素材, 消息 (send/revoke, listByPlayer, read), 政策协议 (current).
const M = `${TEST_API_PREFIX}/content/gameMessage`;
const PO = `${TEST_API_PREFIX}/content/policy`;
const PM = `${TEST_API_PREFIX}/content/pictureMaterial`;

describe(`game content (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let admin: Record<string, string>;
  const db = () => ctx.db.db;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await app.inject({ method, url, headers: admin, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const player = async (shipId: string | null = null) => {
    const id = newId();
    await db()
      .insertInto('book_user')
      .values({ id, nickname: `玩家${id.slice(-4)}`, ship_id: shipId, status: 1, del_flag: 0 })
      .execute();
    return id;
  };
  const ship = async () => {
    const id = newId();
    await db()
      .insertInto('pirate_ship')
      .values({ id, ship_no: `S${id.slice(-8)}`, ship_name: '黄金梅丽号' })
      .execute();
    return id;
  };
  /** Add a message (and send it); returns its id. */
  const message = async (body: Record<string, unknown>, send = true) => {
    const title = String(body.title ?? `消息${newId()}`);
    const add = await call('POST', `${M}/add`, { msgType: 1, targetType: 1, content: '<p>hi</p>', ...body, title });
    expect(add.body, JSON.stringify(add.body)).toMatchObject({ success: true, message: '添加成功！' });
    const row = await db().selectFrom('game_message').select('id').where('title', '=', title).executeTakeFirstOrThrow();
    if (send) expect((await call('POST', `${M}/send`, { id: row.id })).body).toMatchObject({ success: true, message: '消息发送成功' });
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  describe('消息', () => {
    it('a new message is a draft, its body sanitised; send 0→1 once, revoke 1→2 once, refusals change nothing', async () => {
      const id = await message({ content: '<p onclick="x()">正文<script>alert(1)</script></p>', sendStatus: 1, readCount: 9 }, false);
      let row = await db().selectFrom('game_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ send_status: 0, read_count: 0, send_time: null });
      expect(row.content).not.toMatch(/script|onclick/);

      expect((await call('POST', `${M}/revoke`, { id })).body).toMatchObject({ success: false, message: '只有已发送的消息才能撤回' });
      const [a, b] = await Promise.all([call('POST', `${M}/send`, { id }), call('POST', `${M}/send`, { id })]);
      expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
      expect([a.body, b.body].find((x) => !x.success)).toMatchObject({ message: '该消息已发送，不能重复发送' });
      row = await db().selectFrom('game_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.send_status).toBe(1);
      expect(String(row.send_time)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

      expect((await call('PUT', `${M}/edit`, { id, title: '改了' })).body).toMatchObject({ success: false, message: '已发送或已撤回的消息不能修改' });
      expect((await call('POST', `${M}/revoke`, { id })).body).toMatchObject({ success: true, message: '消息撤回成功' });
      expect((await call('POST', `${M}/revoke`, { id })).body).toMatchObject({ success: false, message: '只有已发送的消息才能撤回' });
      expect((await call('POST', `${M}/send`, { id })).body).toMatchObject({ success: false, message: '该消息已撤回，不能发送' });
      expect((await call('POST', `${M}/send`, { id: 'nope' })).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await call('POST', `${M}/send`, {})).status).toBe(400);
      row = await db().selectFrom('game_message').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.send_status).toBe(2);
    });

    it('targets: players and ships need ids, bad ids and types are refused', async () => {
      expect((await call('POST', `${M}/add`, { title: 'x', msgType: 1, targetType: 2 })).body).toMatchObject({ success: false, message: '请选择发送对象' });
      expect((await call('POST', `${M}/add`, { title: 'x', msgType: 1, targetType: 2, targetIds: "1' or 1=1" })).body).toMatchObject({
        success: false,
        message: '发送对象的格式不正确',
      });
      expect((await call('POST', `${M}/add`, { title: 'x', msgType: 1, targetType: 7 })).body).toMatchObject({ success: false, message: '发送对象的值不正确' });
      const id = await message({ targetType: 2, targetIds: ' a1 ,b2,a1,' }, false);
      const row = await db().selectFrom('game_message').select('target_ids').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.target_ids).toBe('a1,b2');
    });

    it('listByPlayer: messages to all, to the player and to the player ship, sent only, newest first, with the read flag', async () => {
      const s1 = await ship();
      const s2 = await ship();
      const p1 = await player(s1);
      const p2 = await player(s2);
      const p3 = await player();
      const all = await message({ title: `全体${newId()}` });
      const toP1 = await message({ targetType: 2, targetIds: `${p2},${p1}` });
      const toS1 = await message({ targetType: 3, targetIds: s1 });
      const toS2 = await message({ targetType: 3, targetIds: `${s2}` });
      await message({ targetType: 2, targetIds: p1 }, false); // a draft is never shown
      const revoked = await message({ targetType: 2, targetIds: p1 });
      await call('POST', `${M}/revoke`, { id: revoked });
      // send times: make the order observable
      const times: Array<[string, string]> = [
        [all, '2026-01-01 10:00:00'],
        [toP1, '2026-01-02 10:00:00'],
        [toS1, '2026-01-03 10:00:00'],
        [toS2, '2026-01-04 10:00:00'],
      ];
      for (const [id, at] of times) await db().updateTable('game_message').set({ send_time: at }).where('id', '=', id).execute();

      const ids = async (userId: string) => {
        const r = await call('GET', `${M}/listByPlayer?userId=${userId}&pageNo=1&pageSize=50`);
        expect(r.body.success, JSON.stringify(r.body)).toBe(true);
        return (r.body.result.records as Array<{ id: string }>).map((x) => x.id).filter((x) => [all, toP1, toS1, toS2, revoked].includes(x));
      };
      expect(await ids(p1)).toEqual([toS1, toP1, all]);
      expect(await ids(p2)).toEqual([toS2, toP1, all]);
      expect(await ids(p3)).toEqual([all]);

      const page1 = await call('GET', `${M}/listByPlayer?userId=${p1}&pageNo=1&pageSize=1`);
      expect(page1.body.result).toMatchObject({ current: 1, size: 1 });
      expect(page1.body.result.total).toBeGreaterThanOrEqual(3);
      expect(page1.body.result.records).toHaveLength(1);

      expect((await call('POST', `${M}/read`, { id: toP1, userId: p1 })).body).toMatchObject({ success: true });
      const r = await call('GET', `${M}/listByPlayer?userId=${p1}&pageSize=50`);
      const rows = r.body.result.records as Array<{ id: string; read: boolean; readTime: string | null }>;
      expect(rows.find((x) => x.id === toP1)).toMatchObject({ read: true });
      expect(rows.find((x) => x.id === toS1)).toMatchObject({ read: false, readTime: null });

      expect((await call('POST', `${M}/read`, { id: toP1, userId: p3 })).body).toMatchObject({ success: false, message: '该玩家不是此消息的发送对象' });
      expect((await call('POST', `${M}/read`, { id: revoked, userId: p1 })).body).toMatchObject({ success: false, message: '该消息未发送' });
      expect((await call('POST', `${M}/read`, { id: 'nope', userId: p1 })).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await call('GET', `${M}/listByPlayer?userId=nobody`)).body).toMatchObject({ success: false, message: '未找到该玩家' });
      expect((await call('GET', `${M}/listByPlayer`)).status).toBe(400);
    });

    it('read is idempotent: parallel reads of one player count once; another player counts again', async () => {
      const p1 = await player();
      const p2 = await player();
      const id = await message({});
      const answers = await Promise.all(Array.from({ length: 8 }, () => call('POST', `${M}/read`, { id, userId: p1 })));
      expect(answers.every((a) => a.body.success)).toBe(true);
      const count = async () => Number((await db().selectFrom('game_message').select('read_count').where('id', '=', id).executeTakeFirstOrThrow()).read_count);
      expect(await count()).toBe(1);
      const marks = await db().selectFrom('game_message_read').selectAll().where('message_id', '=', id).execute();
      expect(marks).toHaveLength(1);
      await call('POST', `${M}/read`, { id, userId: p2 });
      await call('POST', `${M}/read`, { id, userId: p2 });
      expect(await count()).toBe(2);
    });

    it('the CRUD texts of the generated code: edit 编辑成功!, deleteBatch 批量删除成功!', async () => {
      const a = await message({}, false);
      const b = await message({}, false);
      expect((await call('PUT', `${M}/edit`, { id: a, title: '草稿改名' })).body).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await call('DELETE', `${M}/deleteBatch?ids=${a},${b}`)).body).toMatchObject({ success: true, message: '批量删除成功!' });
    });
  });

  describe('政策协议', () => {
    const add = (body: Record<string, unknown>) => call('POST', `${PO}/add`, { title: '协议', content: '<p>条款</p>', status: 1, ...body });
    const idOf = async (type: number, version: string) =>
      (await db().selectFrom('policy').select('id').where('policy_type', '=', type).where('version', '=', version).executeTakeFirstOrThrow()).id;

    it('current: the enabled row with the greatest effective time not after now, ties by version; future and disabled ignored', async () => {
      expect((await call('GET', `${PO}/current?policyType=1`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await add({ policyType: 1, version: '1.0', effectiveTime: '2025-01-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 1, version: '1.9', effectiveTime: '2025-06-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 1, version: '1.10', effectiveTime: '2025-06-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 1, version: '2.0', effectiveTime: '2099-01-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 1, version: '3.0', effectiveTime: '2025-12-01 00:00:00', status: 0 })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 2, version: 'v1', effectiveTime: '2024-01-01 00:00:00' })).body).toMatchObject({ success: true });

      const cur = await call('GET', `${PO}/current?policyType=1`);
      expect(cur.body.result).toMatchObject({ policyType: 1, version: '1.10', status: 1, content: '<p>条款</p>' });
      const all = await call('GET', `${PO}/currentAll`);
      expect((all.body.result as Array<{ policyType: number; version: string }>).map((r) => [r.policyType, r.version])).toEqual([
        [1, '1.10'],
        [2, 'v1'],
      ]);

      // the list shows every version, the one in force tagged
      const list = await call('GET', `${PO}/list?policyType=1&pageSize=50`);
      const rows = list.body.result.records as Array<{ version: string; current: boolean; policyType_dictText: string }>;
      expect(rows.map((r) => r.version).sort()).toEqual(['1.0', '1.10', '1.9', '2.0', '3.0']);
      expect(rows.filter((r) => r.current).map((r) => r.version)).toEqual(['1.10']);
      expect(rows[0].policyType_dictText).toBe('用户协议');

      // disabling the one in force hands over to the next
      const id110 = await idOf(1, '1.10');
      expect((await call('PUT', `${PO}/edit`, { id: id110, status: 0 })).body).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await call('GET', `${PO}/current?policyType=1`)).body.result).toMatchObject({ version: '1.9' });
      expect((await call('GET', `${PO}/current`)).status).toBe(400);
      expect((await call('GET', `${PO}/current?policyType=abc`)).status).toBe(400);
    });

    it('a duplicate (type, version) is refused with a clear message, on add and on edit; another type may reuse it', async () => {
      expect((await add({ policyType: 3, version: '1.0', effectiveTime: '2025-01-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 3, version: '1.0', effectiveTime: '2025-02-01 00:00:00' })).body).toMatchObject({
        success: false,
        message: '该类型下已存在此版本号，请填写新的版本号',
      });
      expect((await add({ policyType: 4, version: '1.0', effectiveTime: '2025-02-01 00:00:00' })).body).toMatchObject({ success: true });
      expect((await add({ policyType: 3, version: '1.1', effectiveTime: '2025-02-01 00:00:00' })).body).toMatchObject({ success: true });
      const id11 = await idOf(3, '1.1');
      expect((await call('PUT', `${PO}/edit`, { id: id11, version: '1.0' })).body).toMatchObject({
        success: false,
        message: '该类型下已存在此版本号，请填写新的版本号',
      });
      expect((await call('PUT', `${PO}/edit`, { id: id11, title: '只改标题' })).body).toMatchObject({ success: true });
      // parallel adds of one version: one row, the other refused
      const race = await Promise.all([
        add({ policyType: 5, version: '9', effectiveTime: '2025-01-01 00:00:00' }),
        add({ policyType: 5, version: '9', effectiveTime: '2025-01-01 00:00:00' }),
      ]);
      expect(race.filter((r) => r.body.success)).toHaveLength(1);
      expect(await db().selectFrom('policy').select('id').where('policy_type', '=', 5).execute()).toHaveLength(1);
    });
  });

  describe('图片素材', () => {
    it('size and dimensions come from the uploaded file; a bad scheme is refused', async () => {
      // a 3×2 PNG header is enough for the probe
      const png = Buffer.alloc(64);
      png.writeUInt32BE(0x89504e47, 0);
      png.writeUInt32BE(0x0d0a1a0a, 4);
      png.writeUInt32BE(13, 8);
      png.write('IHDR', 12, 'latin1');
      png.writeUInt32BE(3, 16);
      png.writeUInt32BE(2, 20);
      const rel = `temp/20260101/${newId()}.png`;
      const full = path.join(uploadRoot(ctx.config), rel);
      await fs.mkdir(path.dirname(full), { recursive: true });
      await fs.writeFile(full, png);
      const add = await call('POST', `${PM}/add`, { materialName: '横幅', materialType: 1, url: rel, fileSize: 1, width: 999 });
      expect(add.body).toMatchObject({ success: true });
      const row = await db().selectFrom('picture_material').selectAll().where('url', '=', rel).executeTakeFirstOrThrow();
      expect([Number(row.file_size), row.width, row.height]).toEqual([64, 3, 2]);
      // an outside address keeps what the form says
      expect(
        (await call('POST', `${PM}/add`, { materialName: '外链', materialType: 9, url: 'https://example.com/a.png', width: 10, height: 20 })).body,
      ).toMatchObject({ success: true });
      const ext = await db().selectFrom('picture_material').selectAll().where('material_name', '=', '外链').executeTakeFirstOrThrow();
      expect([ext.width, ext.height]).toEqual([10, 20]);
      expect((await call('POST', `${PM}/add`, { materialName: 'x', materialType: 1, url: 'javascript:alert(1)' })).body).toMatchObject({
        success: false,
        message: '图片地址不正确',
      });
    });
  });

  describe('预约用户 profile', () => {
    it('answers the card, score, ship and counts; a missing or deleted player is 未找到对应数据', async () => {
      const s = await ship();
      const p = await player(s);
      // the seeded tier 超新星 (seed part game-ranks-v1)
      const rank = (await db().selectFrom('pirate_rank').select('id').where('rank_level', '=', 2).executeTakeFirstOrThrow()).id;
      await db()
        .insertInto('pirate_score')
        .values({ id: newId(), user_id: p, total_score: 300, available_score: 200, used_score: 100, bounty: 300000, rank_id: rank, rank_no: 7 })
        .execute();
      for (let i = 0; i < 3; i++)
        await db()
          .insertInto('user_score_history')
          .values({
            id: newId(),
            user_id: p,
            change_type: 1,
            change_score: 100,
            before_score: i * 100,
            after_score: (i + 1) * 100,
            biz_type: 'test',
            biz_id: null,
          })
          .execute();
      await db().insertInto('user_honor').values({ id: newId(), user_id: p, honor_id: newId() }).execute();
      const r = await call('GET', `${TEST_API_PREFIX}/book/user/profile?id=${p}`);
      expect(r.body, JSON.stringify(r.body)).toMatchObject({
        success: true,
        result: {
          user: { id: p, status: 1, shipId: s },
          ship: { id: s, shipName: '黄金梅丽号' },
          score: { totalScore: 300, availableScore: 200, usedScore: 100, bounty: 300000, rankName: '超新星', rankLevel: 2, rankNo: 7 },
          counts: { scoreHistory: 3, honors: 1, tasks: 0, signIns: 0, orders: 0 },
        },
      });
      const bare = await player();
      expect((await call('GET', `${TEST_API_PREFIX}/book/user/profile?id=${bare}`)).body.result).toMatchObject({
        ship: null,
        score: { totalScore: 0, availableScore: 0, usedScore: 0, bounty: 0, rankName: null },
      });
      await db().updateTable('book_user').set({ del_flag: 1 }).where('id', '=', bare).execute();
      expect((await call('GET', `${TEST_API_PREFIX}/book/user/profile?id=${bare}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await call('GET', `${TEST_API_PREFIX}/book/user/profile?id=nope`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
      expect((await call('GET', `${TEST_API_PREFIX}/book/user/profile`)).status).toBe(400);
    });
  });
});
