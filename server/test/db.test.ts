import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret, writeInitialAdminPassword } from '../src/bootstrap.js';
import { verifyPassword } from '../src/core/auth/password.js';
import { migrate } from '../src/db/migrate.js';
import type { Database } from '../src/db/schema.js';
import { ADMIN_ROLE_ID, ADMIN_USER_ID, MENU_IDS, SEED_PARTS, seed } from '../src/db/seed/index.js';
import { ALL_PERM_CODES, PERM } from '../src/db/seed/permissionCodes.js';
import { createTestContext, TEST_ADMIN_PASSWORD, type TestContext } from './harness.js';
import { GAME_DICTS as GAME_DICTS_44 } from '../src/db/seed/gameDicts.js';
import { GAME_PLAY_DICTS } from '../src/db/seed/gamePlay.js';

/** The game's dictionaries (issue 13): jeecg-schema §4.4 and the device types. */
const GAME_DICTS = [...GAME_DICTS_44, ...GAME_PLAY_DICTS];

const TABLES: Array<keyof Database> = [
  'sys_user',
  'sys_role',
  'sys_user_role',
  'sys_permission',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_user_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_user',
  'sys_depart_role_permission',
  'sys_role_permission',
  'sys_dict',
  'sys_dict_item',
  'sys_announcement',
  'sys_announcement_send',
  'sys_quartz_job',
  'sys_log',
  'sys_sms',
  'sys_sms_template',
  'sys_position',
  'sys_tenant',
  'sys_category',
  'sys_check_rule',
  'sys_fill_rule',
  'sys_data_source',
  'sys_gateway_route',
  'sys_data_log',
  'sys_third_account',
  'sys_user_agent',
  'oss_file',
  'onl_cgreport_head',
  'onl_cgreport_item',
  'onl_cgreport_param',
  'sys_kv',
  'sys_seed',
  'sys_secret',
];

// jeecg-schema.md §2.5: dict_code -> number of items (41 dictionaries, 133 items).
const DICT_ITEM_COUNTS: Record<string, number> = {
  activiti_sync: 2,
  bpm_process_type: 3,
  bpm_status: 4,
  ceshi_online: 3,
  cgform_table_type: 3,
  database_type: 15,
  del_flag: 2,
  depart_status: 2,
  dict_item_status: 2,
  eoa_cms_menu_type: 2,
  eoa_plan_status: 3,
  eoa_plan_type: 3,
  form_perms_type: 2,
  global_perms_type: 2,
  is_open: 2,
  log_type: 2,
  menu_type: 3,
  msgSendStatus: 3,
  msgType: 4,
  msg_category: 2,
  msg_type: 2,
  ol_form_biz_type: 4,
  online_graph_data_type: 3,
  online_graph_display_template: 4,
  online_graph_type: 4,
  operate_type: 6,
  org_category: 3,
  perms_type: 2,
  position_rank: 5,
  priority: 3,
  quartz_status: 2,
  rule_conditions: 11,
  send_status: 3,
  sex: 2,
  status: 2,
  tenant_status: 2,
  urgent_level: 3,
  user_status: 2,
  user_type: 2,
  valid_status: 2,
  yn: 2,
};

