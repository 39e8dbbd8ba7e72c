import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { md5 } from '../src/db/seed/menus.js';
import { registeredDuplicateChecks } from '../src/core/dict/duplicateRegistry.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import * as contract from '@pk/contract';
import { camelToSnake } from '../src/core/query/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// Issue 11 point 15: GET /sys/duplicate/check (contract §6.3) through a registry of table/field pairs (security §1.1 B).
const URL = `${TEST_API_PREFIX}/sys/duplicate/check`;
const AVAILABLE = '该值可用！';
const TAKEN = '该值不可用，系统中已存在！';
/** The player the duplicate bracelet is bound to (a fixed id: the pair's taken value). */
const DUP_PLAYER = '1999000000000000009';

describe('duplicate check (contract §6.3)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const ids: Record<string, string> = {};

  const check = (q: Record<string, string>, headers = h) => app.inject({ method: 'GET', url: `${URL}?${new URLSearchParams(q).toString()}`, headers });

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const db = ctx.db.db;
    ids.user = newId();
    await db
      .insertInto('sys_user')
      .values({
        id: ids.user,
        username: 'dup_user',
        realname: '查重',
        password: 'x',
        salt: null,
        sex: 1,
        status: 1,
        del_flag: 0,
        phone: '13900000001',
        email: 'dup@example.com',
        work_no: 'W-DUP-1',
        create_by: 'test',
        create_time: now(),
      })
      .execute();
    ids.role = newId();
    await db.insertInto('sys_role').values({ id: ids.role, role_name: '查重角色', role_code: 'dup_role', create_by: 'test', create_time: now() }).execute();
    ids.position = newId();
    await db
      .insertInto('sys_position')
      .values({ id: ids.position, code: 'dup_pos', name: '查重职务', post_rank: '1', create_by: 'test', create_time: now() })
      .execute();
    ids.dataSource = newId();
    await db
      .insertInto('sys_data_source')
      .values({ id: ids.dataSource, code: 'dup_ds', name: '查重数据源', db_type: '4', create_by: 'test', create_time: now() })
      .execute();
    ids.checkRule = (await db.selectFrom('sys_check_rule').select('id').where('rule_code', '=', 'common').executeTakeFirstOrThrow()).id;
    ids.fillRule = (await db.selectFrom('sys_fill_rule').select('id').where('rule_code', '=', 'shop_order_num').executeTakeFirstOrThrow()).id;
    ids.dict = (await db.selectFrom('sys_dict').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow()).id;
    ids.pirateRank = md5('pirateRank:3'); // 七武海 (seed part game-ranks-v1)
    ids.messageTemplate = (await db.selectFrom('sys_sms_template').select('id').where('template_code', '=', 'sys_ts_note').executeTakeFirstOrThrow()).id;
    // quest screens of the game (issue 13)
    ids.activityTask = newId();
    await db.insertInto('activity_task').values({ id: ids.activityTask, task_code: 'dup_task', task_name: '查重任务', task_type: 5 }).execute();
    ids.honor = newId();
    await db.insertInto('honor').values({ id: ids.honor, honor_code: 'dup_honor', honor_name: '查重荣誉', condition_type: 6 }).execute();
    ids.treasureChest = newId();
    await db.insertInto('treasure_chest').values({ id: ids.treasureChest, chest_no: 'dup_chest', chest_name: '查重宝箱', nfc_code: 'dup_nfc' }).execute();
    ids.goods = newId();
    await db
      .insertInto('goods')
      .values({ id: ids.goods, goods_no: 'G-DUP-1', goods_name: '查重商品', pay_type: 2, score_price: 1, status: 1, del_flag: 0 })
      .execute();
    // 游戏管理 venue (issue 13)
    const audit = { create_by: 'test', create_time: now() };
    ids.bookUser = DUP_PLAYER;
    await db
      .insertInto('book_user')
      .values({ id: ids.bookUser, nickname: '查重玩家', phone: '13900000009', openid: 'dup-openid', del_flag: 0, ...audit })
      .execute();
    ids.pirateShip = newId();
    await db
      .insertInto('pirate_ship')
      .values({ id: ids.pirateShip, ship_no: 'DUP-SHIP', ship_name: '查重船', ...audit })
      .execute();
    ids.greatLine = newId();
    await db
      .insertInto('great_line')
      .values({ id: ids.greatLine, line_code: 'dup_line', line_name: '查重航路', ...audit })
      .execute();
    ids.signPlace = newId();
    await db
      .insertInto('sign_place')
      .values({ id: ids.signPlace, place_no: 'DUP-PLACE', place_name: '查重点', nfc_code: 'DUP-NFC', ...audit })
      .execute();
    ids.bracelet = newId();
    await db
      .insertInto('bracelet')
      .values({ id: ids.bracelet, bracelet_no: 'DUP-BR', nfc_uid: 'DUP-UID', user_id: ids.bookUser, ...audit })
      .execute();
  });
  afterAll(async () => close?.());

  const PAIRS: Array<[string, string, string, keyof typeof ids]> = [
    ['sys_user', 'username', 'dup_user', 'user'],
    ['sys_user', 'phone', '13900000001', 'user'],
    ['sys_user', 'email', 'dup@example.com', 'user'],
    ['sys_user', 'work_no', 'W-DUP-1', 'user'],
    ['sys_role', 'role_code', 'dup_role', 'role'],
    ['sys_position', 'code', 'dup_pos', 'position'],
    ['sys_data_source', 'code', 'dup_ds', 'dataSource'],
    ['sys_check_rule', 'rule_code', 'common', 'checkRule'],
    ['sys_fill_rule', 'rule_code', 'shop_order_num', 'fillRule'],
    ['sys_dict', 'dict_code', 'sex', 'dict'],
    ['sys_sms_template', 'template_code', 'sys_ts_note', 'messageTemplate'],
    ['activity_task', 'task_code', 'dup_task', 'activityTask'],
    ['honor', 'honor_code', 'dup_honor', 'honor'],
    ['treasure_chest', 'chest_no', 'dup_chest', 'treasureChest'],
    ['treasure_chest', 'nfc_code', 'dup_nfc', 'treasureChest'],
    ['pirate_rank', 'rank_level', '3', 'pirateRank'],
    ['goods', 'goods_no', 'G-DUP-1', 'goods'],
    ['book_user', 'phone', '13900000009', 'bookUser'],
    ['book_user', 'openid', 'dup-openid', 'bookUser'],
    ['pirate_ship', 'ship_no', 'DUP-SHIP', 'pirateShip'],
    ['great_line', 'line_code', 'dup_line', 'greatLine'],
    ['sign_place', 'place_no', 'DUP-PLACE', 'signPlace'],
    ['sign_place', 'nfc_code', 'DUP-NFC', 'signPlace'],
    ['bracelet', 'bracelet_no', 'DUP-BR', 'bracelet'],
    ['bracelet', 'nfc_uid', 'DUP-UID', 'bracelet'],
    ['bracelet', 'user_id', DUP_PLAYER, 'bracelet'],
  ];

  it('registers exactly the unique fields of the existing screens', () => {
    expect(registeredDuplicateChecks().sort()).toEqual(PAIRS.map(([t, f]) => `${t}.${f}`).sort());
  });

  it('every unique field of a contract entity with a table is a registered pair (the web form checks it)', () => {
    const entities = (Object.values(contract) as unknown[]).filter((v): v is contract.EntityDef => !!v && typeof v === 'object' && 'fields' in v && 'api' in v);
    const checked = entities.flatMap((e) => (e.table ? e.fields.filter((f) => f.unique).map((f) => `${e.table}.${camelToSnake(f.prop)}`) : []));
    expect(checked.length).toBeGreaterThanOrEqual(6);
    expect(registeredDuplicateChecks()).toEqual(expect.arrayContaining(checked));
  });

  it.each(PAIRS)('%s.%s: a stored value is taken, a new one available, the own row (dataId) is not a duplicate', async (tableName, fieldName, taken, row) => {
    const dup = await check({ tableName, fieldName, fieldVal: taken });
    expect(dup.statusCode).toBe(200);
    expect(dup.json()).toMatchObject({ success: false, message: TAKEN });
    expect((await check({ tableName, fieldName, fieldVal: `${taken}-new` })).json()).toMatchObject({ success: true, code: 200, message: AVAILABLE });
    expect((await check({ tableName, fieldName, fieldVal: taken, dataId: ids[row]! })).json()).toMatchObject({ success: true, message: AVAILABLE });
    // another row's id does not hide the duplicate
    expect((await check({ tableName, fieldName, fieldVal: taken, dataId: newId() })).json()).toMatchObject({ success: false, message: TAKEN });
  });

  it('an empty value is not checked (the contract answer)', async () => {
    const res = await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: '' });
    expect(res.json()).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('refuses unregistered pairs and injection attempts with a Chinese message, before any SQL', async () => {
    const probes: Array<Record<string, string>> = [
      { tableName: 'sys_user', fieldName: 'password', fieldVal: 'x' },
      { tableName: 'sys_user;drop table sys_user', fieldName: 'username', fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: '1 and\tif(1=1,sleep(3),0)', fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: 'username/**/', fieldVal: 'x' },
      { tableName: 'SYS_USER', fieldName: 'username', fieldVal: 'x' },
      { tableName: 'information_schema.tables', fieldName: 'table_name', fieldVal: 'x' },
      { tableName: 'sys_role', fieldName: 'role_code--', fieldVal: 'x' },
      { tableName: 'sys_kv', fieldName: 'k', fieldVal: 'x' },
    ];
    const before = await ctx.db.db
      .selectFrom('sys_user')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const p of probes) {
      const res = await check(p);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
      expect(res.json().message).toMatch(/^该表字段不允许校验：/);
    }
    expect((await check({ fieldName: 'username', fieldVal: 'x' })).json()).toMatchObject({ success: false, message: '参数tableName和fieldName不能为空' });
    const after = await ctx.db.db
      .selectFrom('sys_user')
      .select(({ fn }) => fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // the value is bound, never text of the SQL
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: "x' or '1'='1" })).json()).toMatchObject({
      success: true,
      message: AVAILABLE,
    });
  });

  it('odd values never give a 500: a NUL byte, a very long value, several values', async () => {
    for (const fieldVal of ['a\u0000b', 'x'.repeat(5000), '😀', '%_\\']) {
      const res = await check({ tableName: 'sys_user', fieldName: 'username', fieldVal });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).toMatch(/./);
    }
    const twice = await app.inject({ method: 'GET', url: `${URL}?tableName=sys_role&fieldName=role_code&fieldVal=dup_role&fieldVal=zz`, headers: h });
    expect(twice.json()).toMatchObject({ success: false, message: TAKEN });
  });

  it('a bad dataId is refused as bad input', async () => {
    const res = await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'dup_role', dataId: "1' or '1'='1" });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('needs a signed-in caller who holds the pair’s list permission (no probing of tables the caller cannot list)', async () => {
    expect((await app.inject({ method: 'GET', url: `${URL}?tableName=sys_role&fieldName=role_code&fieldVal=dup_role` })).statusCode).toBe(401);
    const roleId = await createTestRole(ctx, 'dup_position_only', [PERM.position.list]);
    await createTestUser(ctx, { username: 'dup_pos_viewer', password: 'Test#pass123', roleIds: [roleId] });
    const hp = authHeaders(await loginAs(app, 'dup_pos_viewer', 'Test#pass123'));
    expect((await check({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'dup_role' }, hp)).json()).toMatchObject({ success: false, code: 510 });
    expect((await check({ tableName: 'sys_user', fieldName: 'phone', fieldVal: '13900000001' }, hp)).json()).toMatchObject({ success: false, code: 510 });
    expect((await check({ tableName: 'sys_position', fieldName: 'code', fieldVal: 'dup_pos' }, hp)).json()).toMatchObject({ success: false, message: TAKEN });
  });
});

describe('duplicate check: request limit (security R14)', () => {
  it('with the default limits the 121st check within a minute from one address gets 429, shared with checkOnlyUser', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_CHECK: undefined } });
    try {
      const hh = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
      const one = () => t.app.inject({ method: 'GET', url: `${URL}?tableName=sys_role&fieldName=role_code&fieldVal=free_code`, headers: hh });
      expect((await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/user/checkOnlyUser?username=nobody-here`, headers: hh })).statusCode).toBe(200);
      for (let i = 0; i < 119; i++) expect((await one()).json().message).toBe(AVAILABLE);
      const refused = await one();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ success: false, code: 429, message: '请求过于频繁，请稍后再试' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    } finally {
      await t.close();
    }
  });
});
