import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC, SIGNED_IN } from '../../../core/access/guard.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { ID_QUERY, NO_BODY, paramsOf, queryOf } from '../../../core/http/routeSchemas.js';
import { param, queryParams } from '../../../core/query/buildQuery.js';
import { casValidateLogin } from './cas.service.js';
import { THIRD_MSG } from './messages.js';
import { LOGIN_PAGE, browserCookie, findProvider, finishFlow, listLinks, publicProviders, startFlow, tradeToken, unlink } from './oidc.service.js';

const PROVIDER_PARAMS = paramsOf({ provider: '第三方登录方式（OIDC_PROVIDERS 的 id）' });
/** The parameters of an OpenID provider's redirect back (RFC 6749 §4.1.2, RFC 9207 iss). */
const CALLBACK_KEYS = ['code', 'state', 'iss', 'error', 'error_description', 'session_state'] as const;
const CALLBACK_QUERY = queryOf({
  code: '授权码',
  state: '状态值',
  iss: '签发方',
  error: '错误码',
  error_description: '错误说明',
  session_state: '会话状态',
});
const CAS_QUERY = queryOf({ ticket: 'CAS 票据', service: '票据对应的服务地址（须在 CAS_SERVICES 中）' }, ['ticket', 'service']);

/**
 * Third-party sign-in (issue 14 point 8, contract §3.6): OpenID Connect with PKCE (oidc.service.ts), 账户绑定, CAS
 * (cas.service.ts). The browser-facing routes (login start, callback) answer redirects to fixed pages of this server.
 */
export async function thirdLoginModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get('/sys/thirdLogin/providers', { config: PUBLIC }, async () => ok(publicProviders(ctx)));

  app.get<{ Params: { provider: string } }>(
    '/sys/thirdLogin/oauth2/:provider/login',
    { config: { ...PUBLIC, throttle: 'login' }, schema: { params: PROVIDER_PARAMS } },
    async (req, reply) => {
      const p = findProvider(ctx, req.params.provider);
      if (!p) throw new BizError(THIRD_MSG.unknownProvider);
      let flow;
      try {
        flow = await startFlow(ctx, p, 'login');
      } catch (err) {
        req.log.warn({ err, provider: p.id }, 'OpenID provider unavailable');
        return reply.redirect(`${ctx.config.oidcRedirectBase}${LOGIN_PAGE}?thirdError=unavailable&thirdType=${p.id}`, 302);
      }
      reply.header('set-cookie', browserCookie(ctx, flow.browserKey)).header('cache-control', 'no-store');
      return reply.redirect(flow.url, 302);
    },
  );

  app.get<{ Params: { provider: string } }>(
    '/sys/thirdLogin/oauth2/:provider/callback',
    { config: { ...PUBLIC, throttle: 'login' }, schema: { params: PROVIDER_PARAMS, querystring: CALLBACK_QUERY } },
    async (req, reply) => {
      const p = findProvider(ctx, req.params.provider);
      if (!p) throw new BizError(THIRD_MSG.unknownProvider);
      const q = queryParams(req);
      const query: Record<string, string> = {};
      for (const k of CALLBACK_KEYS) {
        const v = param(q, k);
        if (v !== undefined) query[k] = v.slice(0, 2000);
      }
      const target = await finishFlow(ctx, req, p, query);
      // the browser key has done its work: dropped
      reply.header('cache-control', 'no-store');
      return reply.redirect(target, 302);
    },
  );

  app.get<{ Params: { token: string; thirdType: string } }>(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      config: { ...PUBLIC, throttle: 'login' },
      schema: { params: paramsOf({ token: '回调给出的一次性登录凭证', thirdType: '第三方登录方式' }) },
    },
    async (req) => ok(await tradeToken(ctx, req, req.params.token, req.params.thirdType), THIRD_MSG.loginOk),
  );

  app.get('/sys/thirdLogin/bindings', { config: SIGNED_IN }, async (req) => ok(await listLinks(ctx, req.user!)));

  app.post<{ Params: { provider: string } }>(
    '/sys/thirdLogin/oauth2/:provider/bind',
    { config: { ...SIGNED_IN, log: { content: '第三方账号-绑定', operateType: 2 } }, schema: { params: PROVIDER_PARAMS, body: NO_BODY } },
    async (req, reply) => {
      const p = findProvider(ctx, req.params.provider);
      if (!p) throw new BizError(THIRD_MSG.unknownProvider);
      const flow = await startFlow(ctx, p, 'bind', req.user!);
      reply.header('set-cookie', browserCookie(ctx, flow.browserKey));
      return ok({ url: flow.url });
    },
  );

  app.delete(
    '/sys/thirdLogin/unbind',
    { config: { ...SIGNED_IN, log: { content: '第三方账号-解绑', operateType: 4 } }, schema: { querystring: ID_QUERY } },
    async (req) => {
      const id = param(queryParams(req), 'id')?.trim();
      if (!id || id.length > 32) throw new BizError(THIRD_MSG.idRequired);
      await unlink(ctx, req.user!, id);
      return okMsg(THIRD_MSG.unbound);
    },
  );

  // contract §3.6 says GET, spec 000 lists POST: both, reading the query
  const cas = async (req: FastifyRequest) => {
    const q = queryParams(req);
    const result = await casValidateLogin(ctx, req, param(q, 'ticket')?.trim() ?? '', param(q, 'service')?.trim() ?? '');
    return ok(result, THIRD_MSG.loginOk);
  };
  app.get('/sys/cas/client/validateLogin', { config: { ...PUBLIC, throttle: 'login' }, schema: { querystring: CAS_QUERY } }, cas);
  app.post('/sys/cas/client/validateLogin', { config: { ...PUBLIC, throttle: 'login' }, schema: { querystring: CAS_QUERY, body: NO_BODY } }, cas);

  // 用户管理 of the original client asks on every visit which third-party apps users may be synchronised to (its
  // 同步到企业微信/钉钉 buttons; JeecgBoot v3.1.0 ThirdAppController.getEnabledType). This server synchronises to none
  // (sign-in through those apps is OpenID Connect, OIDC_PROVIDERS): both false, so the client shows no sync button.
  app.get('/sys/thirdApp/getEnabledType', { config: SIGNED_IN, schema: { querystring: queryOf({ _t: '时间戳（防缓存，忽略）' }) } }, async () =>
    ok({ ...THIRD_APP_SYNC }),
  );
}

/** The third-party apps users are synchronised to (`getEnabledType`): none. */
export const THIRD_APP_SYNC = { wechatEnterprise: false, dingtalk: false } as const;
