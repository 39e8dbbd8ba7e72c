import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

/** Shared set-up of the role/menu/department tests: an app, admin headers, and users holding chosen codes. */
export interface Rbac {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
  admin: Record<string, string>;
  call(h: Record<string, string>, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown): Promise<{ status: number; body: Res }>;
  /** Headers of a fresh user holding exactly `codes` (none → a user with a role granting nothing). */
  userWith(codes: string[]): Promise<{ h: Record<string, string>; userId: string; roleId: string }>;
  /** Row counts of every table these modules write (to prove "nothing changed"). */
  snapshot(): Promise<Record<string, number>>;
}

export interface Res {
  success: boolean;
  code: number;
  message: string;
  result: any;
}

export const API = TEST_API_PREFIX;
const TABLES = [
  'sys_role',
  'sys_user_role',
  'sys_role_permission',
  'sys_permission',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_user_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_user',
  'sys_depart_role_permission',
] as const;

let seq = 0;

export async function rbac(): Promise<Rbac> {
  const { app, ctx, close } = await createTestApp();
  const admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  const call: Rbac['call'] = async (h, method, url, payload) => {
    const res = await app.inject({ method, url: `${API}${url}`, headers: h, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as Res };
  };
  return {
    app,
    ctx,
    close,
    admin,
    call,
    async userWith(codes) {
      const n = `${process.pid}${++seq}`;
      const roleId = await createTestRole(ctx, `r_${n}`, codes);
      const username = `u_${n}`;
      const userId = await createTestUser(ctx, { username, password: 'Passw0rd!x', roleIds: [roleId] });
      return { h: authHeaders(await loginAs(app, username, 'Passw0rd!x')), userId, roleId };
    },
    async snapshot() {
      const out: Record<string, number> = {};
      for (const t of TABLES) {
        const r = await ctx.db.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        out[t] = Number(r.n);
      }
      return out;
    },
  };
}

export async function menuIdByPerms(ctx: AppContext, perms: string): Promise<string> {
  const r = await ctx.db.db.selectFrom('sys_permission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow();
  return r.id;
}
