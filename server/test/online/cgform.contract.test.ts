import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { crudContract, type ContractEnv } from '../crudContract.js';
import { readDesign } from '../../src/modules/online/cgform/model.js';
import { entityOf } from '../../src/modules/online/cgform/runtime.js';

/**
 * Issue 25's idea, proved: a table designed in the browser is an entity like the hand-written ones. Its run-time
 * definition (runtime.ts `entityOf`) passes the same shared CRUD contract (crudContract.ts: list, queryById, add,
 * edit, delete, deleteBatch, exportXls, importExcel, unique fields, dictionaries, permission codes) through the
 * standard routes at `/online/cgform/crud/{id}`, and `GET /online/cgform/api/entity/{id}` hands our client that
 * very definition.
 */
const ID = 'pkonlinecontract000000000000001';
const TABLE = 'pk_contract_cargo';
const f = (dbFieldName: string, dbFieldTxt: string, dbType: string, dbLength: number, extra: Record<string, unknown> = {}) => ({
  dbFieldName,
  dbFieldTxt,
  dbType,
  dbLength,
  dbIsKey: 0,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 1,
  sortFlag: '1',
  ...extra,
});
const DESIGN = {
  head: { tableName: TABLE, tableTxt: '货舱清单', tableType: 1 },
  fields: [
    f('id', '主键', 'string', 32, { dbIsKey: 1, isShowForm: 0, isShowList: 0, isQuery: 0 }),
    f('create_by', '创建人', 'string', 50, { isShowForm: 0, isQuery: 0 }),
    f('create_time', '创建时间', 'Datetime', 0, { isShowForm: 0, isQuery: 0 }),
    f('update_by', '更新人', 'string', 50, { isShowForm: 0, isQuery: 0 }),
    f('update_time', '更新时间', 'Datetime', 0, { isShowForm: 0, isQuery: 0 }),
    f('cargo_code', '货物编码', 'string', 30, { fieldValidType: 'only', fieldMustInput: '1' }),
    f('cargo_name', '货物名称', 'string', 100),
    f('status', '状态', 'int', 10, { dictField: 'valid_status' }),
    f('weight', '重量', 'double', 0),
    f('loaded_on', '装船日期', 'Date', 0),
    f('note', '备注', 'Text', 0, { isQuery: 0, sortFlag: '0' }),
  ],
};
const design = readDesign(DESIGN, false);
const { entity } = entityOf(
  { id: ID, table_name: TABLE, table_txt: '货舱清单' },
  design.fields.map((x) => x.values),
);

describe(`a designed table passes the CRUD contract (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let env: ContractEnv;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
    env = { app: t.app, ctx: t.ctx, admin };
    const add = await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/online/cgform/api/addAll`, headers: admin, payload: DESIGN });
    expect(add.json().success).toBe(true);
    // the contract is declared before the run: give the saved definition the id its entity was derived with
    const db = t.ctx.db.db;
    const saved = await db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', TABLE).executeTakeFirstOrThrow();
    await db.updateTable('onl_cgform_field').set({ cgform_head_id: ID }).where('cgform_head_id', '=', saved.id).execute();
    await db.updateTable('onl_cgform_head').set({ id: ID }).where('id', '=', saved.id).execute();
    const sync = await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/online/cgform/api/doDbSynch/${ID}/normal`, headers: admin });
    expect(sync.json().success).toBe(true);
    const gen = await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/online/cgform/head/genMenu/${ID}`, headers: admin });
    expect(gen.json().success).toBe(true);
  }, 60_000);
  afterAll(async () => {
    await t?.ctx.db.db.schema.dropTable(TABLE).ifExists().execute();
    await t?.close();
  });

  it('GET /online/cgform/api/entity/{id} answers the run-time definition', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/online/cgform/api/entity/${ID}`, headers: env.admin });
    expect(res.json().result).toEqual(JSON.parse(JSON.stringify(entity)));
  });

  crudContract(() => env, entity);
});
