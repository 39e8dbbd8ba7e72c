import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parseServiceResponse } from '../src/modules/system/thirdLogin/cas.service.js';
import { createTestApp, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser } from './helpers/login.js';

const P = TEST_API_PREFIX;
const SERVICE = 'https://admin.example.com/cas-login';

const success = (user: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess><cas:user>${user}</cas:user><cas:attributes><cas:email>x@example.com</cas:email></cas:attributes></cas:authenticationSuccess>
</cas:serviceResponse>`;
const failure = `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;

/** A small CAS server: tickets ST-ok-{user} are valid once for SERVICE; the calls it saw are kept. */
async function startCas(): Promise<{ url: string; calls: URL[]; close(): Promise<void> }> {
  const calls: URL[] = [];
  const used = new Set<string>();
  const server = http.createServer((req, res) => {
    const u = new URL(req.url!, 'http://cas');
    calls.push(u);
    if (u.pathname !== '/cas/p3/serviceValidate') {
      res.writeHead(404).end();
      return;
    }
    const ticket = u.searchParams.get('ticket') ?? '';
    const m = /^ST-ok-(.+)$/.exec(ticket);
    res.setHeader('content-type', 'application/xml');
    if (m && u.searchParams.get('service') === SERVICE && !used.has(ticket)) {
      used.add(ticket);
      res.end(success(m[1]));
    } else res.end(failure);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/cas`, calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

// Issue 14 point 8, contract §3.6: GET /sys/cas/client/validateLogin against a configured CAS server.
describe('CAS validateLogin', () => {
  let app: FastifyInstance;
  let off: FastifyInstance;
  let closers: Array<() => Promise<void>> = [];
  let cas: Awaited<ReturnType<typeof startCas>>;

  beforeAll(async () => {
    cas = await startCas();
    const t = await createTestApp({ env: { CAS_SERVER_URL: cas.url, CAS_SERVICES: `${SERVICE},https://other.example.com/x` } });
    const t2 = await createTestApp();
    app = t.app;
    off = t2.app;
    closers = [t.close, t2.close, cas.close];
    await createTestUser(t.ctx, { username: 'cas_frozen', password: 'Frozen@123', status: 2 });
  });
  afterAll(async () => {
    for (const c of closers) await c();
  });

  const validate = (a: FastifyInstance, ticket: string, service = SERVICE, method: 'GET' | 'POST' = 'GET') =>
    a.inject({ method, url: `${P}/sys/cas/client/validateLogin?${new URLSearchParams({ ticket, service })}`, ...(method === 'POST' ? { payload: {} } : {}) });

  it('a valid ticket signs the CAS user in with the login shape', async () => {
    const res = await validate(app, 'ST-ok-admin');
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { username: 'admin' } } });
    expect(body.result.token).toBeTruthy();
    expect(body.result).toHaveProperty('departs');
    expect(body.result).toHaveProperty('multi_depart');
    expect(body.result.userInfo.password).toBeUndefined();
    const probe = await app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(body.result.token) });
    expect(probe.json()).toMatchObject({ success: true });
    // the ticket went to the CAS server with the same service
    expect(cas.calls.at(-1)!.searchParams.get('service')).toBe(SERVICE);
    // POST (spec 000) answers alike
    expect((await validate(app, 'ST-ok-admin2', SERVICE, 'POST')).json()).toMatchObject({ success: false, message: 'CAS账号在系统中不存在' });
  });

  it('a bad or reused ticket is refused', async () => {
    expect((await validate(app, 'ST-bad')).json()).toMatchObject({ success: false, message: 'CAS票据校验失败' });
    expect((await validate(app, 'ST-ok-admin')).json()).toMatchObject({ success: false, message: 'CAS票据校验失败' });
    expect((await validate(app, '')).json()).toMatchObject({ success: false, message: 'ticket不能为空' });
  });

  it('an unknown or frozen CAS user is not signed in', async () => {
    expect((await validate(app, 'ST-ok-nobody')).json()).toMatchObject({ success: false, message: 'CAS账号在系统中不存在' });
    expect((await validate(app, 'ST-ok-cas_frozen')).json()).toMatchObject({ success: false, message: '该用户已冻结' });
  });

  it('a service outside the allow-list is refused before the CAS server is asked', async () => {
    const n = cas.calls.length;
    expect((await validate(app, 'ST-ok-admin', 'https://evil.example.com/steal')).json()).toMatchObject({
      success: false,
      message: 'service不在允许的列表中',
    });
    expect((await validate(app, 'ST-ok-admin', `${SERVICE}/../x`)).json()).toMatchObject({ success: false });
    expect(cas.calls.length).toBe(n);
  });

  it('is off when CAS_SERVER_URL is not set', async () => {
    expect((await validate(off, 'ST-ok-admin')).json()).toMatchObject({ success: false, message: '未启用CAS单点登录' });
  });

  it('parses the answer without DTDs or entities', () => {
    expect(parseServiceResponse(success('admin'))).toBe('admin');
    expect(parseServiceResponse(failure)).toBeNull();
    expect(parseServiceResponse('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>' + success('&e;'))).toBeNull();
    expect(parseServiceResponse(success('&amp;admin'))).toBe('&admin');
    expect(
      parseServiceResponse(
        '<cas:serviceResponse xmlns:cas="x"><cas:authenticationFailure><cas:user>admin</cas:user></cas:authenticationFailure></cas:serviceResponse>',
      ),
    ).toBeNull();
    expect(parseServiceResponse('not xml')).toBeNull();
  });
});
