import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import ExcelJS from 'exceljs';
import type { AppContext } from '../src/core/context.js';
import { setSmsProvider, type SmsProvider } from '../src/modules/message/send/channels.js';
import { USERNAME_MSG } from '../src/modules/system/user/username.js';
import * as m0028 from '../src/db/migrations/0028_username_key.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// Issue 23 point 16: `ADMIN`, `Admin`, `ａｄｍｉｎ` and `аdmin` (Cyrillic а) beside `admin` — on every path that makes a
// login account, in the database too (two parallel saves), and in the checks the forms ask as the user types.
const P = TEST_API_PREFIX;
const U = `${P}/sys/user`;

function multipart(data: Buffer) {
  const boundary = '----pktest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="u.xlsx"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('look-alike login accounts: 用户管理, the form checks, import', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() };
  };
  const add = (username: string) => call('POST', `${U}/add`, { username, realname: username, password: 'Passw0rd!x1' });
  const keyOf = async (username: string) =>
    (await ctx.db.db.selectFrom('sys_user').select('username_key').where('username', '=', username).executeTakeFirst())?.username_key;
  const count = async () =>
    Number(
      (
        await ctx.db.db
          .selectFrom('sys_user')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  it('add: a case or width variant of an existing account is taken; mixed scripts, fullwidth and invisible characters are refused', async () => {
    const before = await count();
    for (const v of ['Admin', 'ADMIN', 'aDMIN']) expect((await add(v)).body, v).toMatchObject({ success: false, message: '登录账号已存在' });
    expect((await add('ａｄｍｉｎ')).body).toMatchObject({ success: false, message: USERNAME_MSG.compatibility });
    expect((await add('аdmin')).body).toMatchObject({ success: false, message: USERNAME_MSG.mixedScripts });
    expect((await add('Αlice')).body).toMatchObject({ success: false, message: USERNAME_MSG.mixedScripts }); // Greek Alpha
    expect((await add('ad\u200bmin')).body).toMatchObject({ success: false, message: USERNAME_MSG.invisible });
    expect((await add(' admin')).body).toMatchObject({ success: false, message: USERNAME_MSG.invisible });
    expect(await count()).toBe(before);
  });

  it('add: Latin, CJK, Cyrillic alone are fine and store their key; the next variant of each is taken', async () => {
    for (const v of ['Ivan.Petrov', '张三丰', 'иван', '山田たろう', 'zhang三']) {
      expect((await add(v)).body, v).toMatchObject({ success: true });
    }
    expect(await keyOf('Ivan.Petrov')).toBe('ivan.petrov');
    expect(await keyOf('иван')).toBe('иван');
    expect(await keyOf('张三丰')).toBe('张三丰');
    for (const v of ['ivan.petrov', 'IVAN.PETROV', 'ИВАН', 'Иван', 'ZHANG三'])
      expect((await add(v)).body, v).toMatchObject({ success: false, message: '登录账号已存在' });
    // a deleted account keeps its name (as the unique index counts the recycle bin)
    const id = (await ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'Ivan.Petrov').executeTakeFirstOrThrow()).id;
    expect((await app.inject({ method: 'DELETE', url: `${U}/delete?id=${id}`, headers: h })).json()).toMatchObject({ success: true });
    expect((await add('IVAN.petrov')).body).toMatchObject({ success: false, message: '登录账号已存在' });
  });

  it('the database refuses a variant a save did not check: two parallel adds of one name in two cases give one account', async () => {
    const [a, b] = await Promise.all([add('Twin.Name'), add('TWIN.NAME')]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const rows = await ctx.db.db.selectFrom('sys_user').select('username').where('username_key', '=', 'twin.name').execute();
    expect(rows).toHaveLength(1);
    // and written directly, bypassing every check, the key's index still refuses it
    await expect(
      ctx.db.db.insertInto('sys_user').values({ id: 'lookalike-direct', username: 'twin.NAME', username_key: 'twin.name', del_flag: 0 }).execute(),
    ).rejects.toThrow();
  });

  it('checkOnlyUser and /sys/duplicate/check agree with the save', async () => {
    const only = (q: string) => call('GET', `${U}/checkOnlyUser?${q}`);
    expect((await only('username=ADMIN')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await only(`username=${encodeURIComponent('аdmin')}`)).body).toMatchObject({ success: false, message: USERNAME_MSG.mixedScripts });
    expect((await only('username=free.name')).body).toMatchObject({ success: true, result: true });
    const dup = (v: string) => call('GET', `${P}/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=${encodeURIComponent(v)}`);
    expect((await dup('Admin')).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await dup('ＡＤＭＩＮ')).body).toMatchObject({ success: false, message: USERNAME_MSG.compatibility });
    expect((await dup('аdmin')).body).toMatchObject({ success: false, message: USERNAME_MSG.mixedScripts });
    expect((await dup('Free.Name')).body).toMatchObject({ success: true });
    // the edit form checks the user's own name: the account it has is fine
    const admin = (await ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const edit = await call('GET', `${P}/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin&dataId=${admin}`);
    expect(edit.body).toMatchObject({ success: true });
  });

  it('import: a look-alike row is an error of that row, the others are imported', async () => {
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('用户');
    s.addRow(['登录账号', '真实姓名', '密码']);
    s.addRow(['imp.ok', '导入一', 'Imp@1pass']);
    s.addRow(['IMP.OK', '导入二', 'Imp@1pass']);
    s.addRow(['Admin', '导入三', 'Imp@1pass']);
    s.addRow(['impоrt', '导入四', 'Imp@1pass']); // Cyrillic о
    const mp = multipart(Buffer.from(await wb.xlsx.writeBuffer()));
    const r = await app.inject({ method: 'POST', url: `${U}/importExcel`, headers: { ...h, ...mp.headers }, payload: mp.payload });
    expect(r.json()).toMatchObject({ success: true, code: 201, result: { totalCount: 4, successCount: 1, errorCount: 3 } });
    expect(await keyOf('imp.ok')).toBe('imp.ok');
    const names = (await ctx.db.db.selectFrom('sys_user').select('username').where('username_key', '=', 'imp.ok').execute()).map((x) => x.username);
    expect(names).toEqual(['imp.ok']);
    expect(await keyOf('impоrt')).toBeUndefined();
  });
});

