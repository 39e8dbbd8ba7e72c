import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FIELD_FORMATS } from '@pk/contract';
import type { AppContext } from '../../../core/context.js';
import type { SessionUser } from '../../../core/access/types.js';
import { writeLoginLog } from '../../../core/audit/loginLog.js';
import { LOCKED_MESSAGE, beginAttempt, clearFailures, recordFailure } from '../../../core/auth/lockout.js';
import { hashPassword, verifyPassword } from '../../../core/auth/password.js';
import { passwordChanged } from '../../../core/auth/initialAdminPassword.js';
import { endUserSessions } from '../../../core/auth/session.js';
import { invalidateUser } from '../../../core/auth/users.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { newId } from '../../../core/id.js';
import { MSG } from '../../../core/messages.js';
import { now } from '../../../core/time.js';
import type { SysUser } from '../../../db/schema.js';
import { sendSmsText } from '../../message/send/channels.js';
import { AUTH_MSG, signInUser } from '../auth/service.js';
import { usernameKey, usernameProblem, usernameTaken } from '../user/username.js';
import { CODE_TTL_SECONDS, type CodePurpose, checkCode, consumeCode, dropCode, newCode, storeCode, takeSendSlot, type LimitRefusal } from './codes.js';

export const SMS_MSG = {
  mobileEmpty: '手机号不允许为空！',
  badMobile: FIELD_FORMATS.mobile.message,
  badMode: '短信类型不正确',
  /** contract §3.6 (its leading space kept) */
  phoneRegistered: ' 手机号已经注册，请直接登录！',
  sendFailed: '短信验证码发送失败,请稍后重试',
  sent: '验证码已发送，5分钟内有效',
  ipGap: (s: number) => `短信发送过于频繁，请${s}秒后再试`,
  phoneGap: (s: number) => `该手机号${s}秒内只能获取一次验证码，请稍后再试`,
  ipDaily: '今日短信发送次数已达上限，请明天再试',
  phoneDaily: '该手机号今日获取验证码次数已达上限，请明天再试',
  codeWrong: '手机验证码错误',
  codeExpired: '手机验证码失效，请重新获取',
  registerOff: '系统未开放注册，请联系管理员',
  registerOk: '注册成功',
  usernameTaken: '用户名已注册',
  phoneTaken: '该手机号已注册',
  emailTaken: '邮箱已被注册',
  registerFailed: '注册失败',
  badEmail: FIELD_FORMATS.email.message,
  badUsername: '用户名须为1到50个字符，不能含空格',
  resetOk: '密码重置完成！',
  resetFailed: '重置密码失败！',
  resetExpired: '短信验证码失效！',
  resetMismatch: '短信验证码不匹配！',
  resetNoUser: '未找到用户！',
  newPasswordEmpty: MSG.newPasswordEmpty,
  newPasswordShort: AUTH_MSG.newPasswordShort,
  newPasswordLong: AUTH_MSG.newPasswordLong,
  phoneBound: '该手机号已被其他用户绑定',
  samePhone: '新手机号与当前手机号相同',
  phoneChanged: '手机号修改成功',
  passwordWrong: '登录密码错误',
  passwordRequired: MSG.passwordRequired,
  /** the text a phone that has no account receives instead of a code (modes 0 and 2) */
  noAccountText: '【海盗王】该手机号未绑定海盗王后台账号，无法获取验证码。如非本人操作，请忽略本短信。',
  codeText: (code: string, what: string) => `【海盗王】您的${what}验证码为 ${code}，${CODE_TTL_SECONDS / 60}分钟内有效，请勿告诉他人。`,
} as const;

/** The role the contract gives a self-registered user (granted when such a role exists). */
export const REGISTER_ROLE_ID = 'ee8626f80f7c2619917b6236f3a7f02b';

const MIN_PASSWORD = 6;
const MAX_PASSWORD = 128;

/** smsmode of POST /sys/sms → what the code is for and the word of the message. */
const MODES: Record<string, { purpose: CodePurpose; what: string }> = {
  '0': { purpose: 'login', what: '登录' },
  '1': { purpose: 'register', what: '注册' },
  '2': { purpose: 'forgot', what: '找回密码' },
};

function str(body: Record<string, unknown>, key: string, label: string, max = 200): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new BadRequestError(`${label}必须是字符串`);
  const s = String(v).trim();
  if (s.length > max) throw new BadRequestError(`${label}长度不能超过${max}个字符`);
  return s;
}

/** A mobile number of the body (001 §5 format). */
function mobileOf(body: Record<string, unknown>, key: string): string {
  const m = str(body, key, '手机号', 20);
  if (!m) throw new BizError(SMS_MSG.mobileEmpty);
  if (!FIELD_FORMATS.mobile.pattern.test(m)) throw new BizError(SMS_MSG.badMobile);
  return m;
}

