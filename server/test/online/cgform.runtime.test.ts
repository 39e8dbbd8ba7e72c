import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { designedField } from '../helpers/designedField.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from '../helpers/login.js';

/**
 * Issue 25 points 7, 9 and 10 (first part): a designed table at run time through the CRUD engine — columns, query
 * form, data with filters, sort and no-paging, the form schema, records added, read, edited and deleted by column
 * names, the validation presets on the server, NO_DB_SYNC before the first sync, the generated menu and its codes
 * (deny by default), and a changed definition seen at once.
 */
const API = TEST_API_PREFIX;
const TABLE = 'pk_crew_roster';
const field = designedField;
const AUDIT = ['create_by', 'update_by'].map((c) => field(c, 'string', 50, { isShowForm: 0, isShowList: 0 }));
const FIELDS = [
  field('id', 'string', 32, { dbIsKey: 1, dbIsNull: 0, isShowForm: 0, isShowList: 0 }),
  ...AUDIT,
  field('create_time', 'Datetime', 0, { isShowForm: 0 }),
  field('update_time', 'Datetime', 0, { isShowForm: 0, isShowList: 0 }),
  field('name', 'string', 50, { dbFieldTxt: '姓名', isQuery: 1, fieldValidType: 'only', fieldMustInput: '1', sortFlag: '1' }),
  field('sex', 'int', 10, { dbFieldTxt: '性别', isQuery: 1, dictField: 'sex', fieldShowType: 'list' }),
  field('wage', 'BigDecimal', 10, { dbFieldTxt: '薪水', dbPointLength: 2, sortFlag: '1' }),
  field('joined', 'Date', 0, {
    dbFieldTxt: '入伙日期',
    isQuery: 1,
    queryMode: 'group',
    fieldShowType: 'date',
    sortFlag: '1',
    fieldDefaultValue: '{{ today }}',
  }),
  field('phone', 'string', 20, { dbFieldTxt: '电话', fieldValidType: 'm', fieldDefaultValue: '#{sys_user_code}' }),
];