describe('look-alike accounts: self-registration (/sys/user/register)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let previous: SmsProvider;
  const outbox: Array<{ phone: string; text: string }> = [];
  let ip = 0;
  const post = (url: string, payload: object) => app.inject({ method: 'POST', url: `${P}${url}`, payload, remoteAddress: `10.23.16.${++ip}` });
  const codeFor = async (phone: string) => {
    expect((await post('/sys/sms', { mobile: phone, smsmode: '1' })).json()).toMatchObject({ success: true });
    const m = [...outbox].reverse().find((x) => x.phone === phone);
    return /验证码为 (\d{6})/.exec(m?.text ?? '')![1];
  };

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp({ env: { REGISTER_ENABLED: 'on' } }));
    previous = setSmsProvider({
      async send(_app, phone, text) {
        outbox.push({ phone, text });
      },
    });
  });
  afterAll(async () => {
    setSmsProvider(previous);
    await close?.();
  });

  it('refuses ADMIN, ａｄｍｉｎ and аdmin, then registers a name of one script with its key', async () => {
    const phone = '13623160001';
    const smscode = await codeFor(phone);
    const reg = (username: string) => post('/sys/user/register', { username, password: 'Secret#123', phone, smscode }).then((r) => r.json());
    expect(await reg('ADMIN')).toMatchObject({ success: false, message: '用户名已注册' });
    expect(await reg('Admin')).toMatchObject({ success: false, message: '用户名已注册' });
    expect(await reg('ａｄｍｉｎ')).toMatchObject({ success: false, message: USERNAME_MSG.compatibility });
    expect(await reg('аdmin')).toMatchObject({ success: false, message: USERNAME_MSG.mixedScripts });
    expect(await reg('Pirate.King')).toMatchObject({ success: true });
    const row = await ctx.db.db.selectFrom('sys_user').select(['username', 'username_key']).where('phone', '=', phone).executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'Pirate.King', username_key: 'pirate.king' });
    await expect(loginAs(app, 'Pirate.King', 'Secret#123')).resolves.toBeTruthy();
  });

  it('two parallel registrations of one name in two cases: one wins', async () => {
    const [p1, p2] = ['13623160002', '13623160003'];
    const [c1, c2] = [await codeFor(p1), await codeFor(p2)];
    const [a, b] = await Promise.all([
      post('/sys/user/register', { username: 'Racer.One', password: 'Secret#123', phone: p1, smscode: c1 }),
      post('/sys/user/register', { username: 'RACER.ONE', password: 'Secret#123', phone: p2, smscode: c2 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect([a.json().success, b.json().success].sort()).toEqual([false, true]);
    expect(await ctx.db.db.selectFrom('sys_user').select('id').where('username_key', '=', 'racer.one').execute()).toHaveLength(1);
  });
});

describe('migration 0028 on a database that already holds look-alikes', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
  });
  afterAll(async () => close?.());

  it('does not fail: one of each group keeps the key, the others sign in as before, and no new variant can be made', async () => {
    const db = ctx.db.db;
    const dialect = ctx.db.dialect;
    await m0028.down(db, dialect);
    // MariaDB's username index (utf8mb4_general_ci) already refused case variants; width variants it let through
    const legacy = dialect === 'mysql' ? ['ｌｅｇａｃｙ', 'Legacy'] : ['ｌｅｇａｃｙ', 'Legacy', 'LEGACY'];
    const ids: string[] = [];
    for (const [i, username] of legacy.entries()) {
      const id = await createTestUser(ctx, { username, password: 'Legacy#123' });
      await db
        .updateTable('sys_user')
        .set({ create_time: `202${i}-01-01 00:00:00` })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    await m0028.up(db, dialect);
    const rows = await db.selectFrom('sys_user').select(['id', 'username', 'username_key']).where('id', 'in', ids).execute();
    const keyOf = (id: string) => rows.find((r) => r.id === id)?.username_key;
    expect(keyOf(ids[0])).toBe('legacy'); // the oldest
    for (const id of ids.slice(1)) expect(keyOf(id)).toBeNull();
    expect((await db.selectFrom('sys_user').select('username_key').where('username', '=', 'admin').executeTakeFirstOrThrow()).username_key).toBe('admin');
    for (const username of legacy) await expect(loginAs(app, username, 'Legacy#123')).resolves.toBeTruthy();
    const h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const r = await app.inject({ method: 'POST', url: `${U}/add`, headers: h, payload: { username: 'legACY', realname: 'x', password: 'Passw0rd!x1' } });
    expect(r.json()).toMatchObject({ success: false, message: '登录账号已存在' });
  });
});
