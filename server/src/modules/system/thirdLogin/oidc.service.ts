import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { AppContext } from '../../../core/context.js';
import type { SessionUser } from '../../../core/access/types.js';
import { readSession } from '../../../core/auth/session.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { queryAllDictItems } from '../../../core/dict/service.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import type { OidcProviderConfig } from './config.js';
import { THIRD_MSG } from './messages.js';
import { activeUserById, signInVerifiedUser, type SignInResult } from './signIn.service.js';

/**
 * OpenID Connect sign-in for staff (issue 14 point 8; security.md OAuth/SSO classes):
 *
 * - start: state, nonce and a PKCE verifier made here; kept in the KV under the state for 10 minutes (taken once by
 *   the callback) with the hash of a random browser key that goes to the browser as an HttpOnly cookie, so a callback
 *   URL carried to another browser (login CSRF, a leaked code) fails;
 * - callback: the code is exchanged with the verifier, the id_token checked by openid-client (signature, issuer,
 *   audience, expiry, nonce); the subject is looked up in sys_third_account by (provider, subject) only — never by
 *   e-mail or name, and an unknown subject creates no account (account-takeover class): it is linked only from
 *   账户绑定 by a signed-in user;
 * - the browser goes back to fixed paths of this server (`/oauth2-app/login`, `/account/settings/binding#bind=…`) with a
 *   one-time token (2 minutes, single use, bound to the same cookie) that the page trades through
 *   GET /sys/thirdLogin/getLoginUser/{token}/{thirdType} (contract §3.6).
 */

export const BROWSER_COOKIE = 'pk_third';
const STATE_TTL = 600;
const TOKEN_TTL = 120;
const STATE_PREFIX = 'thirdLogin:state:';
// the one-time token's record is keyed by its hash: a key listing (the Redis terminal's SCAN) never shows a usable token
const TOKEN_PREFIX = 'thirdLogin:token:';
export const LOGIN_PAGE = '/oauth2-app/login';
export const BINDING_PAGE = '/account/settings/binding';

/** Why a callback did not sign in (the page's `thirdError` / `bind` query value; the page says it in Chinese). */
export type CallbackOutcome = 'expired' | 'failed' | 'denied' | 'unlinked' | 'frozen' | 'linkedElsewhere' | 'alreadyLinked' | 'sessionEnded';

interface StateRecord {
  provider: string;
  verifier: string;
  nonce: string;
  browser: string;
  mode: 'login' | 'bind';
  userId?: string;
  sessionId?: string;
}

interface TokenRecord {
  userId: string;
  provider: string;
  browser: string;
}

const discovered = new WeakMap<AppContext, Map<string, Promise<oidc.Configuration>>>();

function isLoopback(u: URL): boolean {
  return u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]';
}

export function findProvider(ctx: AppContext, id: string): OidcProviderConfig | undefined {
  return ctx.config.oidcProviders.find((p) => p.id === id);
}

/** The public list for the sign-in page and 账户绑定: id and name only. */
export function publicProviders(ctx: AppContext): Array<{ id: string; name: string }> {
  return ctx.config.oidcProviders.map((p) => ({ id: p.id, name: p.name }));
}

export function redirectUri(ctx: AppContext, p: OidcProviderConfig): string {
  return `${ctx.config.oidcRedirectBase}${ctx.config.apiPrefix}/sys/thirdLogin/oauth2/${p.id}/callback`;
}

/** The provider's metadata, read once per app (a failed read is tried again next time). Plain http only on loopback. */
async function providerConfig(ctx: AppContext, p: OidcProviderConfig): Promise<oidc.Configuration> {
  let byId = discovered.get(ctx);
  if (!byId) discovered.set(ctx, (byId = new Map()));
  let c = byId.get(p.id);
  if (!c) {
    const issuer = new URL(p.issuer);
    const options: oidc.DiscoveryRequestOptions = { timeout: 10 };
    if (issuer.protocol === 'http:' && isLoopback(issuer)) options.execute = [oidc.allowInsecureRequests];
    c = p.clientSecret
      ? oidc.discovery(issuer, p.clientId, p.clientSecret, oidc.ClientSecretBasic(p.clientSecret), options)
      : oidc.discovery(issuer, p.clientId, undefined, oidc.None(), options);
    c.catch(() => byId.delete(p.id));
    byId.set(p.id, c);
  }
  return c;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The browser key of the request's cookie, or ''. */
export function browserKeyOf(req: FastifyRequest): string {
  const raw = req.headers.cookie;
  if (typeof raw !== 'string') return '';
  for (const part of raw.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === BROWSER_COOKIE) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : '';
    }
  }
  return '';
}

