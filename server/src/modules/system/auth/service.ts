import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import type { SessionUser } from '../../../core/access/types.js';
import { writeLoginLog } from '../../../core/audit/loginLog.js';
import { CAPTCHA_MSG, checkCaptcha } from '../../../core/auth/captcha.js';
import { LOCKED_MESSAGE, beginAttempt, clearFailures, recordFailure } from '../../../core/auth/lockout.js';
import { hashPassword, verifyPassword } from '../../../core/auth/password.js';
import { passwordChanged } from '../../../core/auth/initialAdminPassword.js';
import { createSession, endSession, endUserSessions, verifySignatureOnly } from '../../../core/auth/session.js';
import { invalidateUser, isActive, tenantIdsOf } from '../../../core/auth/users.js';
import { queryAllDictItems } from '../../../core/dict/service.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { now } from '../../../core/time.js';
import type { SysDepart, SysUser } from '../../../db/schema.js';
import { departOf, tenantOf, userInfoOf } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

export const AUTH_MSG = {
  loginOk: MSG.loginOk,
  badCredentials: '用户名或密码错误',
  frozen: '该用户已冻结',
  tenantsFrozen: '与该用户关联的租户均已被冻结，无法登录！',
  logoutOk: MSG.logoutOk,
  logoutFailed: MSG.logoutFailed,
  tokenInvalid: 'Token无效!',
  onlySelf: '只允许修改自己的密码！',
  userMissing: MSG.userMissing,
  oldPasswordWrong: '旧密码输入错误!',
  newPasswordEmpty: MSG.newPasswordEmpty,
  newPasswordShort: '密码长度不能少于6位',
  newPasswordLong: '密码长度不能超过128位',
  confirmMismatch: MSG.passwordMismatch,
  passwordChanged: '密码重置成功!',
  noDepart: '您尚未设置部门信息!',
  notInDepart: '您不属于该部门',
  onlySelfDepart: '只允许切换自己的部门！',
} as const;

const MIN_PASSWORD = 6;
const MAX_PASSWORD = 128;
const MAX_USERNAME = 100;

function rejectUnknown(body: Record<string, unknown>, allowed: readonly string[]): void {
  for (const k of Object.keys(body)) {
    if (!allowed.includes(k)) throw new BadRequestError(`不支持的参数：${k.slice(0, 40)}`);
  }
}

/** An optional string field: absent/null → undefined; anything but a string → 400. */
function optString(body: Record<string, unknown>, key: string, label: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new BadRequestError(`${label}必须是字符串`);
  return v;
}

export interface LoginBody {
  username: string;
  password: string;
  captcha: unknown;
  checkKey: unknown;
}

/** POST /sys/login body: username and password required strings; captcha / checkKey checked later; remember_me ignored. */
export function parseLoginBody(raw: unknown): LoginBody {
  const body = bodyObject(raw);
  rejectUnknown(body, ['username', 'password', 'captcha', 'checkKey', 'remember_me']);
  const username = optString(body, 'username', '用户名')?.trim();
  if (!username) throw new BadRequestError('用户名不能为空');
  if (username.length > MAX_USERNAME) throw new BadRequestError(`用户名长度不能超过${MAX_USERNAME}个字符`);
  const password = optString(body, 'password', '密码');
  if (!password) throw new BadRequestError(MSG.passwordRequired);
  if (password.length > MAX_PASSWORD) throw new BadRequestError(`密码长度不能超过${MAX_PASSWORD}个字符`);
  optString(body, 'captcha', '验证码');
  const checkKey = body.checkKey;
  if (checkKey !== undefined && checkKey !== null && typeof checkKey !== 'string' && typeof checkKey !== 'number')
    throw new BadRequestError('验证码key必须是字符串或数字');
  return { username, password, captcha: body.captcha, checkKey };
}

/** Verifying against this when the user does not exist keeps the timing of both failures alike. */
let dummyHash: Promise<string> | null = null;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword('pk-no-such-user-dummy-password');
  return dummyHash;
}

function userAgentOf(req: FastifyRequest): string {
  const ua = req.headers['user-agent'];
  return (Array.isArray(ua) ? ua[0] : ua) ?? '';
}

export async function findActiveUserByName(ctx: AppContext, username: string): Promise<SysUser | undefined> {
  return ctx.db.db
    .selectFrom('sys_user')
    .selectAll()
    .where('username', '=', username)
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
    .executeTakeFirst();
}

