import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { writeLoginLog } from '../../../core/audit/loginLog.js';
import { createSession } from '../../../core/auth/session.js';
import { invalidateUser, isActive, tenantIdsOf } from '../../../core/auth/users.js';
import { BizError } from '../../../core/envelope/errors.js';
import type { SysUser } from '../../../db/schema.js';
import { departOf, tenantOf, userInfoOf } from '../auth/rows.js';
import { userDeparts } from '../auth/service.js';
import { THIRD_MSG } from './messages.js';

export interface SignInResult {
  token: string;
  userInfo: Record<string, unknown>;
  departs: Array<Record<string, unknown>>;
  multi_depart: number;
  tenantList?: Array<Record<string, unknown>>;
}

/** The active user of an id (not deleted), or undefined. */
export async function activeUserById(ctx: AppContext, id: string): Promise<SysUser | undefined> {
  const u = await ctx.db.db
    .selectFrom('sys_user')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
    .executeTakeFirst();
  return u && u.id === id ? u : undefined;
}

/**
 * A session for a user whose identity another party vouched for (an OpenID provider, a CAS server): the steps of
 * POST /sys/login after the password (frozen user, frozen tenants, the current department, the session, the login
 * log), with the same result shape (contract §3.2 / §3.6).
 */
export async function signInVerifiedUser(ctx: AppContext, req: FastifyRequest, u: SysUser, how: string): Promise<SignInResult> {
  const fail = async (reason: string): Promise<never> => {
    await writeLoginLog(ctx, req, { content: `用户名: ${u.username},${how}登录失败，${reason}`, userid: u.username, username: u.realname });
    throw new BizError(reason);
  };
  if (!isActive(u)) await fail(THIRD_MSG.frozen);
  const tenantIds = tenantIdsOf(u);
  let tenants: Array<Record<string, unknown>> | undefined;
  if (tenantIds.length) {
    const rows = await ctx.db.db.selectFrom('sys_tenant').selectAll().where('id', 'in', tenantIds).where('status', '=', 1).orderBy('id').execute();
    if (!rows.length) await fail(THIRD_MSG.tenantsFrozen);
    tenants = rows.map(tenantOf);
  }
  const departs = await userDeparts(ctx, u.id);
  let multi = 0;
  let orgCode = u.org_code;
  if (departs.length === 1) {
    multi = 1;
    orgCode = departs[0].org_code;
  } else if (departs.length > 1) {
    multi = 2;
    orgCode = u.org_code || departs[0].org_code;
  }
  if (orgCode !== u.org_code) {
    await ctx.db.db.updateTable('sys_user').set({ org_code: orgCode }).where('id', '=', u.id).execute();
    invalidateUser(u.id);
    u.org_code = orgCode;
  }
  const tenantId = tenants && tenants.length === 1 ? Number(tenants[0].id) : 0;
  const ua = req.headers['user-agent'];
  const { token } = await createSession(
    ctx,
    { id: u.id, username: u.username ?? '', realname: u.realname ?? '' },
    { ip: req.ip, userAgent: (Array.isArray(ua) ? ua[0] : ua) ?? '', tenantId },
  );
  await writeLoginLog(ctx, req, { content: `用户名: ${u.username},${how}登录成功！`, userid: u.username, username: u.realname });
  const result: SignInResult = { token, userInfo: userInfoOf(u), departs: departs.map(departOf), multi_depart: multi };
  if (tenants) result.tenantList = tenants;
  return result;
}
