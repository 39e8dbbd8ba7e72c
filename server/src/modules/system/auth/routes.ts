import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PUBLIC, SIGNED_IN, TOKEN_HEADER } from '../../../core/access/guard.js';
import { CAPTCHA_MSG, checkCaptcha, issueCaptcha } from '../../../core/auth/captcha.js';
import { forgetPermissionState } from '../../../core/auth/permissions.js';
import { forgetContext } from '../../../core/auth/users.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { AUTH_MSG, currentUserDeparts, login, logout, selectDepart, updatePassword } from './service.js';
import { bodyOf, bool, paramsOf } from '../../../core/http/routeSchemas.js';

function tokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers[TOKEN_HEADER];
  const v = (Array.isArray(h) ? h[0] : h)?.trim();
  return v || undefined;
}

/**
 * A bodiless POST that still says `Content-Type: application/json` (the Vue client's logout) must not fail JSON
 * parsing: drop the content type when there is no body.
 */
async function allowEmptyJson(req: FastifyRequest): Promise<void> {
  const len = req.headers['content-length'];
  if ((len === undefined || len === '0') && req.headers['transfer-encoding'] === undefined) delete req.headers['content-type'];
}

/** Sign-in, sign-out, captcha, own password and current department (contract §3). */
export async function authModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.addHook('onClose', async () => {
    forgetContext(ctx);
    forgetPermissionState(ctx);
  });

  app.get<{ Params: { key: string } }>(
    '/sys/randomImage/:key',
    { config: { ...PUBLIC, throttle: 'captcha' }, schema: { params: paramsOf({ key: '验证码的 checkKey（客户端生成）' }) } },
    async (req) => ok(await issueCaptcha(ctx, req.params.key)),
  );

  app.post(
    '/sys/checkCaptcha',
    {
      config: { ...PUBLIC, throttle: 'captcha' },
      schema: { body: bodyOf({ captcha: '验证码', checkKey: '验证码的 checkKey' }, { optional: true, required: ['captcha', 'checkKey'] }) },
    },
    async (req) => {
      const body = (req.body ?? {}) as { captcha?: unknown; checkKey?: unknown };
      // CAPTCHA=off: sign-in checks no captcha, and neither does this check (找回密码 step 1); a text is still required
      if (!ctx.config.captcha) {
        if (typeof body.captcha !== 'string' || !body.captcha.trim()) throw new BizError(CAPTCHA_MSG.invalid);
        return ok(null);
      }
      const r = await checkCaptcha(ctx, body.captcha, body.checkKey, 'onFailure');
      if (r === 'invalid') throw new BizError(CAPTCHA_MSG.invalid);
      if (r === 'wrong') throw new BizError(CAPTCHA_MSG.wrong);
      return ok(null);
    },
  );

  app.post(
    '/sys/login',
    {
      config: { ...PUBLIC, throttle: 'login' },
      schema: {
        body: bodyOf(
          { username: '用户账号', password: '密码', captcha: '验证码', checkKey: '验证码的 checkKey', remember_me: bool('记住我') },
          { optional: true, required: ['username', 'password'] },
        ),
      },
    },
    async (req) => ok(await login(ctx, req, req.body), AUTH_MSG.loginOk),
  );

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: '/sys/logout',
    config: PUBLIC,
    onRequest: allowEmptyJson,
    handler: async (req) => {
      await logout(ctx, req, tokenOf(req));
      return okMsg(AUTH_MSG.logoutOk);
    },
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: SIGNED_IN,
    schema: {
      body: bodyOf(
        { username: '本人账号', oldpassword: '旧密码', password: '新密码', confirmpassword: '确认密码' },
        { required: ['username', 'oldpassword', 'password', 'confirmpassword'] },
      ),
    },
    handler: async (req) => {
      await updatePassword(ctx, req.user!, req.body);
      return okMsg(AUTH_MSG.passwordChanged);
    },
  });

  app.get('/sys/user/getCurrentUserDeparts', { config: SIGNED_IN }, async (req) => ok(await currentUserDeparts(ctx, req.user!)));

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: SIGNED_IN,
    schema: { body: bodyOf({ username: '本人账号', orgCode: '部门编码' }, { required: ['orgCode'] }) },
    handler: async (req) => ok(await selectDepart(ctx, req.user!, req.body)),
  });
}