/** The user's departments (sys_user_depart), in a stable order. */
export async function userDeparts(ctx: AppContext, userId: string): Promise<SysDepart[]> {
  return ctx.db.db
    .selectFrom('sys_depart')
    .selectAll('sys_depart')
    .where('id', 'in', ctx.db.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', userId))
    .orderBy('depart_order')
    .orderBy('org_code')
    .execute();
}

async function setOrgCode(ctx: AppContext, userId: string, orgCode: string): Promise<void> {
  await ctx.db.db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', userId).execute();
  invalidateUser(userId);
}

/**
 * POST /sys/login (contract §3.2, security §1.5–1.7). Order: captcha → lock-out → user → password → frozen → tenants.
 * Unknown user and wrong password answer alike. A failure changes nothing but the login-log row and the KV counters.
 */
export async function login(ctx: AppContext, req: FastifyRequest, raw: unknown): Promise<Record<string, unknown>> {
  const body = parseLoginBody(raw);
  const { username, password } = body;
  const fail = async (reason: string, realname: string | null = null): Promise<never> => {
    await writeLoginLog(ctx, req, { content: `用户名: ${username},登录失败，${reason}`, userid: username, username: realname });
    throw new BizError(reason);
  };

  if (ctx.config.captcha) {
    const c = await checkCaptcha(ctx, body.captcha, body.checkKey, 'always');
    if (c !== 'ok') await fail(c === 'invalid' ? CAPTCHA_MSG.invalid : CAPTCHA_MSG.wrong);
  }
  const attempt = await beginAttempt(ctx, username);
  if (attempt === 'locked') return fail(LOCKED_MESSAGE);

  const user = await findActiveUserByName(ctx, username);
  const passwordOk = user?.password ? await verifyPassword(user.password, password) : (await verifyPassword(await dummy(), password), false);
  if (!user || !passwordOk) {
    const locked = await recordFailure(ctx, username, attempt);
    await fail(locked ? LOCKED_MESSAGE : AUTH_MSG.badCredentials, user?.realname ?? null);
  }
  await clearFailures(ctx, username);
  return signInUser(ctx, req, user as SysUser, fail);
}

/**
 * The part of a sign-in after the credentials were proven (password here, a phone code in modules/system/sms):
 * frozen → tenants → departments → session → login log → the contract's result. `fail` writes the failure's
 * login-log row and throws.
 */
export async function signInUser(
  ctx: AppContext,
  req: FastifyRequest,
  u: SysUser,
  fail: (reason: string, realname?: string | null) => Promise<never>,
): Promise<Record<string, unknown>> {
  const username = u.username ?? '';
  if (!isActive(u)) await fail(AUTH_MSG.frozen, u.realname);

  const tenantIds = tenantIdsOf(u);
  let tenants: Array<Record<string, unknown>> | undefined;
  if (tenantIds.length) {
    const rows = await ctx.db.db.selectFrom('sys_tenant').selectAll().where('id', 'in', tenantIds).where('status', '=', 1).orderBy('id').execute();
    if (!rows.length) await fail(AUTH_MSG.tenantsFrozen, u.realname);
    tenants = rows.map(tenantOf);
  }

  // Departments: 0 none; 1 exactly one (it becomes the current one); 2 several (the first if none is set).
  const departs = await userDeparts(ctx, u.id);
  let multi = 0;
  if (departs.length === 1) {
    multi = 1;
    if (u.org_code !== departs[0].org_code) {
      await setOrgCode(ctx, u.id, departs[0].org_code);
      u.org_code = departs[0].org_code;
    }
  } else if (departs.length > 1) {
    multi = 2;
    if (!u.org_code) {
      await setOrgCode(ctx, u.id, departs[0].org_code);
      u.org_code = departs[0].org_code;
    }
  }

  const tenantId = tenants && tenants.length === 1 ? Number(tenants[0].id) : 0;
  const { token } = await createSession(
    ctx,
    { id: u.id, username: u.username ?? username, realname: u.realname ?? '' },
    { ip: req.ip, userAgent: userAgentOf(req), tenantId },
  );
  const sysAllDictItems = await queryAllDictItems(ctx);
  await writeLoginLog(ctx, req, { content: `用户名: ${u.username},登录成功！`, userid: u.username, username: u.realname });

  const result: Record<string, unknown> = {
    token,
    userInfo: userInfoOf(u),
    departs: departs.map(departOf),
    multi_depart: multi,
    sysAllDictItems,
  };
  if (tenants) result.tenantList = tenants;
  return result;
}

/** /sys/logout (contract §3.5): ends the session of the X-Access-Token. An expired token still logs out. */
export async function logout(ctx: AppContext, req: FastifyRequest, token: string | undefined): Promise<void> {
  if (!token) throw new BizError(AUTH_MSG.logoutFailed);
  const claims = await verifySignatureOnly(ctx, token);
  if (!claims) throw new BizError(AUTH_MSG.tokenInvalid);
  const user = await ctx.db.db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('id', '=', claims.sub).executeTakeFirst();
  if (!user) throw new BizError(AUTH_MSG.tokenInvalid);
  await endSession(ctx, claims.jti);
  await writeLoginLog(ctx, req, { content: `用户名: ${user.realname ?? user.username},退出成功！`, userid: user.username, username: user.realname });
}

/**
 * PUT|POST /sys/user/updatePassword (contract §3.6): own password only; the old password is checked (failures count
 * towards the lock-out); the new one is hashed with argon2id and every OTHER session of the user ends.
 */
export async function updatePassword(ctx: AppContext, me: SessionUser, raw: unknown): Promise<void> {
  const body = bodyObject(raw);
  const username = optString(body, 'username', '用户名');
  const oldpassword = optString(body, 'oldpassword', '旧密码') ?? '';
  const password = optString(body, 'password', '新密码') ?? '';
  const confirmpassword = optString(body, 'confirmpassword', '确认密码') ?? '';
  if (username !== me.username) throw new BizError(AUTH_MSG.onlySelf);
  const user = await findActiveUserByName(ctx, username);
  if (!user || user.id !== me.id) throw new BizError(AUTH_MSG.userMissing);
  const attempt = await beginAttempt(ctx, username);
  if (attempt === 'locked') throw new BizError(LOCKED_MESSAGE);
  if (!(await verifyPassword(user.password, oldpassword))) {
    const locked = await recordFailure(ctx, username, attempt);
    throw new BizError(locked ? LOCKED_MESSAGE : AUTH_MSG.oldPasswordWrong);
  }
  await clearFailures(ctx, username);
  if (!password) throw new BizError(AUTH_MSG.newPasswordEmpty);
  if (password.length < MIN_PASSWORD) throw new BizError(AUTH_MSG.newPasswordShort);
  if (password.length > MAX_PASSWORD) throw new BizError(AUTH_MSG.newPasswordLong);
  if (password !== confirmpassword) throw new BizError(AUTH_MSG.confirmMismatch);
  const hashed = await hashPassword(password);
  await ctx.db.db.updateTable('sys_user').set({ password: hashed, update_by: me.username, update_time: now() }).where('id', '=', user.id).execute();
  invalidateUser(user.id);
  passwordChanged(ctx, user.id);
  await endUserSessions(ctx, user.id, me.sessionId);
}

/** GET /sys/user/getCurrentUserDeparts → {list, orgCode}. */
export async function currentUserDeparts(ctx: AppContext, me: SessionUser): Promise<{ list: unknown[]; orgCode: string | null }> {
  const [departs, row] = await Promise.all([
    userDeparts(ctx, me.id),
    ctx.db.db.selectFrom('sys_user').select('org_code').where('id', '=', me.id).executeTakeFirst(),
  ]);
  return { list: departs.map(departOf), orgCode: row?.org_code ?? null };
}

/** PUT|POST /sys/selectDepart {orgCode, username?}: the current department, only one the user belongs to. */
export async function selectDepart(ctx: AppContext, me: SessionUser, raw: unknown): Promise<{ userInfo: unknown }> {
  const body = bodyObject(raw);
  const username = optString(body, 'username', '用户名');
  const orgCode = optString(body, 'orgCode', '部门编码')?.trim();
  if (username && username !== me.username) throw new BizError(AUTH_MSG.onlySelfDepart);
  if (!orgCode) throw new BizError(AUTH_MSG.noDepart);
  const departs = await userDeparts(ctx, me.id);
  if (!departs.some((d) => d.org_code === orgCode)) throw new BizError(AUTH_MSG.notInDepart);
  await setOrgCode(ctx, me.id, orgCode);
  const user = await ctx.db.db.selectFrom('sys_user').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
  return { userInfo: userInfoOf(user) };
}
