import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { writeLoginLog } from '../../../core/audit/loginLog.js';
import { endSession, listSessions, readSession, verifySignatureOnly } from '../../../core/auth/session.js';
import { BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { paging, slicePage } from '../../../core/query/index.js';
import type { AppContext } from '../../../core/context.js';
import { assertMayManage, callerTenants, userScope } from '../user/definition.js';

async function sexTexts(ctx: AppContext): Promise<Map<string, string>> {
  const rows = await ctx.db.db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', 'sex')
    .where((eb) => eb.or([eb('d.del_flag', '=', 0), eb('d.del_flag', 'is', null)]))
    .execute();
  return new Map(rows.map((r) => [r.item_value, r.item_text]));
}

/**
 * Online users (contract §12.8, security §1.2): one row per live session. `token` is the SESSION ID, never the JWT;
 * force-logout takes that id (a JWT is accepted too, for old clients) and needs the online:forceLogout code.
 */
export async function onlineRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get<{ Querystring: Record<string, string | undefined> }>('/sys/online/list', { config: perm('online:list') }, async (req) => {
    const q = req.query ?? {};
    const pg = paging(q);
    const needle = (typeof q.username === 'string' ? q.username.trim().replace(/^\*|\*$/g, '') : '').toLowerCase();
    let sessions = await listSessions(ctx);
    if (needle) sessions = sessions.filter((s) => s.username.toLowerCase().includes(needle));
    // security §1.11: a tenant member sees the sessions of their tenants' users only.
    if (callerTenants(req) && sessions.length) {
      const ids = [...new Set(sessions.map((s) => s.userId))];
      const visible = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await ctx.db.db.selectFrom('sys_user').select('id').where('id', 'in', ids.slice(i, i + 500)).where((eb) => userScope(eb, req)).execute();
        for (const r of rows) visible.add(r.id);
      }
      sessions = sessions.filter((s) => visible.has(s.userId));
    }
    sessions.sort((a, b) => (a.loginTime < b.loginTime ? 1 : a.loginTime > b.loginTime ? -1 : a.sessionId.localeCompare(b.sessionId)));
    const total = sessions.length;
    const slice = slicePage(sessions, pg);
    const ids = [...new Set(slice.map((s) => s.userId))];
    const [users, sex] = await Promise.all([
      ids.length
        ? ctx.db.db.selectFrom('sys_user').select(['id', 'avatar', 'birthday', 'sex', 'phone']).where('id', 'in', ids).execute()
        : Promise.resolve([]),
      sexTexts(ctx),
    ]);
    const byId = new Map(users.map((u) => [u.id, u]));
    const records = slice.map((s) => {
      const u = byId.get(s.userId);
      const sexValue = u?.sex ?? null;
      return {
        id: s.userId,
        token: s.sessionId,
        username: s.username,
        realname: s.realname,
        avatar: u?.avatar ?? null,
        birthday: u?.birthday ? String(u.birthday).slice(0, 10) : null,
        sex: sexValue,
        sex_dictText: sexValue === null ? null : (sex.get(String(sexValue)) ?? String(sexValue)),
        phone: u?.phone ?? null,
        loginTime: s.loginTime,
        lastSeen: s.lastSeen,
        ip: s.ip,
      };
    });
    return ok(page(records, total, pg.pageNo, pg.pageSize));
  });

  app.post('/sys/online/forceLogout', { config: perm('online:forceLogout') }, async (req) => {
    const body = (req.body ?? {}) as { token?: unknown };
    let sessionId = typeof body.token === 'string' ? body.token.trim() : '';
    if (sessionId.split('.').length === 3) sessionId = (await verifySignatureOnly(ctx, sessionId))?.jti ?? '';
    if (!/^[0-9a-f]{32}$/.test(sessionId)) throw new BizError(MSG.logoutFailed);
    // Only a session of a user the caller may see (security §1.11), and a super admin's only by a super admin
    // (§1.10); the record is read before anything ends.
    const target = await readSession(ctx, sessionId);
    if (!target) throw new BizError(MSG.logoutFailed);
    if (callerTenants(req)) {
      const visible = await ctx.db.db.selectFrom('sys_user').select('id').where('id', '=', target.userId).where((eb) => userScope(eb, req)).executeTakeFirst();
      if (!visible) throw new BizError(MSG.logoutFailed);
    }
    await assertMayManage(ctx.db.db, req, [target.userId]);
    const rec = await endSession(ctx, sessionId);
    if (!rec) throw new BizError(MSG.logoutFailed);
    await writeLoginLog(ctx, req, { content: `强制: ${rec.realname || rec.username}退出成功！`, userid: rec.username, username: rec.realname });
    return okMsg(MSG.logoutOk);
  });
}