function checkNewPassword(password: string | undefined): string {
  if (!password) throw new BizError(SMS_MSG.newPasswordEmpty);
  if (password.length < MIN_PASSWORD) throw new BizError(SMS_MSG.newPasswordShort);
  if (password.length > MAX_PASSWORD) throw new BizError(SMS_MSG.newPasswordLong);
  return password;
}

function refusalMessage(r: LimitRefusal): string {
  switch (r.by) {
    case 'ipGap':
      return SMS_MSG.ipGap(r.seconds);
    case 'phoneGap':
      return SMS_MSG.phoneGap(r.seconds);
    case 'ipDaily':
      return SMS_MSG.ipDaily;
    case 'phoneDaily':
      return SMS_MSG.phoneDaily;
  }
}

/** The active (not deleted) user of a phone number. */
export async function userByPhone(ctx: AppContext, phone: string): Promise<SysUser | undefined> {
  return ctx.db.db
    .selectFrom('sys_user')
    .selectAll()
    .where('phone', '=', phone)
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
    .executeTakeFirst();
}

/** Whether any row holds the value (deleted rows too: the unique index counts them). */
async function taken(ctx: AppContext, column: 'phone' | 'email', value: string, exceptId?: string): Promise<boolean> {
  let q = ctx.db.db.selectFrom('sys_user').select('id').where(column, '=', value);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return !!(await q.limit(1).executeTakeFirst());
}

/** Limits, then a new code stored and sent through the SMS provider; a failed send forgets the code. */
async function issueAndSend(app: FastifyInstance, req: FastifyRequest, phone: string, purpose: CodePurpose | null, what: string): Promise<void> {
  const ctx = app.ctx;
  const c = ctx.config;
  const refused = await takeSendSlot(ctx, phone, req.ip, {
    phoneGap: c.smsPhoneIntervalSeconds,
    ipGap: c.smsIpIntervalSeconds,
    phoneDaily: c.smsPhoneDailyLimit,
    ipDaily: c.smsIpDailyLimit,
  });
  if (refused) throw new BizError(refusalMessage(refused));
  if (!purpose) {
    // a phone without an account (modes 0 and 2): the same answer as for an account, a notice instead of a code
    await sendSmsText(app, phone, SMS_MSG.noAccountText).catch((err: unknown) => req.log.warn({ err }, 'SMS notice not sent'));
    return;
  }
  const code = newCode();
  await storeCode(ctx, purpose, phone, code);
  try {
    await sendSmsText(app, phone, SMS_MSG.codeText(code, what));
  } catch (err) {
    req.log.warn({ err }, 'SMS code not sent');
    await dropCode(ctx, purpose, phone);
    throw new BizError(SMS_MSG.sendFailed);
  }
}

/**
 * POST /sys/sms {mobile, smsmode} (contract §3.6). smsmode 1 (register): refused while registration is off, and
 * ` 手机号已经注册，请直接登录！` for a taken number (the registration check the contract has; rate-limited).
 * smsmode 0 / 2 (login, forgotten password): the contract answers `该用户不存在或未绑定手机号` for a number without
 * an account, which tells anyone which numbers have accounts (security §1.6–1.7: "responses are identical whether
 * or not the account or phone exists"). We keep the hole closed: the answer and the limits are the same either way,
 * and the number without an account receives a notice instead of a code, so its owner still learns why.
 */
export async function sendCode(app: FastifyInstance, req: FastifyRequest, raw: unknown): Promise<void> {
  const ctx = app.ctx;
  const body = bodyObject(raw);
  const mobile = mobileOf(body, 'mobile');
  const mode = MODES[str(body, 'smsmode', '短信类型', 2) ?? ''];
  if (!mode) throw new BizError(SMS_MSG.badMode);
  if (mode.purpose === 'register') {
    if (!ctx.config.registerEnabled) throw new BizError(SMS_MSG.registerOff);
    if (await taken(ctx, 'phone', mobile)) throw new BizError(SMS_MSG.phoneRegistered);
    return issueAndSend(app, req, mobile, 'register', mode.what);
  }
  const user = await userByPhone(ctx, mobile);
  return issueAndSend(app, req, mobile, user ? mode.purpose : null, mode.what);
}

/**
 * POST /sys/phoneLogin {mobile, captcha} (contract §3.6): the answer of /sys/login. A wrong code is success:false
 * `手机验证码错误` (the contract's success:true is its bug) and counts towards the account's lock-out like a wrong
 * password; a number without an account is counted under the number and answers alike.
 */