/** The Set-Cookie of a new browser key (HttpOnly, SameSite=Lax so the provider's redirect back carries it). */
export function browserCookie(ctx: AppContext, key: string): string {
  const secure = ctx.config.oidcRedirectBase?.startsWith('https:') ? '; Secure' : '';
  return `${BROWSER_COOKIE}=${key}; Path=${ctx.config.apiPrefix}/sys/thirdLogin; Max-Age=${STATE_TTL}; HttpOnly; SameSite=Lax${secure}`;
}

export interface StartedFlow {
  url: string;
  browserKey: string;
}

/** The authorization URL of a new flow (mode login, or bind for the signed-in user `me`). */
export async function startFlow(ctx: AppContext, p: OidcProviderConfig, mode: 'login' | 'bind', me?: SessionUser): Promise<StartedFlow> {
  const config = await providerConfig(ctx, p);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const verifier = oidc.randomPKCECodeVerifier();
  const browserKey = randomBytes(32).toString('base64url');
  const rec: StateRecord = { provider: p.id, verifier, nonce, browser: hashKey(browserKey), mode };
  if (mode === 'bind' && me) {
    rec.userId = me.id;
    rec.sessionId = me.sessionId;
  }
  await ctx.kv.set(STATE_PREFIX + state, JSON.stringify(rec), STATE_TTL);
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri(ctx, p),
    scope: p.scopes.join(' '),
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...(mode === 'bind' ? { prompt: 'login' } : {}),
  });
  return { url: url.href, browserKey };
}

function pageUrl(ctx: AppContext, path: string, params: Record<string, string>): string {
  // 账户绑定's result goes in the fragment: the signed-in layout keys its tabs by path + query (one tab stays one tab)
  return `${ctx.config.oidcRedirectBase}${path}${path === BINDING_PAGE ? '#' : '?'}${new URLSearchParams(params).toString()}`;
}

/** The link row of (provider, subject): compared exactly in JS too (MariaDB's default collation ignores case). */
async function linkOf(ctx: AppContext, provider: string, subject: string) {
  const rows = await ctx.db.db.selectFrom('sys_third_account').selectAll().where('third_type', '=', provider).where('third_user_uuid', '=', subject).execute();
  return rows.find((r) => r.third_type === provider && r.third_user_uuid === subject);
}

/**
 * The provider's redirect back. Always answers a URL of this server's own pages: the sign-in page with a one-time
 * token or an error, or 账户绑定 with the result of a link.
 */
export async function finishFlow(ctx: AppContext, req: FastifyRequest, p: OidcProviderConfig, query: Record<string, string>): Promise<string> {
  const fail = (outcome: CallbackOutcome, mode: 'login' | 'bind' = 'login') =>
    mode === 'bind' ? pageUrl(ctx, BINDING_PAGE, { bind: outcome, thirdType: p.id }) : pageUrl(ctx, LOGIN_PAGE, { thirdError: outcome, thirdType: p.id });
  const state = query.state ?? '';
  if (!state || state.length > 200) return fail('expired');
  const raw = await ctx.kv.take(STATE_PREFIX + state);
  if (!raw) return fail('expired');
  const rec = JSON.parse(raw) as StateRecord;
  const mode = rec.mode;
  const browser = browserKeyOf(req);
  if (rec.provider !== p.id || !browser || !sameHash(hashKey(browser), rec.browser)) return fail('failed', mode);
  if (query.error) return fail('denied', mode);

  let subject: string;
  let claims: oidc.IDToken;
  try {
    const config = await providerConfig(ctx, p);
    const current = new URL(redirectUri(ctx, p));
    for (const [k, v] of Object.entries(query)) current.searchParams.set(k, v);
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: rec.verifier,
      expectedState: state,
      expectedNonce: rec.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims()!;
    subject = String(claims.sub ?? '');
  } catch (e) {
    req.log.warn({ err: e, provider: p.id }, 'OpenID callback refused');
    return fail('failed', mode);
  }
  if (!subject || subject.length > 100) return fail('failed', mode);

  if (mode === 'bind') return bind(ctx, req, p, rec, subject, claims);

  const link = await linkOf(ctx, p.id, subject);
  if (!link?.sys_user_id) return fail('unlinked');
  const user = await activeUserById(ctx, link.sys_user_id);
  if (!user || Number(user.status) !== 1 || Number(link.status ?? 1) !== 1) return fail('frozen');
  const token = randomBytes(24).toString('base64url');
  const t: TokenRecord = { userId: user.id, provider: p.id, browser: rec.browser };
  await ctx.kv.set(TOKEN_PREFIX + hashKey(token), JSON.stringify(t), TOKEN_TTL);
  return pageUrl(ctx, LOGIN_PAGE, { thirdToken: token, thirdType: p.id });
}

