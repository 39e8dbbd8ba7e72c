import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { sql } from 'kysely';
import { ODD_INPUT_MSG, oddInputError } from '../src/core/http/oddInput.js';
import { createTestContext, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestContext } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const P = TEST_API_PREFIX;

// Issue 10 point 8, the cases the attack run found, on the database of TEST_DB: each gets a 400 envelope with a
// Chinese message, changes nothing, and leaves no error (no stack) in the server log.
describe('odd input gets a 400 envelope, never a 500', () => {
  let t: TestContext;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const lines: { level: number; msg?: string }[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    const stream = new Writable({
      write(chunk, _enc, cb) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        cb();
      },
    });
    app = await buildApp(t.ctx, { logger: { level: 'warn', stream } });
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  const expect400 = (res: { statusCode: number; json(): unknown }, message: string) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 400, message });
  };
  const errorsLogged = () => lines.filter((l) => l.level >= 50);

  it('sign-in with a lone surrogate or a NUL in the user name or password', async () => {
    for (const payload of [
      '{"username":"ad\\ud800min","password":"x","captcha":"","checkKey":""}',
      '{"username":"admin\\udc00","password":"x"}',
      '{"username":"ad\\u0000min","password":"x"}',
      '{"username":"admin","password":"Admin@12345\\u0000"}',
    ]) {
      const res = await app.inject({ method: 'POST', url: `${P}/sys/login`, headers: { 'content-type': 'application/json' }, payload });
      expect400(res, ODD_INPUT_MSG.text);
    }
    // a well-formed surrogate pair (an emoji) is ordinary text: a wrong password, not a refusal of the input
    const emoji = await app.inject({ method: 'POST', url: `${P}/sys/login`, payload: { username: 'admin😀', password: 'x' } });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().success).toBe(false);
    await loginAs(app, 'admin', TEST_ADMIN_PASSWORD); // and the account is not locked by refused requests
    expect(errorsLogged()).toEqual([]);
  });

  it('a user edit with a NUL in a field changes nothing', async () => {
    const admin = await t.ctx.db.db.selectFrom('sys_user').select(['id', 'realname']).where('username', '=', 'admin').executeTakeFirstOrThrow();
    const res = await app.inject({ method: 'PUT', url: `${P}/sys/user/edit`, headers, payload: { id: admin.id, username: 'admin', realname: 'Ad\u0000min' } });
    expect400(res, ODD_INPUT_MSG.text);
    const after = await t.ctx.db.db.selectFrom('sys_user').select('realname').where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(after.realname).toBe(admin.realname);
    const q = await app.inject({ method: 'GET', url: `${P}/sys/user/list?realname=a%00b`, headers });
    expect400(q, ODD_INPUT_MSG.text);
    expect(errorsLogged()).toEqual([]);
  });

  it('a multipart body cut off in the middle, on upload and import', async () => {
    const b = 'cutBoundary';
    const payload = `--${b}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ntemp\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG half`;
    for (const url of [`${P}/sys/common/upload`, `${P}/sys/user/importExcel`, `${P}/sys/position/importExcel`]) {
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${b}` }, payload });
      expect400(res, ODD_INPUT_MSG.multipart);
    }
    expect(errorsLogged()).toEqual([]);
  });

  it('path traversal on the docs page static files', async () => {
    // (a raw ../ is resolved by the URL parser before routing: that one lands on the 404 envelope)
    for (const tail of ['..%2f..%2fpackage.json', '..%5C..%5Cpackage.json', '%00', 'a%00.js', '../../../etc/passwd']) {
      const res = await app.inject(`${P}/docs/static/${tail}`);
      expect(res.statusCode, tail).toBe(tail.startsWith('../') ? 404 : 400);
      expect(res.json().success, tail).toBe(false);
      expect(res.body, tail).not.toMatch(/"name"|root:/);
    }
    expect(errorsLogged()).toEqual([]);
  });

  it("a bad percent-escape in a path parameter gets the envelope, not Fastify's own body", async () => {
    for (const url of [`${P}/sys/user/%E0%A4%A`, `${P}/sys/dict/getDictItems/%ED%A0%80`, `${P}/sys/randomImage/%`]) {
      const res = await app.inject({ url, headers });
      expect400(res, ODD_INPUT_MSG.url);
      expect(res.json()).not.toHaveProperty('error');
    }
  });

  it('a database refusal of bad text that got past the early check is a 400 too (PostgreSQL refuses NUL)', async () => {
    const err = await sql`select ${'a\u0000b'} as v`.execute(t.ctx.db.db).then(
      () => null,
      (e: unknown) => e,
    );
    if (t.dialect !== 'postgres') {
      expect(err).toBeNull(); // SQLite and MySQL store it
      return;
    }
    const req = { isMultipart: () => false } as unknown as Parameters<typeof oddInputError>[1];
    expect(oddInputError(err as Parameters<typeof oddInputError>[0], req)).toMatchObject({ success: false, code: 400, message: ODD_INPUT_MSG.text });
  });
});