export async function phoneLogin(ctx: AppContext, req: FastifyRequest, raw: unknown): Promise<Record<string, unknown>> {
  const body = bodyObject(raw);
  const mobile = mobileOf(body, 'mobile');
  const code = str(body, 'captcha', '验证码', 20) ?? '';
  const user = await userByPhone(ctx, mobile);
  const account = user?.username ?? `phone:${mobile}`;
  const fail = async (reason: string, realname: string | null = null): Promise<never> => {
    await writeLoginLog(ctx, req, { content: `手机号: ${mobile},登录失败，${reason}`, userid: user?.username ?? mobile, username: realname });
    throw new BizError(reason);
  };
  const attempt = await beginAttempt(ctx, account);
  if (attempt === 'locked') return fail(LOCKED_MESSAGE);
  const r = user ? await checkCode(ctx, 'login', mobile, code) : 'wrong';
  if (r !== 'ok' || !user) {
    const locked = await recordFailure(ctx, account, attempt);
    return fail(locked ? LOCKED_MESSAGE : SMS_MSG.codeWrong, user?.realname ?? null);
  }
  await clearFailures(ctx, account);
  return signInUser(ctx, req, user, fail);
}

/**
 * POST /sys/user/register {username?, password?, phone, smscode, email?} (contract §3.6), only with REGISTER_ENABLED.
 * The code is checked first (so the account checks below tell nothing to someone without the phone), then the
 * uniqueness of username, phone and e-mail, then it is consumed and the user written (the unique indexes decide a race).
 */
export async function register(ctx: AppContext, raw: unknown): Promise<void> {
  if (!ctx.config.registerEnabled) throw new BizError(SMS_MSG.registerOff);
  const body = bodyObject(raw);
  const phone = mobileOf(body, 'phone');
  const smscode = str(body, 'smscode', '短信验证码', 20) ?? '';
  const username = str(body, 'username', '用户名', 100) || phone;
  if (username.length > 50 || /\s/.test(username)) throw new BizError(SMS_MSG.badUsername);
  const lookalike = usernameProblem(username); // mixed scripts, fullwidth, invisible characters (issue 23 point 16)
  if (lookalike) throw new BizError(lookalike);
  const given = str(body, 'password', '密码', MAX_PASSWORD + 1);
  const password = given ? checkNewPassword(given) : randomBytes(6).toString('base64url');
  const email = str(body, 'email', '邮箱', 100) || null;
  if (email && !FIELD_FORMATS.email.pattern.test(email)) throw new BizError(SMS_MSG.badEmail);

  const r = await checkCode(ctx, 'register', phone, smscode, false);
  if (r === 'expired') throw new BizError(SMS_MSG.codeExpired);
  if (r === 'wrong') throw new BizError(SMS_MSG.codeWrong);
  if (await usernameTaken(ctx.db.db, username)) throw new BizError(SMS_MSG.usernameTaken); // `Admin` beside `admin` too
  if (await taken(ctx, 'phone', phone)) throw new BizError(SMS_MSG.phoneTaken);
  if (email && (await taken(ctx, 'email', email))) throw new BizError(SMS_MSG.emailTaken);
  if (!(await consumeCode(ctx, 'register', phone, smscode))) throw new BizError(SMS_MSG.codeExpired);

  const id = newId();
  const t = now();
  const hashed = await hashPassword(password);
  try {
    await ctx.db.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('sys_user')
        .values({
          id,
          username,
          username_key: usernameKey(username),
          realname: username,
          password: hashed,
          salt: null,
          phone,
          email,
          status: 1,
          del_flag: 0,
          activiti_sync: 1,
          user_identity: 1,
          create_by: username,
          create_time: t,
        })
        .execute();
      const role = await tx.selectFrom('sys_role').select('id').where('id', '=', REGISTER_ROLE_ID).executeTakeFirst();
      if (role) await tx.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: role.id }).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BizError(SMS_MSG.registerFailed);
    throw err;
  }
}

/**
 * POST /sys/user/phoneVerification {phone, smscode, username?} (contract §3.6), step 2 of 找回密码: the code sent for
 * a forgotten password (smsmode 2) is consumed and becomes a reset ticket for THAT phone and THAT user, alive 5
 * minutes, single use, 5 tries; the answer is `{smscode, username}` as the contract's. With `username` (step 1's
 * account) the phone must be that account's.
 */
export async function phoneVerification(ctx: AppContext, raw: unknown): Promise<{ smscode: string; username: string }> {
  const body = bodyObject(raw);
  const phone = mobileOf(body, 'phone');
  const smscode = str(body, 'smscode', '短信验证码', 20) ?? '';
  const claimed = str(body, 'username', '用户名', 100);
  const user = await userByPhone(ctx, phone);
  if (!user?.username) throw new BizError(SMS_MSG.codeWrong);
  const r = await checkCode(ctx, 'forgot', phone, smscode, !claimed || claimed === user.username);
  if (r !== 'ok') throw new BizError(SMS_MSG.codeWrong);
  if (claimed && claimed !== user.username) throw new BizError(SMS_MSG.codeWrong);
  await storeCode(ctx, 'reset', phone, `${user.username}|${smscode}`);
  return { smscode, username: user.username };
}

