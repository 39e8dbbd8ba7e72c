import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { dataSourceEntity } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { buildApp } from '../src/app.js';
import { dataSourceBox } from '../src/core/crypto/dataSourceKey.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

// contract §12.6 data sources, §10 testConnection, §15 (passwords never returned); issue 11 point 16.
const D = `${TEST_API_PREFIX}/sys/dataSource`;
const TEST_CONN = `${TEST_API_PREFIX}/online/cgreport/api/testConnection`;
const SECRET = 'Pw-中文-s3cret!';
const PG = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const MY = new URL(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test');
const pgForm = {
  dbType: '6',
  dbDriver: 'org.postgresql.Driver',
  dbUrl: `jdbc:postgresql://${PG.host}${PG.pathname}`,
  dbUsername: decodeURIComponent(PG.username),
  dbPassword: decodeURIComponent(PG.password),
};
const myForm = {
  dbType: '4',
  dbDriver: 'com.mysql.cj.jdbc.Driver',
  dbUrl: `jdbc:mysql://${MY.host}${MY.pathname}?useSSL=false`,
  dbUsername: decodeURIComponent(MY.username),
  dbPassword: decodeURIComponent(MY.password),
};

describe('data sources: sealed passwords, options, connection test', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json(), raw: res.body };
  };
  const row = (code: string) => ctx.db.db.selectFrom('sys_data_source').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
  const add = async (code: string, extra: Record<string, unknown> = {}) => {
    const r = await call('POST', `${D}/add`, { code, name: `名称${code}`, ...myForm, dbPassword: SECRET, remark: '备注', ...extra });
    expect(r.body).toMatchObject({ success: true, message: '添加成功！' });
    return (await row(code)).id;
  };
  const test = (form: Record<string, unknown>) => call('POST', TEST_CONN, form);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('stores the password sealed: ciphertext in the row, never the plain text, opened by the key', async () => {
    await add('ds_seal');
    const stored = await row('ds_seal');
    expect(stored.db_password).toMatch(/^g1/);
    expect(stored.db_password).not.toContain(SECRET);
    expect((await dataSourceBox(ctx)).open(stored.db_password!)).toBe(SECRET);
  });

  it('queryById of an unknown id answers ok with a null result (contract §1.5)', async () => {
    const r = await call('GET', `${D}/queryById?id=1234567890123456789`);
    expect(r.body).toMatchObject({ success: true, result: null });
  });

  it('no answer carries the password: list, queryById, options, export', async () => {
    const id = await add('ds_hidden');
    const sealed = (await row('ds_hidden')).db_password!;
    const answers = [await call('GET', `${D}/list?pageNo=1&pageSize=50`), await call('GET', `${D}/queryById?id=${id}`), await call('GET', `${D}/options`)];
    for (const a of answers) {
      expect(a.body.success).toBe(true);
      expect(a.raw).not.toContain(SECRET);
      expect(a.raw).not.toContain(sealed);
      expect(a.raw).not.toContain('dbPassword');
    }
    expect(answers[0].body.result.records.find((r: { code: string }) => r.code === 'ds_hidden')).toMatchObject({
      name: '名称ds_hidden',
      dbType: '4',
      dbType_dictText: 'MYSQL5.7+',
    });
    expect(answers[1].body.result).toMatchObject({ id, code: 'ds_hidden', dbUrl: myForm.dbUrl });
    expect(answers[2].body.result).toContainEqual({ value: 'ds_hidden', label: '名称ds_hidden', text: '名称ds_hidden' });

    const res = await app.inject({ method: 'GET', url: `${D}/exportXls`, headers: h });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((ws) => ws.eachRow((r) => r.eachCell((c) => void cells.push(String(c.value)))));
    expect(cells).toContain('ds_hidden');
    expect(cells.some((c) => c.includes(SECRET) || c.includes(sealed))).toBe(false);
  });

  it('an edit without a password keeps the stored one; with one it is re-sealed', async () => {
    const id = await add('ds_edit');
    const before = (await row('ds_edit')).db_password;
    let r = await call('PUT', `${D}/edit`, { id, code: 'ds_edit', name: '改名', dbPassword: '' });
    expect(r.body).toMatchObject({ success: true, message: '编辑成功!' });
    r = await call('POST', `${D}/edit`, { id, name: '再改名' });
    expect(r.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await row('ds_edit')).db_password).toBe(before);
    expect((await row('ds_edit')).name).toBe('再改名');
    r = await call('PUT', `${D}/edit`, { id, dbPassword: 'new-pass' });
    expect(r.body.success).toBe(true);
    const after = (await row('ds_edit')).db_password!;
    expect(after).not.toBe(before);
    expect((await dataSourceBox(ctx)).open(after)).toBe('new-pass');
  });

  it('refuses a bad password, a duplicate code and a missing required field, changing nothing', async () => {
    const id = await add('ds_bad');
    const before = await row('ds_bad');
    const tooLong = await call('PUT', `${D}/edit`, { id, name: 'x', dbPassword: 'p'.repeat(41) });
    expect(tooLong).toMatchObject({ status: 400, body: { success: false, message: '密码不能超过40个字节' } });
    const notText = await call('PUT', `${D}/edit`, { id, name: 'x', dbPassword: { a: 1 } });
    expect(notText).toMatchObject({ status: 400, body: { success: false, message: '密码格式不正确' } });
    expect(await row('ds_bad')).toEqual(before);
    const dup = await call('POST', `${D}/add`, { code: 'ds_bad', name: 'n', ...myForm });
    expect(dup.body).toMatchObject({ success: false, message: '数据源编码已存在' });
    const missing = await call('POST', `${D}/add`, { code: 'ds_nourl', name: 'n', dbType: '4', dbDriver: 'x' });
    expect(missing).toMatchObject({ status: 400, body: { success: false, message: '数据源地址不能为空' } });
    const dupCheck = await call('GET', `${TEST_API_PREFIX}/sys/duplicate/check?tableName=sys_data_source&fieldName=code&fieldVal=ds_bad`);
    expect(dupCheck.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
  });

  it('tests a PostgreSQL connection: ok, and a failure with the reason', async () => {
    expect((await test(pgForm)).body).toMatchObject({ success: true, message: '数据库连接成功' });
    const bad = await test({ ...pgForm, dbUrl: `jdbc:postgresql://${PG.host}/pk_no_such_db` });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toMatch(/^数据库连接失败：.*pk_no_such_db/);
  });

  it('tests a MySQL/MariaDB connection: ok, wrong password refused, a saved password used by id', async () => {
    expect((await test(myForm)).body).toMatchObject({ success: true, message: '数据库连接成功' });
    expect((await test({ ...myForm, dbType: 4 })).body).toMatchObject({ success: true, message: '数据库连接成功' });
    expect((await test({ ...myForm, dbType: '5', dbUrl: myForm.dbUrl.replace('jdbc:mysql:', 'jdbc:mariadb:') })).body.success).toBe(true);
    const wrong = await test({ ...myForm, dbPassword: 'wrong-password' });
    expect(wrong.body).toMatchObject({ success: false });
    expect(wrong.body.message).toMatch(/^数据库连接失败：Access denied/);
    // The edit dialog sends the id and a blank password: the stored (wrong) one is used, so the server answers as above.
    const id = await add('ds_stored', { dbPassword: 'stored-wrong' });
    const byId = await test({ ...myForm, id, dbPassword: '' });
    expect(byId.body.message).toMatch(/^数据库连接失败：Access denied.*using password: YES/);
  });

  it('tests a SQLite file inside DATA_DIR only', async () => {
    const dataDir = ctx.config.dataDir;
    fs.mkdirSync(path.join(dataDir, 'ext'), { recursive: true });
    new Database(path.join(dataDir, 'ext', 'a.db')).close();
    const form = { dbType: '10', dbDriver: 'org.sqlite.JDBC' };
    expect((await test({ ...form, dbUrl: 'jdbc:sqlite:ext/a.db' })).body).toMatchObject({ success: true, message: '数据库连接成功' });
    expect((await test({ ...form, dbUrl: `jdbc:sqlite:${path.join(dataDir, 'ext', 'a.db')}` })).body.success).toBe(true);
    const outsideDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-ds-'));
    const outside = path.join(outsideDir, 'b.db');
    new Database(outside).close();
    fs.symlinkSync(outside, path.join(dataDir, 'ext', 'link.db'));
    try {
      for (const dbUrl of [
        'jdbc:sqlite:../b.db',
        `jdbc:sqlite:${outside}`,
        'jdbc:sqlite://etc/passwd',
        'jdbc:sqlite:ext/link.db',
        'jdbc:sqlite:ext/../../x.db',
      ]) {
        expect((await test({ ...form, dbUrl })).body, dbUrl).toMatchObject({
          success: false,
          message: '数据库连接失败：SQLite 数据库文件必须位于数据目录之内',
        });
      }
      expect((await test({ ...form, dbUrl: 'jdbc:sqlite:ext/none.db' })).body.message).toBe('数据库连接失败：SQLite 数据库文件不存在');
      expect(fs.existsSync(path.join(dataDir, 'ext', 'none.db'))).toBe(false);
    } finally {
      fs.rmSync(outsideDir, { recursive: true, force: true });
    }
  });

  it('refuses other database types and mismatched or malformed URLs before connecting', async () => {
    expect((await test({ ...myForm, dbType: '2' })).body.message).toBe('数据库连接失败：不支持的数据库类型，可测试 MySQL、MariaDB、PostgreSQL 和 SQLite');
    expect((await test({ ...myForm, dbType: '6' })).body.message).toBe('数据库连接失败：数据源地址与数据库类型不符');
    expect((await test({ ...myForm, dbUrl: 'jdbc:h2:mem:x;INIT=RUNSCRIPT' })).body.message).toBe('数据库连接失败：数据源地址与数据库类型不符');
    expect((await test({ ...myForm, dbUrl: 'jdbc:mysql://' })).body.message).toBe('数据库连接失败：数据源地址格式不正确');
    const noUrl = await test({ dbType: '4' });
    expect(noUrl).toMatchObject({ status: 400, body: { success: false, message: '数据源地址不能为空' } });
    const noType = await test({ dbUrl: myForm.dbUrl });
    expect(noType).toMatchObject({ status: 400, body: { success: false, message: '数据库类型不能为空' } });
  });

  // network failures, refused hosts, DATA_SOURCE_HOSTS and the stored password's host: dataSource.connectionSafety.test.ts
  it('a stored password sealed with another key fails cleanly', async () => {
    const id = await add('ds_rekey');
    const other = await buildApp({ ...ctx, config: { ...ctx.config, dataSourceKey: 'another-data-source-key-0123456789' } }, { logger: false });
    try {
      const res = await other.inject({ method: 'POST', url: TEST_CONN, headers: h, payload: { ...myForm, id, dbPassword: '' } });
      expect(res.json()).toMatchObject({ success: false, message: '数据库连接失败：已保存的密码无法解密（数据源密钥已更换），请重新输入密码' });
    } finally {
      await other.close();
    }
  });

  it('510 without the codes: testConnection needs its own code, options and list need list', async () => {
    const roleId = await createTestRole(ctx, 'ds_viewer', [dataSourceEntity.perms.list]);
    await createTestUser(ctx, { username: 'ds_viewer', password: 'Viewer@12345', roleIds: [roleId] });
    const viewer = authHeaders(await loginAs(app, 'ds_viewer', 'Viewer@12345'));
    expect((await call('GET', `${D}/options`, undefined, viewer)).body.success).toBe(true);
    expect((await call('POST', TEST_CONN, myForm, viewer)).body.code).toBe(510);
    expect((await call('POST', `${D}/add`, { code: 'ds_x', name: 'x', ...myForm }, viewer)).body.code).toBe(510);
    await createTestUser(ctx, { username: 'ds_nobody', password: 'Nobody@12345' });
    const nobody = authHeaders(await loginAs(app, 'ds_nobody', 'Nobody@12345'));
    expect((await call('GET', `${D}/options`, undefined, nobody)).body.code).toBe(510);
  });
});

describe('data sources: the connection test is request-limited', () => {
  it('the check limit applies per client (RATE_LIMIT_CHECK): the third test within a minute gets 429', async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_CHECK: '2' } });
    try {
      const headers = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
      const form = { dbType: '10', dbUrl: 'jdbc:sqlite:none.db' };
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await t.app.inject({ method: 'POST', url: TEST_CONN, headers, payload: form })).statusCode);
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });
});
