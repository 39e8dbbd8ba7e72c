import { bookUserEntity, gameMessageEntity, policyEntity } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BadRequestError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { PAGING_QUERY } from '../../../core/http/routeSchemas.js';
import { paging, queryParams } from '../../../core/query/index.js';
import { CONTENT_MSG, gameMessageBinding, pictureMaterialBinding, policyBinding } from './definition.js';
import { currentPolicies, currentPolicy, listByPlayer, markRead, moveMessage, playerProfile } from './service.js';

const id = z.string({ error: MSG.idRequired }).trim().min(1, { error: MSG.idRequired }).max(64);
const userId = z.string({ error: MSG.userIdRequired }).trim().min(1, { error: MSG.userIdRequired }).max(64);

/** 图片素材 (`/content/pictureMaterial`): the engine's eight routes; size and dimensions filled from the upload. */
export async function pictureMaterialModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, pictureMaterialBinding);
}

/**
 * 消息 to players (`/content/gameMessage`): the engine's routes, send (0→1) and revoke (1→2), and the player-facing
 * reads `listByPlayer` and `read` behind staff codes until a player app calls them.
 */
export async function gameMessageModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, gameMessageBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = gameMessageEntity.perms;
  const db = () => app.ctx.db.db;

  r.post(
    '/content/gameMessage/send',
    { config: { ...perm(P.send), log: { content: '消息-发送', operateType: 2 } }, schema: { body: z.looseObject({ id }) } },
    async (req) => {
      await moveMessage(db(), req.body.id, 'send', req.user?.username ?? null);
      return okMsg(CONTENT_MSG.sent);
    },
  );

  r.post(
    '/content/gameMessage/revoke',
    { config: { ...perm(P.revoke), log: { content: '消息-撤回', operateType: 2 } }, schema: { body: z.looseObject({ id }) } },
    async (req) => {
      await moveMessage(db(), req.body.id, 'revoke', req.user?.username ?? null);
      return okMsg(CONTENT_MSG.revoked);
    },
  );

  r.get(
    '/content/gameMessage/listByPlayer',
    { config: perm(P.listByPlayer), schema: { querystring: z.looseObject({ userId, ...PAGING_QUERY }) } },
    async (req) => ok(await listByPlayer(db(), req.query.userId, paging(queryParams(req)))),
  );

  r.post(
    '/content/gameMessage/read',
    { config: { ...perm(P.read), log: { content: '消息-玩家已读', operateType: 2 } }, schema: { body: z.looseObject({ id, userId }) } },
    async (req) => {
      await markRead(db(), app.ctx.db.dialect, req.body.id, req.body.userId);
      return okMsg(CONTENT_MSG.read);
    },
  );
}

/** 政策协议 (`/content/policy`): the engine's routes (rows tagged `current`), the one in force of a type, of every type. */
export async function policyModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, policyBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = policyEntity.perms;

  r.get(
    '/content/policy/current',
    {
      config: perm(P.list),
      schema: {
        querystring: z.looseObject({
          policyType: z.string({ error: CONTENT_MSG.policyTypeRequired }).trim().min(1, { error: CONTENT_MSG.policyTypeRequired }).max(4),
        }),
      },
    },
    async (req) => {
      const type = Number(req.query.policyType);
      if (!Number.isInteger(type)) throw new BadRequestError(CONTENT_MSG.badChoice('政策类型'));
      return ok(await currentPolicy(app.ctx.db.db, type));
    },
  );

  r.get('/content/policy/currentAll', { config: perm(P.list) }, async () => ok(await currentPolicies(app.ctx.db.db)));
}

/** The 预约用户 player page's card (`GET /book/user/profile`, 预约用户 list code): a module of its own, not the entity's. */
export async function playerProfileModule(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/book/user/profile', { config: perm(bookUserEntity.perms.list), schema: { querystring: z.looseObject({ id }) } }, async (req) =>
      ok(await playerProfile(app.ctx.db.db, req.query.id)),
    );
}
