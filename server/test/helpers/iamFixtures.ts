import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import type { RouteAuth } from '../../src/core/access/types.js';
import { accessGuard } from '../../src/core/access/guard.js';
import { createAuthenticator } from '../../src/core/auth/authenticator.js';
import { createSession } from '../../src/core/auth/session.js';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';
import { registerModules } from '../../src/modules/index.js';
import { authHeaders } from './login.js';

/** Every non-HEAD route the modules register, as `METHOD /path` (without the API prefix) with its declaration. */
export async function registeredRoutes(ctx: AppContext): Promise<Map<string, RouteAuth | undefined>> {
  const mirror = Fastify({ logger: false });
  mirror.decorate('ctx', ctx);
  mirror.decorate('authn', createAuthenticator(ctx));
  const out = new Map<string, RouteAuth | undefined>();
  mirror.addHook('onRoute', (r) => {
    const auth = (r.config as { auth?: RouteAuth } | undefined)?.auth;
    for (const m of [r.method].flat()) if (m !== 'HEAD') out.set(`${m} ${r.url}`, auth);
  });
  await mirror.register(accessGuard);
  await mirror.register(registerModules, { prefix: '' });
  await mirror.ready();
  await mirror.close();
  return out;
}

let seq = 0;

/**
 * A user holding exactly the sys_permission rows whose perms are `codes`, signed in without the password hash
 * (a session is created directly: argon2 would make a 100-route matrix slow). Returns headers and ids.
 */
export async function fastUser(
  ctx: AppContext,
  codes: string[],
  extra: { relTenantIds?: string; username?: string } = {},
): Promise<{ h: Record<string, string>; userId: string; roleId: string; username: string; token: string; sessionId: string }> {
  const n = `${process.pid}_${++seq}`;
  const roleId = newId();
  await ctx.db.db
    .insertInto('sys_role')
    .values({ id: roleId, role_name: `mx_${n}`, role_code: `mx_${n}`, create_by: 'test', create_time: now() })
    .execute();
  if (codes.length) {
    const perms = await ctx.db.db.selectFrom('sys_permission').select('id').where('perms', 'in', codes).execute();
    // one multi-row insert: a role holding ~40 codes is built per code set, and row-by-row inserts are slow on PostgreSQL
    if (perms.length)
      await ctx.db.db
        .insertInto('sys_role_permission')
        .values(perms.map((p) => ({ id: newId(), role_id: roleId, permission_id: p.id })))
        .execute();
  }
  const userId = newId();
  const username = extra.username ?? `mx_${n}`;
  await ctx.db.db
    .insertInto('sys_user')
    .values({
      id: userId,
      username,
      realname: username,
      password: null,
      salt: null,
      status: 1,
      del_flag: 0,
      rel_tenant_ids: extra.relTenantIds ?? null,
      create_by: 'test',
      create_time: now(),
    })
    .execute();
  await ctx.db.db.insertInto('sys_user_role').values({ id: newId(), user_id: userId, role_id: roleId }).execute();
  const { token, sessionId } = await createSession(ctx, { id: userId, username, realname: username }, { ip: '127.0.0.1', userAgent: 'vitest' });
  return { h: authHeaders(token), userId, roleId, username, token, sessionId };
}

/** A bare user row (no role, no session) for endpoints that act on another user. */
export async function bareUser(ctx: AppContext, o: { delFlag?: number; departId?: string } = {}): Promise<{ id: string; username: string }> {
  const id = newId();
  const username = `bare_${process.pid}_${++seq}`;
  await ctx.db.db
    .insertInto('sys_user')
    .values({ id, username, realname: username, password: null, status: 1, del_flag: o.delFlag ?? 0, create_by: 'test', create_time: now() })
    .execute();
  if (o.departId) await ctx.db.db.insertInto('sys_user_depart').values({ id: newId(), user_id: id, dep_id: o.departId }).execute();
  return { id, username };
}

/** A multipart body with one .xlsx file part named `file` holding title, exporter, header and data rows. */
export async function xlsxUpload(header: string[], rows: unknown[][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['导入']);
  ws.addRow(['导出人:测试']);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const boundary = '----pkmx' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="i.xlsx"\r\nContent-Type: application/vnd.ms-excel\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function nextSeq(): number {
  return ++seq;
}
