import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { defineEntity, ENTITIES } from '@pk/contract';
import { buildApp } from '../src/app.js';
import { createTable, dropTables } from '../src/db/migrations/ddl.js';
import { seed } from '../src/db/seed/index.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';
import { crudContract, type ContractEnv } from './crudContract.js';

// Issue 24 point 5: an entity is its definition and its table; everything else follows. This file is the whole of a
// throwaway entity — its definition, its migration and its test — and checks that it is listed (the eight standard
// routes, through the shared CRUD contract), menu'd (its menu and button rows, granted to admin, in the signed-in
// menu), permission-checked (a role without its codes is refused, one with the list code lists) and exported.
// Nothing is registered by hand: the definition goes to the seed and to buildApp as a value, as a table designed at
// run time will (no build step). The page and its prefetch follow on the client: web/src/views/entityViews.test.ts.

/** The definition (file 1 of a real entity: packages/contract/src/entities/…). */
const treasureMapEntity = defineEntity({
  key: 'treasureMapThrowaway',
  title: '藏宝图',
  api: '/game/treasureMapThrowaway',
  table: 'tmp_treasure_map',
  perm: 'treasureMapThrowaway',
  menu: { group: 'game', name: '藏宝图（试）', url: '/game/treasureMapThrowaway', component: 'game/TreasureMapThrowawayList', sort: 99 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'mapName', label: '地图名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'pieces', label: '碎片数', type: 'number', filter: 'eq', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq' },
    { prop: 'hiddenAt', label: '埋藏日期', type: 'date' },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 255, list: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});

/** The migration (file 2 of a real entity: server/src/db/migrations/00NN_….ts). */
async function up(db: Kysely<any>, dialect: TestContext['dialect']): Promise<void> {
  await createTable(db, dialect, 'tmp_treasure_map', {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['map_name', 'varchar(50)'],
      ['pieces', 'int'],
      ['status', 'int'],
      ['hidden_at', 'date'],
      ['remark', 'varchar(255)'],
      ['create_by', 'varchar(32)'],
      ['create_time', 'datetime'],
      ['update_by', 'varchar(32)'],
      ['update_time', 'datetime'],
    ],
  });
}

describe(`a throwaway entity: definition + migration + test (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestContext;
  let env: ContractEnv;
  const base = `${TEST_API_PREFIX}/game/treasureMapThrowaway`;

  beforeAll(async () => {
    t = await createTestContext();
    const db = t.ctx.db.db as unknown as Kysely<any>;
    await up(db, t.dialect);
    await seed(t.ctx.db, { adminPassword: TEST_ADMIN_PASSWORD, entities: [treasureMapEntity] });
    const app = await buildApp(t.ctx, { logger: false, entities: [...ENTITIES, treasureMapEntity] });
    env = { app, ctx: t.ctx, admin: authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD)) };
  });
  afterAll(async () => {
    await env?.app.close();
    if (t) await dropTables(t.ctx.db.db as unknown as Kysely<any>, ['tmp_treasure_map']).catch(() => {});
    await t?.close();
  });

  it('is in the admin’s menu under 游戏管理 with its buttons, and its codes are the admin’s', async () => {
    const res = await env.app.inject({ url: `${TEST_API_PREFIX}/sys/permission/getUserPermissionByToken`, headers: env.admin });
    const body = res.json();
    expect(body.success).toBe(true);
    const flat = (nodes: Array<{ path?: string; meta?: { title?: string }; children?: unknown[] }>): Array<{ path?: string; meta?: { title?: string } }> =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as never)]);
    const item = flat(body.result.menu).find((n) => n.path === '/game/treasureMapThrowaway');
    expect(item?.meta?.title).toBe('藏宝图（试）');
    const codes = (body.result.auth as Array<{ action: string }>).map((a) => a.action);
    for (const code of Object.values(treasureMapEntity.perms)) if (code !== treasureMapEntity.perms.list) expect(codes, code).toContain(code);
  });

  it('refuses a user whose roles hold none of its codes; lists for one holding the list code only', async () => {
    const none = await createTestRole(t.ctx, 'throwawayNone', []);
    const lister = await createTestRole(t.ctx, 'throwawayList', [treasureMapEntity.perms.list]);
    await createTestUser(t.ctx, { username: 'throwaway_none', password: 'Passw0rd!x1', roleIds: [none] });
    await createTestUser(t.ctx, { username: 'throwaway_list', password: 'Passw0rd!x1', roleIds: [lister] });
    const noneHeaders = authHeaders(await loginAs(env.app, 'throwaway_none', 'Passw0rd!x1'));
    const listHeaders = authHeaders(await loginAs(env.app, 'throwaway_list', 'Passw0rd!x1'));

    const refused = await env.app.inject({ url: `${base}/list`, headers: noneHeaders });
    expect(refused.json()).toMatchObject({ success: false, code: 510 });
    const listed = await env.app.inject({ url: `${base}/list`, headers: listHeaders });
    expect(listed.json()).toMatchObject({ success: true, code: 200 });
    const add = await env.app.inject({ method: 'POST', url: `${base}/add`, headers: listHeaders, payload: { mapName: '不许加' } });
    expect(add.json()).toMatchObject({ success: false, code: 510 });
    const exported = await env.app.inject({ url: `${base}/exportXls`, headers: listHeaders });
    expect(exported.json()).toMatchObject({ success: false, code: 510 });
  });

  describe('the CRUD contract (list, add, edit, delete, export, import)', () => crudContract(() => env, treasureMapEntity));
});
