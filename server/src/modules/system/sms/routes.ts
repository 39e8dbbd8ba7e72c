import type { FastifyInstance } from 'fastify';
import { PUBLIC, SIGNED_IN } from '../../../core/access/guard.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { bodyOf, queryOf } from '../../../core/http/routeSchemas.js';
import { queryParams } from '../../../core/query/index.js';
import { MSG } from '../../../core/messages.js';
import { changePhone, passwordChange, phoneLogin, phoneVerification, register, sendCode, sendPhoneChangeCode, SMS_MSG } from './service.js';

const RESET_FIELDS = { username: '用户账号', password: '新密码', smscode: '短信验证码（phoneVerification 的答案）', phone: '手机号' };

/**
 * Sign-in by phone, self-registration, the forgotten password in 4 steps and the own phone change (contract §3.6,
 * issue 14 points 6–7). Codes come from one SMS provider (modules/message: the built-in one writes to the log).
 * Every route that sends or checks a code counts towards the `sms` request limit per client, beside the per-phone
 * and per-address limits of codes.ts.
 */
export async function smsModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.post(
    '/sys/sms',
    {
      config: { ...PUBLIC, throttle: 'sms', log: false },
      schema: { body: bodyOf({ mobile: '手机号', smsmode: '0 登录，1 注册，2 忘记密码' }, { required: ['mobile', 'smsmode'] }) },
    },
    async (req) => {
      await sendCode(app, req, req.body);
      return okMsg(SMS_MSG.sent);
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { ...PUBLIC, throttle: 'login', log: false },
      schema: { body: bodyOf({ mobile: '手机号', captcha: '短信验证码' }, { required: ['mobile', 'captcha'] }) },
    },
    async (req) => ok(await phoneLogin(ctx, req, req.body), MSG.loginOk),
  );

  app.post(
    '/sys/user/register',
    {
      config: { ...PUBLIC, throttle: 'sms', log: false },
      schema: {
        body: bodyOf(
          { username: '用户账号（默认为手机号）', password: '密码（默认随机）', phone: '手机号', smscode: '短信验证码', email: '邮箱' },
          { required: ['phone', 'smscode'] },
        ),
      },
    },
    async (req) => {
      await register(ctx, req.body);
      return okMsg(SMS_MSG.registerOk);
    },
  );

  app.post(
    '/sys/user/phoneVerification',
    {
      config: { ...PUBLIC, throttle: 'sms', log: false },
      schema: { body: bodyOf({ phone: '手机号', smscode: '短信验证码', username: '第一步填写的账号（可选）' }, { required: ['phone', 'smscode'] }) },
    },
    async (req) => ok(await phoneVerification(ctx, req.body)),
  );

  // GET with query parameters as the contract (the original client); POST with a body for ours (no password in URLs)
  app.get(
    '/sys/user/passwordChange',
    { config: { ...PUBLIC, throttle: 'sms' }, schema: { querystring: queryOf(RESET_FIELDS, ['username', 'password', 'smscode', 'phone']) } },
    async (req) => {
      await passwordChange(ctx, queryParams(req));
      return okMsg(SMS_MSG.resetOk);
    },
  );
  app.post(
    '/sys/user/passwordChange',
    {
      config: { ...PUBLIC, throttle: 'sms', log: false },
      schema: { body: bodyOf(RESET_FIELDS, { required: ['username', 'password', 'smscode', 'phone'] }) },
    },
    async (req) => {
      await passwordChange(ctx, req.body);
      return okMsg(SMS_MSG.resetOk);
    },
  );

  app.post(
    '/sys/user/phoneChange/sms',
    {
      config: { ...SIGNED_IN, throttle: 'sms', log: { content: '修改手机号-发送验证码', operateType: 2 } },
      schema: { body: bodyOf({ mobile: '新手机号' }, { required: ['mobile'] }) },
    },
    async (req) => {
      await sendPhoneChangeCode(app, req, req.user!, req.body);
      return okMsg(SMS_MSG.sent);
    },
  );

  app.post(
    '/sys/user/phoneChange',
    {
      config: { ...SIGNED_IN, throttle: 'sms', log: { content: '修改手机号', operateType: 2 } },
      schema: {
        body: bodyOf({ mobile: '新手机号', captcha: '发到新手机号的验证码', password: '当前登录密码' }, { required: ['mobile', 'captcha', 'password'] }),
      },
    },
    async (req) => {
      await changePhone(ctx, req.user!, req.body);
      return okMsg(SMS_MSG.phoneChanged);
    },
  );
}