describe(`online form run time (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let admin: string;
  let id = '';
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: authHeaders(token), ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
    const res = await call(admin, 'POST', '/online/cgform/api/addAll', { head: { tableName: TABLE, tableTxt: '船员名册', tableType: 1 }, fields: FIELDS });
    expect(res.json().success).toBe(true);
    id = (await t.ctx.db.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', TABLE).executeTakeFirstOrThrow()).id;
  }, 60_000);
  afterAll(async () => {
    await t?.ctx.db.db.schema.dropTable(TABLE).ifExists().execute();
    await t?.close();
  });

  it('before the first sync the data answer is NO_DB_SYNC; a menu cannot be generated', async () => {
    expect((await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json()).toMatchObject({ success: false, message: 'NO_DB_SYNC' });
    expect((await call(admin, 'POST', `/online/cgform/head/genMenu/${id}`)).json()).toMatchObject({ success: false, message: '请先同步数据库，再生成菜单' });
    expect((await call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json().success).toBe(true);
  });

  it('records are added, listed with dictionary texts, filtered, sorted, read, edited and deleted by column names', async () => {
    const rows = [
      { name: '路飞', sex: 1, wage: 1000.5, joined: '2026-01-02', phone: '13800000001' },
      { name: '娜美', sex: 2, wage: 2000, joined: '2026-03-04', phone: '13800000002' },
      { name: '索隆', sex: 1, wage: 1500.25, joined: '2026-05-06', phone: null },
    ];
    const ids: string[] = [];
    for (const r of rows) {
      const res = (await call(admin, 'POST', `/online/cgform/api/form/${id}`, { ...r, id: 'forged', extra_table: [] })).json();
      expect(res).toMatchObject({ success: true, message: '添加成功！' });
      expect(res.result).not.toBe('forged');
      ids.push(res.result);
    }
    const data = (await call(admin, 'GET', `/online/cgform/api/getData/${id}?pageNo=1&pageSize=10&column=wage&order=asc`)).json().result;
    expect(data.total).toBe(3);
    expect(data.records.map((r: Record<string, unknown>) => [r.name, r.sex_dictText, Number(r.wage), r.joined])).toEqual([
      ['路飞', '男', 1000.5, '2026-01-02'],
      ['索隆', '男', 1500.25, '2026-05-06'],
      ['娜美', '女', 2000, '2026-03-04'],
    ]);
    expect(Object.keys(data.records[0])).toEqual(expect.arrayContaining(['id', 'name', 'sex', 'wage', 'joined', 'phone', 'create_time']));
    const byName = (await call(admin, 'GET', `/online/cgform/api/getData/${id}?name=${encodeURIComponent('娜')}`)).json().result;
    expect(byName.records.map((r: Record<string, unknown>) => r.name)).toEqual(['娜美']);
    const range = (await call(admin, 'GET', `/online/cgform/api/getData/${id}?joined_begin=2026-02-01&joined_end=2026-12-31&column=joined&order=asc`)).json()
      .result;
    expect(range.records.map((r: Record<string, unknown>) => r.name)).toEqual(['娜美', '索隆']);
    const sq = encodeURIComponent(JSON.stringify([{ field: 'sex', rule: 'eq', val: '1', type: 'int' }]));
    const advanced = (await call(admin, 'GET', `/online/cgform/api/getData/${id}?superQueryParams=${sq}&column=wage&order=asc`)).json().result;
    expect(advanced.records.map((r: Record<string, unknown>) => r.name)).toEqual(['路飞', '索隆']);
    const xls = await call(admin, 'GET', `/online/cgform/api/exportXls/${id}?paramsStr=${encodeURIComponent(JSON.stringify({ name: '娜' }))}`);
    expect(xls.statusCode).toBe(200);
    expect(String(xls.headers['content-type'])).toMatch(/spreadsheetml|excel/);
    const all = (await call(admin, 'GET', `/online/cgform/api/getData/${id}?pageSize=-521`)).json().result;
    expect(all.records).toHaveLength(3);
    // a sort on a column that is not sortable is not obeyed as SQL (the engine's allow-list)
    const badSort = await call(admin, 'GET', `/online/cgform/api/getData/${id}?column=${encodeURIComponent('name;drop table x')}&order=asc`);
    expect(badSort.statusCode).not.toBe(500);

    const one = (await call(admin, 'GET', `/online/cgform/api/form/${id}/${ids[0]}`)).json().result;
    expect(one).toMatchObject({ id: ids[0], name: '路飞', sex: 1, joined: '2026-01-02' });
    expect((await call(admin, 'PUT', `/online/cgform/api/form/${id}`, { id: ids[0], name: '蒙奇·D·路飞' })).json()).toMatchObject({
      success: true,
      message: '修改成功!',
    });
    expect((await call(admin, 'GET', `/online/cgform/api/form/${id}/${ids[0]}`)).json().result.name).toBe('蒙奇·D·路飞');

    expect((await call(admin, 'DELETE', `/online/cgform/api/form/${id}/${ids[1]},${ids[2]},`)).json()).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json().result.total).toBe(1);
  });

  it('the presets, required fields and the unique check are enforced on the server; nothing is written', async () => {
    const before = (await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json().result.total;
    const bad = await call(admin, 'POST', `/online/cgform/api/form/${id}`, { name: '乌索普', phone: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: '电话：请输入正确的手机号码!' });
    const missing = (await call(admin, 'POST', `/online/cgform/api/form/${id}`, { phone: '13800000009' })).json();
    expect(missing.success).toBe(false);
    expect(missing.message).toMatch(/姓名/);
    const dup = (await call(admin, 'POST', `/online/cgform/api/form/${id}`, { name: '蒙奇·D·路飞' })).json();
    expect(dup.success).toBe(false);
    expect(dup.message).toMatch(/姓名/);
    expect((await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json().result.total).toBe(before);
    // the form's own duplicate check (validation `only`), as the original's form asks it while the user types
    const dupCheck = (v: string) => call(admin, 'GET', `/sys/duplicate/check?tableName=${TABLE}&fieldName=name&fieldVal=${encodeURIComponent(v)}`);
    expect((await dupCheck('蒙奇·D·路飞')).json()).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await dupCheck('山治')).json()).toMatchObject({ success: true });
    // a column without `only` is not a pair to probe
    expect((await call(admin, 'GET', `/sys/duplicate/check?tableName=${TABLE}&fieldName=phone&fieldVal=1`)).statusCode).toBe(400);
  });

  it('columns, query form and form schema follow the definition; a changed label shows at once', async () => {
    const cols = (await call(admin, 'GET', `/online/cgform/api/getColumns/${id}`)).json().result;
    expect(cols.columns.map((c: Record<string, unknown>) => c.dataIndex)).toEqual(['create_time', 'name', 'sex', 'wage', 'joined', 'phone']);
    expect(cols.dictOptions.sex.map((d: Record<string, unknown>) => d.text)).toEqual(expect.arrayContaining(['男', '女']));
    expect(cols).toMatchObject({ description: '船员名册', currentTableName: TABLE, checkboxFlag: 'Y', paginationFlag: 'Y' });
    const query = (await call(admin, 'GET', `/online/cgform/api/getQueryInfo/${id}`)).json().result;
    expect(query.map((q: Record<string, unknown>) => [q.field, q.mode, q.view])).toEqual([
      ['name', 'single', 'text'],
      ['sex', 'single', 'list'],
      ['joined', 'group', 'date'],
    ]);
    const item = (await call(admin, 'GET', `/online/cgform/api/getFormItem/${id}`)).json().result;
    expect(item.schema.required).toEqual(['name']);
    expect(item.schema.properties.phone).toMatchObject({ title: '电话', view: 'text', errorInfo: '请输入正确的手机号码!' });
    expect(item.schema.properties.sex).toMatchObject({ dictCode: 'sex', type: 'integer' });
    // default values reach the form as the literal they stand for, resolved on the server (never code to evaluate)
    expect(item.schema.properties.joined.defVal).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(item.schema.properties.phone.defVal).toBe('admin');

    const fields = (await call(admin, 'GET', `/online/cgform/field/listByHeadId?headId=${id}`)).json().result as Array<Record<string, unknown>>;
    const relabelled = fields.map((f) => (f.dbFieldName === 'wage' ? { ...f, dbFieldTxt: '赏金' } : f));
    expect(
      (await call(admin, 'PUT', '/online/cgform/api/editAll', { head: { id, tableName: TABLE, tableTxt: '船员名册' }, fields: relabelled })).json().success,
    ).toBe(true);
    const after = (await call(admin, 'GET', `/online/cgform/api/getColumns/${id}`)).json().result;
    expect(after.columns.find((c: Record<string, unknown>) => c.dataIndex === 'wage').title).toBe('赏金');
  });

  it('a definition changed but not yet synchronised keeps serving the table as the last sync left it', async () => {
    const fields = (await call(admin, 'GET', `/online/cgform/field/listByHeadId?headId=${id}`)).json().result as Array<Record<string, unknown>>;
    const renamed = fields.map((f) => (f.dbFieldName === 'phone' ? { ...f, dbFieldName: 'mobile' } : f));
    expect(
      (await call(admin, 'PUT', '/online/cgform/api/editAll', { head: { id, tableName: TABLE, tableTxt: '船员名册' }, fields: renamed })).json().success,
    ).toBe(true);
    const data = (await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json();
    expect(data.success).toBe(true);
    expect(Object.keys(data.result.records[0])).toContain('phone');
    expect((await call(admin, 'POST', `/online/cgform/api/doDbSynch/${id}/normal`)).json().success).toBe(true);
    expect(Object.keys((await call(admin, 'GET', `/online/cgform/api/getData/${id}`)).json().result.records[0])).toContain('mobile');
  });

  it('生成菜单 makes the menu and its codes; a user holding only the list code lists but cannot add; others get 510', async () => {
    const gen = (await call(admin, 'POST', `/online/cgform/head/genMenu/${id}`)).json();
    expect(gen).toMatchObject({ success: true, message: '生成菜单成功', result: `/online/cgformList/${id}` });
    expect((await call(admin, 'POST', `/online/cgform/head/genMenu/${id}`)).json().success).toBe(true); // again: nothing twice
    const menu = await t.ctx.db.db.selectFrom('sys_permission').select(['id', 'perms', 'component']).where('url', '=', `/online/cgformList/${id}`).execute();
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ perms: `online:${id}:list`, component: 'modules/online/cgform/auto/OnlCgformAutoList' });
    const buttons = await t.ctx.db.db.selectFrom('sys_permission').select('perms').where('parent_id', '=', menu[0].id).execute();
    expect(buttons.map((b) => b.perms).sort()).toEqual(
      ['add', 'delete', 'deleteBatch', 'edit', 'exportXls', 'importExcel'].map((a) => `online:${id}:${a}`).sort(),
    );

    const reader = await createTestRole(t.ctx, 'crew_reader', [`online:${id}:list`]);
    await createTestUser(t.ctx, { username: 'crew_reader', password: 'Reader#2026', roleIds: [reader] });
    await createTestUser(t.ctx, { username: 'crew_none', password: 'Nobody#2026' });
    const r = await loginAs(t.app, 'crew_reader', 'Reader#2026');
    const n = await loginAs(t.app, 'crew_none', 'Nobody#2026');
    expect((await call(r, 'GET', `/online/cgform/api/getData/${id}`)).json().success).toBe(true);
    const refused = await call(r, 'POST', `/online/cgform/api/form/${id}`, { name: '山治' });
    expect(refused.json()).toMatchObject({ success: false, code: 510 });
    for (const [method, url] of [
      ['GET', `/online/cgform/api/getData/${id}`],
      ['GET', `/online/cgform/api/getColumns/${id}`],
      ['GET', `/online/cgform/api/getFormItem/${id}`],
      ['DELETE', `/online/cgform/api/form/${id}/x`],
      ['GET', '/online/cgform/head/list'],
      ['POST', '/online/cgform/api/addAll'],
    ] as const) {
      expect((await call(n, method, url, method === 'POST' ? {} : undefined)).json(), `${method} ${url}`).toMatchObject({ success: false, code: 510 });
    }
  });
});
