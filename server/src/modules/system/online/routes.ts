import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { writeLoginLog } from '../../../core/audit/loginLog.js';
import { endSession, listSessions, readSession, verifySignatureOnly } from '../../../core/auth/session.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { paging, slicePage } from '../../../core/query/index.js';
import { assertMayManage } from '../user/definition.js';
import { userDetails, visibleUserIds } from './service.js';
import { bodyOf, PAGING_QUERY, queryOf } from '../../../core/http/routeSchemas.js';

/**
 * Online users (contract §12.8, security §1.2): one row per live session. `token` is the SESSION ID, never the JWT;
 * force-logout takes that id (a JWT is accepted too, for old clients) and needs the online:forceLogout code.
 */
export async function onlineModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;

  app.get<{ Querystring: Record<string, string | undefined> }>(
    '/sys/online/list',
    { config: perm('online:list'), schema: { querystring: queryOf({ ...PAGING_QUERY, username: '用户账号（包含）' }) } },
    async (req) => {
      const q = req.query ?? {};
      const pg = paging(q);
      const needle = (typeof q.username === 'string' ? q.username.trim().replace(/^\*|\*$/g, '') : '').toLowerCase();
      let sessions = await listSessions(ctx);
      if (needle) sessions = sessions.filter((s) => s.username.toLowerCase().includes(needle));
      // security §1.11: a tenant member sees the sessions of their tenants' users only.
      const visible = await visibleUserIds(
        ctx,
        req,
        sessions.map((s) => s.userId),
      );
      sessions = sessions.filter((s) => visible.has(s.userId));
      sessions.sort((a, b) => (a.loginTime < b.loginTime ? 1 : a.loginTime > b.loginTime ? -1 : a.sessionId.localeCompare(b.sessionId)));
      const total = sessions.length;
      const slice = slicePage(sessions, pg);
      const details = await userDetails(
        ctx,
        slice.map((s) => s.userId),
      );
      const none = { avatar: null, birthday: null, sex: null, sex_dictText: null, phone: null };
      const records = slice.map((s) => ({
        id: s.userId,
        token: s.sessionId,
        username: s.username,
        realname: s.realname,
        ...(details.get(s.userId) ?? none),
        loginTime: s.loginTime,
        lastSeen: s.lastSeen,
        ip: s.ip,
      }));
      return ok(page(records, total, pg.pageNo, pg.pageSize));
    },
  );

  app.post(
    '/sys/online/forceLogout',
    { config: perm('online:forceLogout'), schema: { body: bodyOf({ token: '在线会话的 token' }, { optional: true, required: ['token'] }) } },
    async (req) => {
      const body = (req.body ?? {}) as { token?: unknown };
      let sessionId = typeof body.token === 'string' ? body.token.trim() : '';
      if (sessionId.split('.').length === 3) sessionId = (await verifySignatureOnly(ctx, sessionId))?.jti ?? '';
      if (!/^[0-9a-f]{32}$/.test(sessionId)) throw new BizError(MSG.logoutFailed);
      // Only a session of a user the caller may see (security §1.11), and a super admin's only by a super admin
      // (§1.10); the record is read before anything ends.
      const target = await readSession(ctx, sessionId);
      if (!target) throw new BizError(MSG.logoutFailed);
      if (!(await visibleUserIds(ctx, req, [target.userId])).has(target.userId)) throw new BizError(MSG.logoutFailed);
      await assertMayManage(ctx.db.db, req, [target.userId]);
      const rec = await endSession(ctx, sessionId);
      if (!rec) throw new BizError(MSG.logoutFailed);
      await writeLoginLog(ctx, req, { content: `强制: ${rec.realname || rec.username}退出成功！`, userid: rec.username, username: rec.realname });
      return okMsg(MSG.logoutOk);
    },
  );
}