async function bind(ctx: AppContext, req: FastifyRequest, p: OidcProviderConfig, rec: StateRecord, subject: string, claims: oidc.IDToken): Promise<string> {
  const done = (outcome: CallbackOutcome | 'ok') => pageUrl(ctx, BINDING_PAGE, { bind: outcome, thirdType: p.id });
  // the link belongs to the session that started it: ended since (logout, password change) → nothing is linked
  const session = rec.sessionId ? await readSession(ctx, rec.sessionId) : null;
  if (!rec.userId || !session || session.userId !== rec.userId) return done('sessionEnded');
  const existing = await linkOf(ctx, p.id, subject);
  if (existing) return done(existing.sys_user_id === rec.userId ? 'ok' : 'linkedElsewhere');
  const own = await ctx.db.db
    .selectFrom('sys_third_account')
    .select('id')
    .where('sys_user_id', '=', rec.userId)
    .where('third_type', '=', p.id)
    .executeTakeFirst();
  if (own) return done('alreadyLinked');
  const name = typeof claims.name === 'string' ? claims.name : typeof claims.preferred_username === 'string' ? claims.preferred_username : '';
  const picture = typeof claims.picture === 'string' && /^https:\/\//.test(claims.picture) && claims.picture.length <= 255 ? claims.picture : null;
  try {
    await ctx.db.db
      .insertInto('sys_third_account')
      .values({
        id: newId(),
        sys_user_id: rec.userId,
        third_type: p.id,
        third_user_uuid: subject,
        third_user_id: subject,
        realname: name.slice(0, 100) || null,
        avatar: picture,
        status: 1,
        del_flag: 0,
        create_by: session.username,
        create_time: now(),
      })
      .execute();
  } catch (e) {
    if (isUniqueViolation(e)) return done('linkedElsewhere');
    throw e;
  }
  req.log.info({ provider: p.id, userId: rec.userId }, 'third-party account linked');
  return done('ok');
}

/**
 * GET /sys/thirdLogin/getLoginUser/{token}/{thirdType}: the one-time token of a callback, taken once (a second use,
 * another browser, another type or an expired token all fail), then the sign-in result (contract `{userInfo, token}`
 * with the rest of the login result).
 */
export async function tradeToken(ctx: AppContext, req: FastifyRequest, token: string, thirdType: string): Promise<SignInResult & { sysAllDictItems: unknown }> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw new BizError(THIRD_MSG.tokenInvalid);
  const raw = await ctx.kv.take(TOKEN_PREFIX + hashKey(token));
  if (!raw) throw new BizError(THIRD_MSG.tokenInvalid);
  const rec = JSON.parse(raw) as TokenRecord;
  if (rec.provider !== thirdType) throw new BizError(THIRD_MSG.typeMismatch);
  const browser = browserKeyOf(req);
  if (!browser || !sameHash(hashKey(browser), rec.browser)) throw new BizError(THIRD_MSG.tokenInvalid);
  const user = await activeUserById(ctx, rec.userId);
  if (!user) throw new BizError(THIRD_MSG.userGone);
  const result = await signInVerifiedUser(ctx, req, user, `第三方(${thirdType})`);
  return { ...result, sysAllDictItems: await queryAllDictItems(ctx) };
}

/** The signed-in user's own links (账户绑定). */
export async function listLinks(ctx: AppContext, me: SessionUser) {
  const rows = await ctx.db.db
    .selectFrom('sys_third_account')
    .select(['id', 'third_type', 'realname', 'avatar', 'create_time'])
    .where('sys_user_id', '=', me.id)
    .orderBy('create_time')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    thirdType: r.third_type,
    providerName: ctx.config.oidcProviders.find((p) => p.id === r.third_type)?.name ?? r.third_type,
    realname: r.realname,
    avatar: r.avatar,
    createTime: r.create_time,
  }));
}

/** Unlink one of the caller's own links (another user's id: not found). */
export async function unlink(ctx: AppContext, me: SessionUser, id: string): Promise<void> {
  const r = await ctx.db.db.deleteFrom('sys_third_account').where('id', '=', id).where('sys_user_id', '=', me.id).executeTakeFirst();
  if (!Number(r.numDeletedRows)) throw new BizError(THIRD_MSG.bindingMissing);
}
