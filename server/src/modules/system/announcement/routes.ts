import { announcementEntity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm, PUBLIC, SIGNED_IN } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { fail, ok, okMsg } from '../../../core/envelope/result.js';
import { escapeHtml, sanitizeRichHtml } from '../../../core/html/sanitize.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { queryOf } from '../../../core/http/routeSchemas.js';
import { paging, queryParams } from '../../../core/query/index.js';
import { ANN_MSG, announcementBinding, announcementSendBinding } from './definition.js';
import { AnnouncementService, type ShownNotice } from './service.js';

/** The most notices of each category one listByUser answer carries (the bell asks for 5, the contract's default). */
const LIST_BY_USER_MAX = 50;
const id = z.string({ error: '参数id不正确' }).trim().min(1).max(64);
const opt = (max: number) => z.string().trim().max(max).optional();

/** The HTML page of `show/{id}`: no script at all, the body sanitised again on the way out (rows older than the sanitiser). */
function noticePage(n: ShownNotice): string {
  const head = (title: string) =>
    `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>`;
  return (
    `${head(n.titile)}<body style="max-width:960px;margin:24px auto;padding:0 16px;font-family:sans-serif">` +
    `<h2 style="text-align:center">${escapeHtml(n.titile)}</h2>` +
    `<p style="text-align:center;color:#888">发布人：${escapeHtml(n.sender)}&nbsp;&nbsp;发布时间：${escapeHtml(n.sendTime)}</p>` +
    `<div>${sanitizeRichHtml(n.msgContent)}</div></body></html>`
  );
}

/**
 * 系统通告 (contract §8.2): the CRUD endpoints of `/sys/annountCement` (logical delete, sanitised body, USER send
 * rows), publish and revoke, the signed-in user's notices (`listByUser`, `getMyAnnouncementSend`, read marks,
 * `readAll`), `syncNotic`, the public `show/{id}` page, and the send rows' own CRUD under `/sys/sysAnnouncementSend`.
 */
export async function announcementModule(app: FastifyInstance): Promise<void> {
  const svc = new AnnouncementService(app, announcementBinding);
  // The engine's writes move the shared listByUser version through the bindings' afterWrite (definition.ts); publish and
  // revoke move it in the service before their push, and the caller's own read marks move only the caller's version.
  await registerCrud(app, announcementBinding);
  await registerCrud(app, announcementSendBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = announcementEntity.perms;

  r.get('/sys/annountCement/doReleaseData', { config: perm(P.release), schema: { querystring: z.object({ id }) } }, async (req) => {
    await svc.release(req.query.id, req.user!);
    return okMsg(ANN_MSG.released);
  });

  r.get('/sys/annountCement/doReovkeData', { config: perm(P.revoke), schema: { querystring: z.object({ id }) } }, async (req) => {
    await svc.revoke(req.query.id, req.user!);
    return okMsg(ANN_MSG.revoked);
  });

  r.get('/sys/annountCement/listByUser', { config: SIGNED_IN, schema: { querystring: queryOf({ pageSize: '每类最多条数（默认5）' }) } }, async (req) => {
    const { limit } = paging(queryParams(req), 5);
    // A bell shows a handful; the cap keeps each kept answer (service: up to 10,000 per node) small.
    return ok(await svc.listByUser(req.user!.id, Math.min(limit, LIST_BY_USER_MAX)));
  });

  // Without an id: the caller's own bell reloads (the original broadcast to every socket); with one: that notice's
  // push again, for those who may publish it.
  r.get('/sys/annountCement/syncNotic', { config: SIGNED_IN, schema: { querystring: z.object({ anntId: opt(64) }) } }, async (req) => {
    if (req.query.anntId) {
      const codes = await app.authn.permissionCodes(req.user!);
      if (codes.has(P.release)) await svc.repush(req.query.anntId);
    } else await app.notifier.toUsers([req.user!.id], '', ANN_MSG.batchRead);
    return ok(null);
  });

  r.get('/sys/annountCement/show/:id', { config: PUBLIC, schema: { params: z.object({ id: z.string().max(200) }) } }, async (req, reply) => {
    const user = req.user ?? null;
    const mayList = user ? (await app.authn.permissionCodes(user)).has(P.list) : false;
    const shown = await svc.shown(req.params.id, user, mayList);
    // contract: 404 when it may not be shown (as an envelope, like every other refusal)
    if (!shown) return reply.code(404).send(fail(ANN_MSG.notFoundPage, 404));
    return reply.type('text/html; charset=utf-8').send(noticePage(shown));
  });

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    config: SIGNED_IN,
    schema: { body: z.looseObject({ anntId: z.string({ error: ANN_MSG.anntIdRequired }).trim().min(1, { error: ANN_MSG.anntIdRequired }).max(64) }) },
    handler: async (req) => {
      await svc.markRead(req.body.anntId, req.user!.id);
      return ok(null);
    },
  });

  r.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: SIGNED_IN,
      schema: {
        querystring: z.looseObject({
          titile: opt(100),
          sender: opt(100),
          readFlag: opt(10),
          busType: opt(20),
          msgCategory: opt(10),
          bizSource: opt(20),
        }),
      },
    },
    async (req) => ok(await svc.mySends(req.user!.id, req.query, paging(queryParams(req)))),
  );

  r.put('/sys/sysAnnouncementSend/readAll', { config: SIGNED_IN }, async (req) => {
    await svc.readAll(req.user!.id);
    await app.notifier.toUsers([req.user!.id], '', ANN_MSG.readAll);
    return okMsg(ANN_MSG.readAll);
  });
}