/**
 * /sys/user/passwordChange {username, password, smscode, phone} (contract §3.6; GET with query parameters as the
 * contract, or POST with a body so the password stays out of URLs): the ticket of phoneVerification must match
 * phone + username + code (bound: a ticket of user A cannot reset user B); used once; every session of the user ends.
 */
export async function passwordChange(ctx: AppContext, raw: unknown): Promise<void> {
  const body = bodyObject(raw);
  const username = str(body, 'username', '用户名', 100);
  const phone = str(body, 'phone', '手机号', 20);
  const smscode = str(body, 'smscode', '短信验证码', 20);
  if (!username || !phone || !smscode) throw new BizError(SMS_MSG.resetFailed);
  const password = checkNewPassword(str(body, 'password', '新密码', MAX_PASSWORD + 1));
  const r = await checkCode(ctx, 'reset', phone, `${username}|${smscode}`);
  if (r === 'expired') throw new BizError(SMS_MSG.resetExpired);
  if (r === 'wrong') throw new BizError(SMS_MSG.resetMismatch);
  const user = await userByPhone(ctx, phone);
  if (!user || user.username !== username) throw new BizError(SMS_MSG.resetNoUser);
  const hashed = await hashPassword(password);
  await ctx.db.db.updateTable('sys_user').set({ password: hashed, update_by: username, update_time: now() }).where('id', '=', user.id).execute();
  invalidateUser(user.id);
  passwordChanged(ctx, user.id);
  await clearFailures(ctx, username);
  await endUserSessions(ctx, user.id);
}

/* ───────────── 安全设置 → 手机号: the signed-in user's own phone ───────────── */

/** POST /sys/user/phoneChange/sms {mobile}: a code to the NEW number, bound to the signed-in user. */
export async function sendPhoneChangeCode(app: FastifyInstance, req: FastifyRequest, me: SessionUser, raw: unknown): Promise<void> {
  const ctx = app.ctx;
  const mobile = mobileOf(bodyObject(raw), 'mobile');
  const mine = await ctx.db.db.selectFrom('sys_user').select(['id', 'phone']).where('id', '=', me.id).executeTakeFirst();
  if (!mine) throw new BizError(AUTH_MSG.userMissing);
  if (mine.phone === mobile) throw new BizError(SMS_MSG.samePhone);
  if (await taken(ctx, 'phone', mobile, me.id)) throw new BizError(SMS_MSG.phoneBound);
  await issueAndSend(app, req, mobile, `phone:${me.id}`, '修改手机号');
}

/**
 * POST /sys/user/phoneChange {mobile, captcha, password}: the own login password (re-authentication before a
 * sensitive change, ASVS 3.7.1; wrong ones count towards the lock-out) and the code sent to the new number; the
 * number must be nobody else's (the unique index decides a race).
 */
export async function changePhone(ctx: AppContext, me: SessionUser, raw: unknown): Promise<void> {
  const body = bodyObject(raw);
  const mobile = mobileOf(body, 'mobile');
  const code = str(body, 'captcha', '验证码', 20) ?? '';
  const password = str(body, 'password', '密码', MAX_PASSWORD + 1);
  if (!password) throw new BizError(SMS_MSG.passwordRequired);
  const user = await ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', me.id).executeTakeFirst();
  if (!user?.username) throw new BizError(AUTH_MSG.userMissing);
  const attempt = await beginAttempt(ctx, user.username);
  if (attempt === 'locked') throw new BizError(LOCKED_MESSAGE);
  if (!(await verifyPassword(user.password, password))) {
    const locked = await recordFailure(ctx, user.username, attempt);
    throw new BizError(locked ? LOCKED_MESSAGE : SMS_MSG.passwordWrong);
  }
  await clearFailures(ctx, user.username);
  const r = await checkCode(ctx, `phone:${me.id}`, mobile, code);
  if (r === 'expired') throw new BizError(SMS_MSG.codeExpired);
  if (r === 'wrong') throw new BizError(SMS_MSG.codeWrong);
  if (await taken(ctx, 'phone', mobile, me.id)) throw new BizError(SMS_MSG.phoneBound);
  try {
    await ctx.db.db.updateTable('sys_user').set({ phone: mobile, update_by: user.username, update_time: now() }).where('id', '=', me.id).execute();
  } catch (err) {
    if (isUniqueViolation(err)) throw new BizError(SMS_MSG.phoneBound);
    throw err;
  }
  invalidateUser(me.id);
}