async function counts(t: TestContext): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.ctx.db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe(`database layer (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ redis: false });
  });
  afterAll(async () => t?.close());

  it('migrations create every table and re-running them is a no-op', async () => {
    const c = await counts(t);
    expect(Object.keys(c)).toHaveLength(TABLES.length);
    await migrate(t.ctx.db);
    const rows = await t.ctx.db.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(1);
  });

  it('seed is applied once: a second run adds nothing', async () => {
    const before = await counts(t);
    expect(before.sys_user).toBe(1);
    expect(before.sys_role).toBe(1);
    expect(before.sys_depart).toBe(3);
    // §2.5's 41 dictionaries (133 items) and the game's of jeecg-schema §4.4 (issue 13)
    expect(before.sys_dict).toBe(41 + GAME_DICTS.length);
    expect(before.sys_dict_item).toBe(133 + GAME_DICTS.reduce((n, d) => n + d.items.length, 0));
    expect(before.sys_seed).toBe(SEED_PARTS.length);
    const r = await seed(t.ctx.db, { adminPassword: 'another-password' });
    expect(r.generatedAdminPassword).toBeNull();
    expect(await counts(t)).toEqual(before);
  });

  it('each seed part is idempotent by stable ids (re-applied after its marker is gone)', async () => {
    const before = await counts(t);
    await t.ctx.db.db.deleteFrom('sys_seed').execute();
    await seed(t.ctx.db, { adminPassword: null });
    expect(await counts(t)).toEqual(before);
  });

  it('rows an administrator deleted stay deleted on the next start', async () => {
    await t.ctx.db.db.deleteFrom('sys_position').where('code', '=', 'devleader').execute();
    await seed(t.ctx.db, { adminPassword: null });
    expect(await t.ctx.db.db.selectFrom('sys_position').selectAll().execute()).toHaveLength(0);
  });

  it('admin account: argon2id password, role admin, department A01', async () => {
    const u = await t.ctx.db.db.selectFrom('sys_user').selectAll().where('username', '=', 'admin').executeTakeFirstOrThrow();
    expect(u).toMatchObject({
      id: ADMIN_USER_ID,
      realname: '管理员',
      status: 1,
      del_flag: 0,
      org_code: 'A01',
      sex: 1,
      user_identity: 2,
      salt: null,
    });
    expect(u.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(u.password, TEST_ADMIN_PASSWORD)).toBe(true);
    expect(await verifyPassword(u.password, 'another-password')).toBe(false);
    const roles = await t.ctx.db.db
      .selectFrom('sys_user_role')
      .innerJoin('sys_role', 'sys_role.id', 'sys_user_role.role_id')
      .select(['sys_role.role_code', 'sys_role.role_name'])
      .where('sys_user_role.user_id', '=', ADMIN_USER_ID)
      .execute();
    expect(roles).toEqual([{ role_code: 'admin', role_name: '管理员' }]);
    const departs = await t.ctx.db.db
      .selectFrom('sys_user_depart')
      .innerJoin('sys_depart', 'sys_depart.id', 'sys_user_depart.dep_id')
      .select(['sys_depart.org_code', 'sys_depart.depart_name'])
      .where('sys_user_depart.user_id', '=', ADMIN_USER_ID)
      .execute();
    expect(departs).toEqual([{ org_code: 'A01', depart_name: '海盗王乐园' }]);
    const all = await t.ctx.db.db.selectFrom('sys_depart').selectAll().orderBy('org_code').execute();
    expect(all.map((d) => [d.org_code, d.depart_name, d.org_category, d.org_type, d.status, d.del_flag])).toEqual([
      ['A01', '海盗王乐园', '1', '1', '1', '0'],
      ['A01A01', '运营部', '1', '2', '1', '0'],
      ['A01A02', '技术部', '1', '2', '1', '0'],
    ]);
    expect(all[0].parent_id).toBe('');
    expect(all[1].parent_id).toBe(all[0].id);
    const tenant = await t.ctx.db.db.selectFrom('sys_tenant').selectAll().executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ id: 1, name: '默认租户', status: 1 });
  });

  it('menu tree: no orphans, is_leaf consistent, everything granted to admin', async () => {
    const rows = await t.ctx.db.db.selectFrom('sys_permission').selectAll().execute();
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) {
      if (r.parent_id) expect(ids.has(r.parent_id), `orphan ${r.name}`).toBe(true);
      else expect(r.menu_type).toBe(0);
      const hasChildren = rows.some((c) => c.parent_id === r.id);
      expect(r.is_leaf, `is_leaf of ${r.name}`).toBe(hasChildren ? 0 : 1);
      expect(r.del_flag).toBe(0);
      expect(r.id).toMatch(/^[0-9a-f]{32}$/);
      if (r.menu_type === 2) {
        expect(r.status).toBe('1');
        expect(['1', '2']).toContain(r.perms_type);
        expect(r.perms).toBeTruthy();
      }
    }
    const granted = await t.ctx.db.db.selectFrom('sys_role_permission').select('permission_id').where('role_id', '=', ADMIN_ROLE_ID).execute();
    expect(new Set(granted.map((g) => g.permission_id))).toEqual(ids);
    expect(granted).toHaveLength(ids.size);

    const byName = (n: string) => rows.filter((r) => r.name === n);
    const tops = rows
      .filter((r) => !r.parent_id)
      .map((r) => [r.sort_no, r.name])
      .sort((a, b) => String(a).localeCompare(String(b)));
    expect(tops).toEqual([
      [0, '首页'],
      [1, '数据看板'],
      [2, '在线开发'],
      [3, '游戏管理'],
      [4, '系统管理'],
      [6, '消息中心'],
      [6, '系统监控'],
      [8, '组件示例'],
      [9, '个人页'],
    ]);
    expect(byName('首页')[0]).toMatchObject({ id: MENU_IDS.home, url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', sort_no: 0 });
    expect(byName('游戏管理')[0]).toMatchObject({
      id: MENU_IDS.game,
      url: '/game',
      component: 'layouts/RouteView',
      icon: 'trophy',
      sort_no: 3,
      menu_type: 0,
      is_leaf: 0, // the game screens hang under it
    });
    expect(byName('个人页')[0]).toMatchObject({ id: MENU_IDS.account, hidden: 1 });
    expect(byName('租户管理')[0].sort_no).toBeCloseTo(1.31);
    expect(byName('在线开发')[0]).toMatchObject({ id: MENU_IDS.online, url: '/online', component: 'layouts/RouteView', icon: 'cloud' });
    expect(byName('职务管理')[0]).toMatchObject({ perms: 'position:list', component: 'system/SysPositionList', url: '/isystem/position' });
    for (const gone of ['菜单管理2', 'SQL监控', '统计报表', '常见案例', '异常页', '结果页', '详情页', '列表页', '表单页', '加班申请']) {
      expect(byName(gone), gone).toHaveLength(0);
    }
    expect(byName('在线文档')[0]).toMatchObject({ url: "{{ window._CONFIG['domianURL'] }}/docs", component: 'layouts/IframePageView' });
    expect(byName('基本设置')[0]).toMatchObject({ component_name: 'account-settings-base', hidden: 1, perms: 'BaseSettings' });
    expect(byName('个人设置')[0]).toMatchObject({ always_show: 1, is_leaf: 0 });
    expect(byName('性能监控')[0]).toMatchObject({ menu_type: 1, is_leaf: 0 });
    const children = (n: string) => rows.filter((r) => r.parent_id === byName(n)[0].id);
    expect(children('系统管理')).toHaveLength(11);
    expect(children('消息中心')).toHaveLength(3);
    expect(
      children('系统监控')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['定时任务', '性能监控', '数据日志', '日志管理', '在线文档', '在线用户', '路由网关'].sort());
    expect(children('性能监控')).toHaveLength(7); // issue 14 (redis): + Redis终端 (seed part redis-monitor-v1)
    expect(
      children('个人页')
        .map((r) => r.name)
        .sort(),
    ).toEqual(['个人中心', '个人设置', '工作台'].sort());
    expect(children('个人设置')).toHaveLength(5);
    const userButtons = children('用户管理').map((r) => [r.name, r.perms, r.perms_type, r.is_route]);
    // the JeecgBoot seed's five rows are kept exactly
    expect(userButtons).toEqual(
      expect.arrayContaining([
        ['手机号禁用', 'user:form:phone', '2', 0],
        ['添加按钮', 'user:add', '1', 1],
        ['用户编辑', 'user:edit', '1', 1],
        ['禁用生日字段', 'user:form:birthday', '2', 1],
        ['表单性别可见', 'user:sex', '1', 1],
      ]),
    );
    // every user permission code has exactly one row, menu or button
    const userCodes = [byName('用户管理')[0].perms, ...children('用户管理').map((r) => r.perms)].sort();
    expect(userCodes).toEqual(
      Object.values(PERM.user)
        .filter((c) => c !== PERM.user.addressList)
        .sort(),
    );
    expect(byName('通讯录')[0].perms).toBe(PERM.user.addressList);
    for (const [menu, codes] of [
      ['角色管理', PERM.role],
      ['菜单管理', PERM.permission],
      ['租户管理', PERM.tenant],
    ] as const) {
      expect([byName(menu)[0].perms, ...children(menu).map((r) => r.perms)].sort()).toEqual(Object.values(codes).sort());
    }
    expect([byName('部门管理')[0].perms, ...children('部门管理').map((r) => r.perms)].sort()).toEqual(
      Object.values(PERM.depart)
        .filter((c) => c !== PERM.depart.my)
        .sort(),
    );
    expect(byName('职务管理')[0].perms).toBe(PERM.position.list);
    expect(
      children('职务管理')
        .map((r) => r.perms)
        .sort(),
    ).toEqual(
      [PERM.position.add, PERM.position.edit, PERM.position.delete, PERM.position.deleteBatch, PERM.position.exportXls, PERM.position.importExcel].sort(),
    );
    expect(byName('在线用户')[0].perms).toBe(PERM.online.list);
    expect(children('在线用户').map((r) => [r.name, r.perms])).toEqual([['强退', PERM.online.forceLogout]]);
    const perms = new Set(rows.map((r) => r.perms));
    for (const code of ALL_PERM_CODES) expect(perms.has(code), code).toBe(true);
  });

  it('all 41 dictionaries of §2.5 with their items', async () => {
    const gameCodes = new Set(GAME_DICTS.map((d) => d.code));
    const dicts = (await t.ctx.db.db.selectFrom('sys_dict').selectAll().execute()).filter((d) => !gameCodes.has(d.dict_code ?? ''));
    expect(dicts.map((d) => d.dict_code).sort()).toEqual(Object.keys(DICT_ITEM_COUNTS).sort());
    const items = await t.ctx.db.db.selectFrom('sys_dict_item').selectAll().execute();
    for (const d of dicts) {
      expect(d.del_flag).toBe(0);
      const its = items.filter((i) => i.dict_id === d.id).sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
      expect(its.length, d.dict_code).toBe(DICT_ITEM_COUNTS[d.dict_code]);
      expect(its.map((i) => i.sort_order)).toEqual(its.map((_, k) => k + 1));
    }
    const get = (code: string) => {
      const d = dicts.find((x) => x.dict_code === code)!;
      return { d, its: items.filter((i) => i.dict_id === d.id).sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0)) };
    };
    expect(get('sex').d).toMatchObject({ dict_name: '性别', type: 1 });
    expect(get('sex').its.map((i) => [i.item_value, i.item_text, i.status])).toEqual([
      ['1', '男', 1],
      ['2', '女', 1],
    ]);
    expect(get('form_perms_type').d.type).toBeNull();
    expect(get('priority').d.type).toBe(0);
    expect(get('user_type').its.map((i) => [i.item_value, i.status])).toEqual([
      ['333', 1],
      ['222', 0],
    ]);
    expect(get('global_perms_type').its[0].item_text).toBe('可见/可访问(授权后可见/可访问)');
    expect(get('menu_type').its.map((i) => i.item_value)).toEqual(['2', '1', '0']);
  });

  it('datetimes, doubles and nullable unique columns behave the same on every dialect', async () => {
    const db = t.ctx.db.db;
    await db
      .insertInto('sys_log')
      .values({ id: 'log1', log_type: 1, log_content: '登录', cost_time: 1234567890123, create_time: '2024-02-29 23:59:58' })
      .execute();
    const log = await db.selectFrom('sys_log').selectAll().where('id', '=', 'log1').executeTakeFirstOrThrow();
    expect(log.create_time).toBe('2024-02-29 23:59:58');
    expect(log.cost_time).toBe(1234567890123);
    const cmp = await db
      .selectFrom('sys_log')
      .select('id')
      .where('create_time', '>=', '2024-02-29 00:00:00')
      .where('create_time', '<', '2024-03-01 00:00:00')
      .execute();
    expect(cmp).toHaveLength(1);
    // unique but nullable: many NULL phones are fine, a duplicate value is not
    await db
      .insertInto('sys_user')
      .values([
        { id: 'u1', username: 'u1' },
        { id: 'u2', username: 'u2' },
      ])
      .execute();
    await expect(db.insertInto('sys_user').values({ id: 'u3', username: 'u1' }).execute()).rejects.toThrow();
    await db.insertInto('sys_position').values({ id: 'p1', code: 'x', name: '很长的中文名称😀' }).execute();
    expect((await db.selectFrom('sys_position').select('name').where('id', '=', 'p1').executeTakeFirstOrThrow()).name).toBe('很长的中文名称😀');
    const big = 'x'.repeat(200_000);
    await db.insertInto('sys_log').values({ id: 'log2', request_param: big }).execute();
    expect((await db.selectFrom('sys_log').select('request_param').where('id', '=', 'log2').executeTakeFirstOrThrow()).request_param).toHaveLength(200_000);
  });
});

describe('seed with a generated admin password', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ redis: false, seed: false });
  });
  afterAll(async () => t?.close());

  it('generates a 16-character password once and stores only its hash', async () => {
    const r1 = await seed(t.ctx.db, { adminPassword: null });
    expect(r1.generatedAdminPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    const u = await t.ctx.db.db.selectFrom('sys_user').select(['password', 'salt']).where('id', '=', ADMIN_USER_ID).executeTakeFirstOrThrow();
    expect(await verifyPassword(u.password, r1.generatedAdminPassword!)).toBe(true);
    expect(u.salt).toBeNull();
    const r2 = await seed(t.ctx.db, { adminPassword: null });
    expect(r2.generatedAdminPassword).toBeNull();
  });
});

describe('bootstrap secrets', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ seed: false });
  });
  afterAll(async () => t.close());

  it('JWT secret: env first, else one generated secret kept in the database (sys_secret), nothing written to DATA_DIR', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-boot-'));
    try {
      expect(await resolveJwtSecret({ jwtSecret: 'e'.repeat(40), dataDir: dir }, t.ctx.db)).toBe('e'.repeat(40));
      await t.ctx.db.db.deleteFrom('sys_secret').execute();
      const s1 = await resolveJwtSecret({ jwtSecret: null, dataDir: dir }, t.ctx.db);
      expect(s1).toMatch(/^[0-9a-f]{64}$/);
      expect(fs.readdirSync(dir)).toEqual([]);
      expect(await resolveJwtSecret({ jwtSecret: null, dataDir: dir }, t.ctx.db)).toBe(s1);
      // Several nodes starting at once agree on one secret.
      const all = await Promise.all(Array.from({ length: 8 }, () => resolveJwtSecret({ jwtSecret: null, dataDir: dir }, t.ctx.db)));
      expect(new Set(all)).toEqual(new Set([s1]));
      const f = writeInitialAdminPassword(dir, 'Secret123');
      expect(fs.readFileSync(f, 'utf8').trim()).toBe('Secret123');
      expect(fs.statSync(f).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a DATA_DIR/jwt-secret of an older install is adopted when the database has none yet', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-boot-'));
    try {
      await t.ctx.db.db.deleteFrom('sys_secret').execute();
      fs.writeFileSync(path.join(dir, 'jwt-secret'), 'a'.repeat(64) + '\n');
      await Promise.all([resolveJwtSecret({ jwtSecret: null, dataDir: dir }, t.ctx.db), resolveJwtSecret({ jwtSecret: null, dataDir: dir }, t.ctx.db)]);
      expect(await resolveJwtSecret({ jwtSecret: null, dataDir: os.tmpdir() + '/pk-none' }, t.ctx.db)).toBe('a'.repeat(64));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
