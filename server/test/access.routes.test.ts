import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { undeclaredRoutes } from '../src/core/access/guard.js';
import { createTestApp, TEST_API_PREFIX } from './harness.js';
import { collectRoutes, samplePath, type SeenRoute } from './helpers/routes.js';

const P = TEST_API_PREFIX;

/**
 * The routes anyone may call without a token (security §1.2: deny by default, explicit allowlist).
 * Adding a public route means adding it here, on purpose, in review.
 */
const PUBLIC_ALLOWLIST = [
  `GET ${P}/sys/randomImage/:key`,
  `POST ${P}/sys/checkCaptcha`,
  `POST ${P}/sys/login`,
  ...['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => `${m} ${P}/sys/logout`),
  // contract §2.4 / §7.2: stored files (core/files).
  `GET ${P}/sys/common/static/*`,
  // core/realtime/vxeSocket.ts: a browser cannot send the token header on a WebSocket; the handler authenticates
  // the sub-protocol token itself and closes with 4401 / 4403 (realtime.vxeSocket.test.ts).
  `GET ${P}/vxeSocket/:userId/:pageId`,
  // core/realtime/liveSocket.ts: the live notice channel, authenticated the same way (liveChannel.test.ts).
  `GET ${P}/websocket/:userId`,
  // contract §8.2 show/{id} (anon): a published ALL notice to anyone, others only to their audience or the list
  // code's holders; everything else 404 (announcement.test.ts).
  `GET ${P}/sys/annountCement/show/:id`,
  // issue 13 point 5: the game devices have no session; each call is authenticated by the device's key (HMAC-SHA256
  // of the raw body, timestamp ±300 s, single-use nonce, revocable key: modules/game/play, game/play.device.test.ts).
  `POST ${P}/device/signIn`,
  `POST ${P}/device/answer`,
  `POST ${P}/device/openChest`,
  // issue 13 point 9: WeChat Pay's server calls it without a token; the handler verifies the RSA-SHA256 signature of
  // the platform key, refuses stale timestamps and processes a notification once (game/shop.payNotify.test.ts).
  `POST ${P}/shop/pay/notify/wechat`,
  // issue 14 oauth part (point 8): third-party sign-in happens before there is a session. The provider list (ids and
  // names); the start and the provider's redirect back (state + PKCE verifier in the KV, single use, bound to the
  // browser's HttpOnly cookie; redirects only to fixed pages); the one-time token trade (single use, 2 min, same
  // browser); CAS ticket validation (off unless CAS_SERVER_URL, service allow-list). oidc.test.ts, cas.test.ts.
  `GET ${P}/sys/thirdLogin/providers`,
  `GET ${P}/sys/thirdLogin/oauth2/:provider/login`,
  `GET ${P}/sys/thirdLogin/oauth2/:provider/callback`,
  `GET ${P}/sys/thirdLogin/getLoginUser/:token/:thirdType`,
  `GET ${P}/sys/cas/client/validateLogin`,
  `POST ${P}/sys/cas/client/validateLogin`,
  // issue 14 sign-in part (contract §2.4 anon list): SMS codes, phone sign-in, self-registration (off unless
  // REGISTER_ENABLED), the forgotten password (code → ticket bound to phone + user → new password). Codes are hashed,
  // 5 min, single use, 5 tries; sending is limited per phone and per address (modules/system/sms, smsLogin.test.ts).
  `POST ${P}/sys/sms`,
  `POST ${P}/sys/phoneLogin`,
  `POST ${P}/sys/user/register`,
  `POST ${P}/sys/user/phoneVerification`,
  `GET ${P}/sys/user/passwordChange`,
  `POST ${P}/sys/user/passwordChange`,
  // issue 14 point 3 (s14-monitor): Prometheus scrapes with `Authorization: Bearer <METRICS_TOKEN>` (no session); the
  // handler itself refuses anyone without that token or a session holding monitor:metrics (401 / 510, monitor.test.ts).
  `GET ${P}/metrics`,
];
/** Public on purpose by core/http/apiDocs.ts (an iframe cannot send the token; no data in them). */
const PUBLIC_DOCS_PREFIX = `${P}/docs`;
const PUBLIC_DOCS = [`GET ${P}/v3/api-docs`];

// Security §1.2: every route declares config.auth; the public set equals the allowlist; the rest answer 401 without a token.
describe('route access declarations', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  const seen: SeenRoute[] = [];

  beforeAll(async () => {
    const t = await createTestApp();
    app = t.app;
    ctx = t.ctx;
    close = t.close;
    seen.push(...(await collectRoutes(ctx)));
  });
  afterAll(async () => close());

  it('no route is registered without config.auth', () => {
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((s) => !s.auth).map((s) => s.key)).toEqual([]);
    expect(undeclaredRoutes).toEqual([]);
  });

  it('the public routes are exactly the allowlist', () => {
    const pub = seen
      .filter((s) => s.auth === 'public' && !s.catchAll)
      .map((s) => s.key)
      .filter((k) => !PUBLIC_DOCS.includes(k) && !k.split(' ')[1].startsWith(PUBLIC_DOCS_PREFIX));
    expect([...new Set(pub)].sort()).toEqual([...PUBLIC_ALLOWLIST].sort());
  });

  it('every declared non-public route answers 401 without a token (plus path variants)', async () => {
    const protectedRoutes = seen.filter((s) => s.auth && s.auth !== 'public' && !s.catchAll);
    expect(protectedRoutes.length).toBeGreaterThan(3);
    for (const r of protectedRoutes) {
      const [method, url] = r.key.split(' ');
      const path = samplePath(url);
      for (const variant of [path, `${path}/`, `${path}.js`, `${path};.js`, path.toUpperCase(), path.replace(`${P}/`, `${P}//`)]) {
        const bodiless = method === 'GET' || method === 'DELETE';
        const res = await app.inject({
          method: method as 'GET',
          url: variant,
          ...(bodiless ? {} : { headers: { 'content-type': 'application/json' }, payload: '{}' }),
        });
        expect([401, 404, 405], `${method} ${variant} → ${res.statusCode}`).toContain(res.statusCode);
        expect(res.statusCode === 200, `${method} ${variant}`).toBe(false);
      }
    }
  });
});
