import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import { hashPassword } from '../../src/core/auth/password.js';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';
import { TEST_API_PREFIX } from '../harness.js';

/**
 * Sign in through POST /sys/login and return the token (for X-Access-Token). Works with CAPTCHA off (the harness
 * default). Throws with the server's message when the sign-in fails.
 */
export async function loginAs(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `${TEST_API_PREFIX}/sys/login`,
    payload: { username, password, captcha: '', checkKey: '' },
  });
  const body = res.json() as { success: boolean; code: number; message: string; result?: { token?: string } };
  if (res.statusCode !== 200 || !body.success || body.code !== 200 || !body.result?.token)
    throw new Error(`login as ${username} failed: HTTP ${res.statusCode} ${body.message}`);
  return body.result.token;
}

/** Headers for an authenticated inject(). */
export function authHeaders(token: string, tenantId = '0'): Record<string, string> {
  return { 'x-access-token': token, 'tenant-id': tenantId };
}

export interface TestUserOptions {
  username: string;
  password: string;
  realname?: string;
  /** 1 normal (default), 2 frozen. */
  status?: number;
  delFlag?: number;
  relTenantIds?: string | null;
  orgCode?: string | null;
  /** Role ids to grant (sys_user_role). */
  roleIds?: string[];
  /** Department ids (sys_user_depart). */
  departIds?: string[];
}

/** Insert a user (argon2id password) with optional roles and departments; returns the new id. */
export async function createTestUser(ctx: AppContext, o: TestUserOptions): Promise<string> {
  const id = newId();
  const db = ctx.db.db;
  await db
    .insertInto('sys_user')
    .values({
      id,
      username: o.username,
      realname: o.realname ?? o.username,
      password: await hashPassword(o.password),
      salt: null,
      sex: 1,
      status: o.status ?? 1,
      del_flag: o.delFlag ?? 0,
      org_code: o.orgCode ?? null,
      rel_tenant_ids: o.relTenantIds ?? null,
      create_by: 'test',
      create_time: now(),
    })
    .execute();
  for (const roleId of o.roleIds ?? []) await db.insertInto('sys_user_role').values({ id: newId(), user_id: id, role_id: roleId }).execute();
  for (const depId of o.departIds ?? []) await db.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: depId }).execute();
  return id;
}

/** Insert a role granted the sys_permission rows whose `perms` are listed (menus or buttons); returns the role id. */
export async function createTestRole(ctx: AppContext, roleCode: string, perms: string[]): Promise<string> {
  const id = newId();
  const db = ctx.db.db;
  await db.insertInto('sys_role').values({ id, role_name: roleCode, role_code: roleCode, create_by: 'test', create_time: now() }).execute();
  if (perms.length) {
    const rows = await db.selectFrom('sys_permission').select('id').where('perms', 'in', perms).execute();
    for (const r of rows) await db.insertInto('sys_role_permission').values({ id: newId(), role_id: id, permission_id: r.id }).execute();
  }
  return id;
}
