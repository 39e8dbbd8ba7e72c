import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { designedField } from '../helpers/designedField.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { physicalColumns, physicalTables, tableExists } from '../../src/modules/online/cgform/physical.js';
import { PRODUCT_TABLES } from '../../src/modules/online/cgform/tableNames.js';

/**
 * Issue 25 points 1, 2 and 4 (first part): the online form designer on every database — a definition saved whole,
 * its names checked, the table created by a sync, then renamed, added and dropped columns synchronised with the
 * rows kept, a type change that would lose values refused by "normal" (naming the rows; the conversions themselves
 * are in cgform.sync.test.ts), "force" only with the table's name, and deletion with or without
 * the table.
 */
const API = TEST_API_PREFIX;
const TABLE = 'pk_treasure_log';

const field = designedField;

const FIELDS = [
  field('id', 'string', 32, { dbIsKey: 1, dbIsNull: 0, isShowForm: 0, isShowList: 0 }),
  field('name', 'string', 50),
  field('pieces', 'int', 10),
  field('price', 'BigDecimal', 10, { dbPointLength: 2 }),
  field('found_on', 'Date', 0, { fieldShowType: 'date' }),
  field('memo', 'Text', 0, { fieldShowType: 'textarea' }),
];

describe(`online form designer (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let token: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const heads = async () => (await t.ctx.db.db.selectFrom('onl_cgform_head').select(['id', 'table_name']).execute()).length;
  let headId = '';

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await t?.ctx.db.db.schema.dropTable(TABLE).ifExists().execute();
    await t?.close();
  });

  it('PRODUCT_TABLES is exactly what the migrations create: the table of a later migration is never a designable name', async () => {
    expect((await physicalTables(t.ctx.db)).sort()).toEqual([...PRODUCT_TABLES].sort());
  });

  it('refuses bad names and shapes with a message, and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ head: { tableName: 'sys_user', tableTxt: 'x' }, fields: FIELDS }, '表名sys_user属于系统，不能使用'],
      [{ head: { tableName: 'game_device', tableTxt: 'x' }, fields: FIELDS }, '表名game_device属于系统，不能使用'],
      [{ head: { tableName: 'a_things', tableTxt: 'x' }, fields: FIELDS }, '表名不能以单个字母加下划线开头'],
      [{ head: { tableName: '12345', tableTxt: 'x' }, fields: FIELDS }, '表名不能全部是数字'],
      [{ head: { tableName: 'select', tableTxt: 'x' }, fields: FIELDS }, '表名select是数据库保留字'],
      [{ head: { tableName: 'x1; drop table sys_user', tableTxt: 'x' }, fields: FIELDS }, ''],
      [{ head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('order', 'string', 10)] }, '字段名order是数据库保留字'],
      [{ head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('name', 'string', 10)] }, '字段名name重复'],
      [{ head: { tableName: 'things', tableTxt: 'x' }, fields: FIELDS.slice(1) }, '主键必须是一个名为id的字符串字段'],
      // a default value is never code: the original client evaluated {{ }} as JavaScript in every user's browser
      [
        { head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('evil', 'string', 10, { fieldDefaultValue: '{{ fetch("//x") }}' })] },
        '字段evil的默认值只能是固定值、#{sys_user_code}等系统变量，或{{ today }}、{{ now }}、{{ user }}',
      ],
      [
        { head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('evil', 'string', 10, { fieldDefaultValue: '#{java.lang.Runtime}' })] },
        '字段evil的默认值只能是固定值、#{sys_user_code}等系统变量，或{{ today }}、{{ now }}、{{ user }}',
      ],
      [{ head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('wide', 'string', 4001)] }, '字段wide的长度必须在1到4000之间'],
      [{ head: { tableName: 'things', tableTxt: 'x' }, fields: [...FIELDS, field('blob_x', 'Json', 10)] }, '字段blob_x的类型Json不受支持'],
      [
        { head: { tableName: 'things', tableTxt: 'x' }, fields: FIELDS, indexs: [{ indexName: 'ix_a', indexField: 'nope', indexType: 'normal' }] },
        '索引ix_a的字段nope不存在',
      ],
      [
        {
          head: { tableName: 'things', tableTxt: 'x' },
          fields: Array.from({ length: 20 }, (_, i) => field(i ? `c${i}` : 'id', 'string', 1000, i ? {} : { dbIsKey: 1 })),
        },
        '字段长度之和超过数据库的行长度上限，请缩短字段或改用Text类型',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/online/cgform/api/addAll', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
      if (message) expect(res.json().message).toBe(message);
      else expect(res.json().message).toMatch(/表名/);
    }
    expect(await heads()).toBe(0);
  });

  it('saves a definition whole; lists it, its fields and indexes; the table name is then taken', async () => {
    const res = await call('POST', '/online/cgform/api/addAll', {
      head: { tableName: TABLE.toUpperCase(), tableTxt: '寻宝记录', tableType: 1, isCheckbox: 'Y', isPage: 'Y', isTree: 'N', formCategory: 'bdfl_ptbd' },
      fields: FIELDS,
      indexs: [{ indexName: 'ix_name', indexField: 'name', indexType: 'normal' }],
    });
    expect(res.json()).toMatchObject({ success: true, message: '添加成功！' });
    const list = (await call('GET', '/online/cgform/head/list?pageNo=1&pageSize=10&copyType=0')).json();
    expect(list.result.records.map((r: Record<string, unknown>) => [r.tableName, r.tableTxt, r.isDbSynch, r.tableVersion])).toEqual([
      [TABLE, '寻宝记录', 'N', 1],
    ]);
    headId = list.result.records[0].id;
    const fields = (await call('GET', `/online/cgform/field/listByHeadId?headId=${headId}`)).json().result;
    expect(fields.map((f: Record<string, unknown>) => [f.dbFieldName, f.dbType, f.orderNum])).toEqual(FIELDS.map((f, i) => [f.dbFieldName, f.dbType, i]));
    const indexes = (await call('GET', `/online/cgform/index/listByHeadId?headId=${headId}`)).json().result;
    expect(indexes.map((x: Record<string, unknown>) => [x.indexName, x.indexField, x.indexType])).toEqual([['ix_name', 'name', 'normal']]);
    expect((await call('GET', `/online/cgform/api/checkOnlyTable?tbname=${TABLE}`)).json().result).toBe(-1);
    expect((await call('GET', `/online/cgform/api/checkOnlyTable?tbname=${TABLE}&id=${headId}`)).json().result).toBe(1);
    expect((await call('GET', '/online/cgform/api/checkOnlyTable?tbname=sys_user')).json().result).toBe(-1);
    expect((await call('GET', '/online/cgform/api/checkOnlyTable?tbname=pk_free_name')).json().result).toBe(1);
    const again = await call('POST', '/online/cgform/api/addAll', { head: { tableName: TABLE, tableTxt: 'x' }, fields: FIELDS });
    expect(again.json()).toMatchObject({ success: false, message: '表名已存在！' });
  });

  it('a dry run shows the plan, a normal sync creates the table', async () => {
    expect((await call('GET', `/online/cgform/api/syncPlan/${headId}`)).json().result).toEqual([{ op: 'create', table: TABLE }]);
    const res = await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`);
    expect(res.json()).toMatchObject({ success: true, message: '同步数据库成功!' });
    expect(await physicalColumns(t.ctx.db, TABLE)).toEqual(['id', 'name', 'pieces', 'price', 'found_on', 'memo']);
    const head = await t.ctx.db.db.selectFrom('onl_cgform_head').select(['is_db_synch', 'table_version']).where('id', '=', headId).executeTakeFirstOrThrow();
    expect(head.is_db_synch).toBe('Y');
    expect((await call('GET', `/online/cgform/api/syncPlan/${headId}`)).json().result).toEqual([]);
  });

  it('three syncs of one new form at once (two nodes, a double click): one creates the table, the others are told to wait; no 500', async () => {
    expect((await call('POST', '/online/cgform/api/addAll', { head: { tableName: 'pk_sync_race', tableTxt: '并发' }, fields: FIELDS })).json().success).toBe(
      true,
    );
    const id = (await t.ctx.db.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'pk_sync_race').executeTakeFirstOrThrow()).id;
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', `/online/cgform/api/doDbSynch/${id}/normal`)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    for (const a of answers) if (!a.json().success) expect(a.json().message).toBe('该表单正在同步数据库，请稍后再试');
    // whoever ran first created the table; one that came after the claim was given back found nothing to do
    expect(
      answers
        .filter((a) => a.json().success)
        .map((a) => a.json().result.length)
        .sort(),
    ).toContainEqual(1);
    expect(await tableExists(t.ctx.db, 'pk_sync_race')).toBe(true);
    expect((await call('POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json()).toMatchObject({ success: true, result: [] });
    expect((await call('DELETE', `/online/cgform/head/delete?id=${id}`)).json().success).toBe(true);
  });

  it('rename, add and drop keep every row; the dry run counts the values a drop would empty', async () => {
    const db = t.ctx.db.db;
    await sql`insert into ${sql.table(TABLE)} (id, name, pieces, price, found_on, memo) values ('r1', '金币', 3, 12.5, '2026-12-01', '海边'), ('r2', '银币', 5, 0.25, null, null)`.execute(
      db,
    );
    const stored = (await call('GET', `/online/cgform/field/listByHeadId?headId=${headId}`)).json().result as Array<Record<string, unknown>>;
    const edited = stored
      .filter((f) => f.dbFieldName !== 'memo')
      .map((f) => (f.dbFieldName === 'name' ? { ...f, dbFieldName: 'title' } : f))
      .concat([field('score', 'int', 10)]);
    const res = await call('PUT', '/online/cgform/api/editAll', { head: { id: headId, tableName: TABLE, tableTxt: '寻宝记录' }, fields: edited, indexs: [] });
    expect(res.json()).toMatchObject({ success: true, message: '修改成功!' });
    const head = await db.selectFrom('onl_cgform_head').select(['is_db_synch', 'table_version']).where('id', '=', headId).executeTakeFirstOrThrow();
    expect(head).toEqual({ is_db_synch: 'N', table_version: 2 });
    expect((await call('GET', `/online/cgform/api/syncPlan/${headId}`)).json().result).toEqual([
      { op: 'rename', from: 'name', to: 'title' },
      { op: 'add', column: 'score' },
      { op: 'drop', column: 'memo', values: 1 },
    ]);
    expect((await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`)).json().success).toBe(true);
    expect(await physicalColumns(t.ctx.db, TABLE)).toEqual(expect.arrayContaining(['id', 'title', 'pieces', 'price', 'found_on', 'score']));
    const { rows } = await sql<Record<string, unknown>>`select id, title, pieces from ${sql.table(TABLE)} order by id`.execute(db);
    expect(rows.map((r) => [r.id, r.title, Number(r.pieces)])).toEqual([
      ['r1', '金币', 3],
      ['r2', '银币', 5],
    ]);
    const versions = await db
      .selectFrom('onl_cgform_version')
      .select(['table_version', 'sync_method'])
      .where('cgform_head_id', '=', headId)
      .orderBy('table_version')
      .execute();
    expect(versions).toEqual([
      { table_version: 1, sync_method: 'normal' },
      { table_version: 2, sync_method: 'normal' },
    ]);
  });

  it('a type change that would lose values is refused by a normal sync, naming the rows; force needs the table name and recreates the table', async () => {
    const stored = (await call('GET', `/online/cgform/field/listByHeadId?headId=${headId}`)).json().result as Array<Record<string, unknown>>;
    const edited = stored.map((f) =>
      f.dbFieldName === 'pieces' ? { ...f, dbType: 'string', dbLength: 20 } : f.dbFieldName === 'title' ? { ...f, dbType: 'int', dbLength: 10 } : f,
    );
    expect(
      (await call('PUT', '/online/cgform/api/editAll', { head: { id: headId, tableName: TABLE, tableTxt: '寻宝记录' }, fields: edited })).json().success,
    ).toBe(true);
    expect((await call('GET', `/online/cgform/api/syncPlan/${headId}`)).json().result).toEqual([
      { op: 'retype', column: 'title', from: 'varchar(50)', to: 'int', truncate: 0, empty: 2, round: 0, rows: ['r1', 'r2'] },
      { op: 'retype', column: 'pieces', from: 'int', to: 'varchar(20)', truncate: 0, empty: 0, round: 0, rows: [] },
    ]);
    const normal = (await call('POST', `/online/cgform/api/doDbSynch/${headId}/normal`)).json();
    expect(normal).toMatchObject({
      success: false,
      message: '普通同步未执行，数据库表没有任何修改：字段title从varchar(50)改为int会清空2行数据（id：r1、r2）。请先修改这些数据或改回原设置，或使用强制同步',
    });
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(TABLE)}`.execute(t.ctx.db.db)).rows[0].n);
    expect(await count()).toBe(2);
    const { rows } = await sql<Record<string, unknown>>`select title, pieces from ${sql.table(TABLE)} order by id`.execute(t.ctx.db.db);
    expect(rows).toEqual([
      { title: '金币', pieces: 3 },
      { title: '银币', pieces: 5 },
    ]);
    const unconfirmed = (await call('POST', `/online/cgform/api/doDbSynch/${headId}/force`, { confirmTableName: 'other' })).json();
    expect(unconfirmed).toMatchObject({ success: false, message: '强制同步会删除表中全部数据：请输入表名确认' });
    expect(await count()).toBe(2);
    expect((await call('POST', `/online/cgform/api/doDbSynch/${headId}/force`, { confirmTableName: TABLE })).json().success).toBe(true);
    expect(await count()).toBe(0);
  });

  it('removeRecord keeps the table; delete drops it; a renamed synced table is refused', async () => {
    const renamed = await call('PUT', '/online/cgform/api/editAll', {
      head: { id: headId, tableName: 'pk_other_name', tableTxt: '寻宝记录' },
      fields: (await call('GET', `/online/cgform/field/listByHeadId?headId=${headId}`)).json().result,
    });
    expect(renamed.json()).toMatchObject({ success: false, message: '已同步到数据库的表不能改表名' });
    expect((await call('DELETE', `/online/cgform/head/removeRecord?id=${headId}`)).json()).toMatchObject({ success: true, message: '移除成功' });
    expect(await heads()).toBe(0);
    expect(await tableExists(t.ctx.db, TABLE)).toBe(true);
    // a new definition cannot take the name of a table the database holds
    const taken = await call('POST', '/online/cgform/api/addAll', { head: { tableName: TABLE, tableTxt: 'x' }, fields: FIELDS });
    expect(taken.json()).toMatchObject({ success: false, message: `数据库中已有表${TABLE}，请用“导入数据库表”导入` });
    await t.ctx.db.db.schema.dropTable(TABLE).execute();
    expect((await call('POST', '/online/cgform/api/addAll', { head: { tableName: TABLE, tableTxt: 'x' }, fields: FIELDS })).json().success).toBe(true);
    const id = (await t.ctx.db.db.selectFrom('onl_cgform_head').select('id').executeTakeFirstOrThrow()).id;
    expect((await call('POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json().success).toBe(true);
    expect((await call('DELETE', `/online/cgform/head/delete?id=${id}`)).json()).toMatchObject({ success: true, message: '删除成功!' });
    expect(await tableExists(t.ctx.db, TABLE)).toBe(false);
    expect(await t.ctx.db.db.selectFrom('onl_cgform_field').select('id').where('cgform_head_id', '=', id).execute()).toEqual([]);
  });
});
