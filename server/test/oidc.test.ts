import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';
import { CONFIDENTIAL_CLIENT, signInAtProvider, startTestProvider, type TestProvider } from './helpers/oidcProvider.js';

const P = TEST_API_PREFIX;
const BASE = 'http://pk.test';
const CALLBACK = `${BASE}${P}/sys/thirdLogin/oauth2/test/callback`;
const CALLBACK2 = `${BASE}${P}/sys/thirdLogin/oauth2/corp/callback`;
const ADMIN_ID = 'e9ca23d68d884d4ebb19d07889727dae';

// Issue 14 point 8: OpenID Connect sign-in with PKCE against a real provider (oidc-provider), 账户绑定, refusals.
describe('OpenID Connect sign-in and 账户绑定', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let op: TestProvider;
  let adminToken: string;

  beforeAll(async () => {
    op = await startTestProvider([CALLBACK, CALLBACK2]);
    const t = await createTestApp({
      env: {
        OIDC_PROVIDERS: JSON.stringify([
          { id: 'test', name: '测试身份源', issuer: op.issuer, clientId: op.clientId, scopes: ['openid', 'profile'] },
          { id: 'corp', name: '企业身份源', issuer: op.issuer, clientId: CONFIDENTIAL_CLIENT.id, clientSecret: CONFIDENTIAL_CLIENT.secret },
        ]),
        OIDC_REDIRECT_BASE: BASE,
      },
    });
    app = t.app;
    ctx = t.ctx;
    close = t.close;
    adminToken = await loginAs(app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await close?.();
    await op?.close();
  });

  const cookieOf = (setCookie: string | string[] | undefined): string => {
    const c = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((s) => s.startsWith('pk_third='));
    expect(c).toBeTruthy();
    expect(c).toMatch(/HttpOnly/);
    expect(c).toMatch(/SameSite=Lax/);
    return c!.split(';')[0];
  };

  /** The sign-in button: the start route's redirect to the provider and the browser cookie. */
  async function startLogin(): Promise<{ url: string; cookie: string }> {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/oauth2/test/login` });
    expect(res.statusCode).toBe(302);
    const url = res.headers.location as string;
    expect(url.startsWith(`${op.issuer}/`)).toBe(true);
    const u = new URL(url);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toBeTruthy();
    expect(u.searchParams.get('state')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect(u.searchParams.get('redirect_uri')).toBe(CALLBACK);
    return { url, cookie: cookieOf(res.headers['set-cookie']) };
  }

  async function startBind(token: string): Promise<{ url: string; cookie: string }> {
    const res = await app.inject({ method: 'POST', url: `${P}/sys/thirdLogin/oauth2/test/bind`, headers: authHeaders(token), payload: {} });
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200 });
    return { url: body.result.url, cookie: cookieOf(res.headers['set-cookie']) };
  }

  /** The provider's redirect back, delivered to the server with the browser's cookie; answers the page URL. */
  async function callback(back: string, cookie: string | null): Promise<URL> {
    expect(back.startsWith(CALLBACK)).toBe(true);
    const u = new URL(back);
    const res = await app.inject({ method: 'GET', url: u.pathname + u.search, headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(302);
    const loc = new URL(res.headers.location as string);
    expect(loc.origin).toBe(BASE);
    return loc;
  }

  const trade = (token: string, type: string, cookie: string | null) =>
    app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/getLoginUser/${token}/${type}`, headers: cookie ? { cookie } : {} });

  const links = async (token: string) => (await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/bindings`, headers: authHeaders(token) })).json().result;

  it('lists the configured providers publicly (id and name only)', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/providers` });
    expect(res.json()).toMatchObject({
      success: true,
      result: [
        { id: 'test', name: '测试身份源' },
        { id: 'corp', name: '企业身份源' },
      ],
    });
    expect(JSON.stringify(res.json())).not.toContain(CONFIDENTIAL_CLIENT.secret);
    expect(JSON.stringify(res.json())).not.toContain(op.clientId);
  });

  it('an unknown provider is refused with a message', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/oauth2/nope/login` });
    expect(res.json()).toMatchObject({ success: false, message: '未配置该第三方登录方式' });
  });

  it('an unlinked subject signs nobody in and creates no account', async () => {
    const before = await ctx.db.db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { url, cookie } = await startLogin();
    const page = await callback(await signInAtProvider(url, 'alice'), cookie);
    expect(page.pathname).toBe('/oauth2-app/login');
    expect(page.searchParams.get('thirdError')).toBe('unlinked');
    expect(page.searchParams.get('thirdToken')).toBeNull();
    const after = await ctx.db.db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await ctx.db.db.selectFrom('sys_third_account').selectAll().execute()).toEqual([]);
  });

  it('links the subject to the signed-in user through 账户绑定, then signs in through the provider', async () => {
    const { url, cookie } = await startBind(adminToken);
    const page = await callback(await signInAtProvider(url, 'alice'), cookie);
    expect(page.pathname).toBe('/account/settings/binding');
    expect(
      page.hash
        .replace(/^#/, '')
        .split('&')
        .find((kv) => kv.startsWith('bind='))
        ?.slice(5),
    ).toBe('ok');
    expect(await links(adminToken)).toMatchObject([{ thirdType: 'test', providerName: '测试身份源', realname: '外部用户 alice' }]);

    const login = await startLogin();
    const back = await callback(await signInAtProvider(login.url, 'alice'), login.cookie);
    expect(back.pathname).toBe('/oauth2-app/login');
    const thirdToken = back.searchParams.get('thirdToken')!;
    expect(thirdToken).toBeTruthy();
    expect(back.searchParams.get('thirdType')).toBe('test');

    const res = await trade(thirdToken, 'test', login.cookie);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '登录成功', result: { userInfo: { id: ADMIN_ID, username: 'admin' } } });
    expect(body.result.userInfo.password).toBeUndefined();
    const probe = await app.inject({ method: 'GET', url: `${P}/sys/user/getCurrentUserDeparts`, headers: authHeaders(body.result.token) });
    expect(probe.json()).toMatchObject({ success: true });

    // the one-time token is single-use
    expect((await trade(thirdToken, 'test', login.cookie)).json()).toMatchObject({ success: false, message: '登录凭证无效或已过期，请重新登录' });
  });

  it('the one-time token works only in the browser that started, for its own type', async () => {
    const a = await startLogin();
    const backA = await callback(await signInAtProvider(a.url, 'alice'), a.cookie);
    const tokenA = backA.searchParams.get('thirdToken')!;
    expect((await trade(tokenA, 'test', null)).json()).toMatchObject({ success: false });
    // burnt by the failed attempt, even with the right cookie now
    expect((await trade(tokenA, 'test', a.cookie)).json()).toMatchObject({ success: false });

    const b = await startLogin();
    const tokenB = (await callback(await signInAtProvider(b.url, 'alice'), b.cookie)).searchParams.get('thirdToken')!;
    expect((await trade(tokenB, 'other', b.cookie)).json()).toMatchObject({ success: false, message: '第三方登录类型不匹配' });
    expect((await trade('not-a-token', 'test', b.cookie)).json()).toMatchObject({ success: false });
  });

  it('refuses a replayed callback, a forged state, another browser and a code of another flow (PKCE)', async () => {
    const a = await startLogin();
    const back = await signInAtProvider(a.url, 'alice');
    expect((await callback(back, a.cookie)).searchParams.get('thirdToken')).toBeTruthy();
    // replay: the state was taken
    expect((await callback(back, a.cookie)).searchParams.get('thirdError')).toBe('expired');
    // forged / missing state
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state-value');
    expect((await callback(forged.href, a.cookie)).searchParams.get('thirdError')).toBe('expired');
    forged.searchParams.delete('state');
    expect((await callback(forged.href, a.cookie)).searchParams.get('thirdError')).toBe('expired');

    // a callback URL carried to another browser (login CSRF): the browser key does not match
    const b = await startLogin();
    const backB = await signInAtProvider(b.url, 'alice');
    expect((await callback(backB, null)).searchParams.get('thirdError')).toBe('failed');
    const other = await startLogin();
    const c = await startLogin();
    const backC = await signInAtProvider(c.url, 'alice');
    expect((await callback(backC, other.cookie)).searchParams.get('thirdError')).toBe('failed');

    // PKCE: flow D's code presented with flow E's state (and browser): exchanged with E's verifier, refused
    const d = await startLogin();
    const e = await startLogin();
    const backD = new URL(await signInAtProvider(d.url, 'alice'));
    backD.searchParams.set('state', new URL(e.url).searchParams.get('state')!);
    const page = await callback(backD.href, e.cookie);
    expect(page.searchParams.get('thirdError')).toBe('failed');
    expect(page.searchParams.get('thirdToken')).toBeNull();
  });

  it('a confidential client (clientSecret) goes through the same flow; its links are its own provider’s', async () => {
    const res = await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/oauth2/corp/login` });
    const cookie = cookieOf(res.headers['set-cookie']);
    const url = res.headers.location as string;
    expect(new URL(url).searchParams.get('client_id')).toBe(CONFIDENTIAL_CLIENT.id);
    expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');
    const back = new URL(await signInAtProvider(url, 'alice'));
    // alice is linked for 'test' only: the exchange succeeded (the subject was read) and the answer is unlinked
    const page = await app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
    const loc = new URL(page.headers.location as string);
    expect(loc.searchParams.get('thirdError')).toBe('unlinked');
    expect(loc.searchParams.get('thirdType')).toBe('corp');
  });

  it('an error from the provider (denied) signs nobody in', async () => {
    const a = await startLogin();
    const state = new URL(a.url).searchParams.get('state')!;
    const page = await callback(`${CALLBACK}?error=access_denied&state=${state}`, a.cookie);
    expect(page.searchParams.get('thirdError')).toBe('denied');
  });

  it('a subject linked to one user cannot be linked by another; a second link of one provider is refused', async () => {
    await createTestUser(ctx, { username: 'oidc_bob', password: 'Bob@123456' });
    const bob = await loginAs(app, 'oidc_bob', 'Bob@123456');
    const a = await startBind(bob);
    expect(
      (await callback(await signInAtProvider(a.url, 'alice'), a.cookie)).hash
        .replace(/^#/, '')
        .split('&')
        .find((kv) => kv.startsWith('bind='))
        ?.slice(5),
    ).toBe('linkedElsewhere');
    expect(await links(bob)).toEqual([]);
    // admin already has a link of this provider: another subject is refused
    const b = await startBind(adminToken);
    expect(
      (await callback(await signInAtProvider(b.url, 'carol'), b.cookie)).hash
        .replace(/^#/, '')
        .split('&')
        .find((kv) => kv.startsWith('bind='))
        ?.slice(5),
    ).toBe('alreadyLinked');
    // a bind whose session ended in between links nothing
    const c = await startBind(bob);
    await app.inject({ method: 'POST', url: `${P}/sys/logout`, headers: authHeaders(bob) });
    expect(
      (await callback(await signInAtProvider(c.url, 'bobsub'), c.cookie)).hash
        .replace(/^#/, '')
        .split('&')
        .find((kv) => kv.startsWith('bind='))
        ?.slice(5),
    ).toBe('sessionEnded');
    expect(await ctx.db.db.selectFrom('sys_third_account').select('third_user_uuid').where('third_user_uuid', '=', 'bobsub').execute()).toEqual([]);
  });

  it('a frozen user is not signed in through a link', async () => {
    const id = await createTestUser(ctx, { username: 'oidc_dave', password: 'Dave@123456' });
    const dave = await loginAs(app, 'oidc_dave', 'Dave@123456');
    const a = await startBind(dave);
    expect(
      (await callback(await signInAtProvider(a.url, 'dave'), a.cookie)).hash
        .replace(/^#/, '')
        .split('&')
        .find((kv) => kv.startsWith('bind='))
        ?.slice(5),
    ).toBe('ok');
    await ctx.db.db.updateTable('sys_user').set({ status: 2 }).where('id', '=', id).execute();
    const b = await startLogin();
    expect((await callback(await signInAtProvider(b.url, 'dave'), b.cookie)).searchParams.get('thirdError')).toBe('frozen');
  });

  it('unlinks only the caller’s own link; afterwards the subject is unlinked again', async () => {
    const [own] = await links(adminToken);
    await createTestUser(ctx, { username: 'oidc_erin', password: 'Erin@123456' });
    const erin = await loginAs(app, 'oidc_erin', 'Erin@123456');
    const other = await app.inject({ method: 'DELETE', url: `${P}/sys/thirdLogin/unbind?id=${own.id}`, headers: authHeaders(erin) });
    expect(other.json()).toMatchObject({ success: false, message: '未找到该绑定记录' });
    const missing = await app.inject({ method: 'DELETE', url: `${P}/sys/thirdLogin/unbind`, headers: authHeaders(adminToken) });
    expect(missing.json()).toMatchObject({ success: false });
    const res = await app.inject({ method: 'DELETE', url: `${P}/sys/thirdLogin/unbind?id=${own.id}`, headers: authHeaders(adminToken) });
    expect(res.json()).toMatchObject({ success: true, message: '解绑成功' });
    expect(await links(adminToken)).toEqual([]);
    const a = await startLogin();
    expect((await callback(await signInAtProvider(a.url, 'alice'), a.cookie)).searchParams.get('thirdError')).toBe('unlinked');
  });

  it('the 账户绑定 routes need a sign-in', async () => {
    expect((await app.inject({ method: 'GET', url: `${P}/sys/thirdLogin/bindings` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${P}/sys/thirdLogin/oauth2/test/bind`, payload: {} })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: `${P}/sys/thirdLogin/unbind?id=x` })).statusCode).toBe(401);
  });
});
