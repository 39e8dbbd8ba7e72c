import type { FastifyInstance } from 'fastify';
import { gatewayRouteEntity } from '@pk/contract';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { checkId, CRUD_MSG } from '../../../core/crud/index.js';
import { NoAuthError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { GATEWAY_MSG, GatewayRouteService } from './service.js';

const P = gatewayRouteEntity.perms;
const required = (label: string, max: number) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, { error: `${label}不能为空` })
    .max(max, { error: `${label}长度不能超过${max}` });

/** `POST /updateAll` body: `{router: {...}}` (contract §12.7); rule lists checked by the service (rules.ts). */
const updateAllBody = z.object({
  router: z.looseObject(
    {
      id: z.string().max(64).nullish(),
      routerId: required('路由ID', 50),
      name: required('路由名称', 32),
      uri: required('路由URI', 32),
      predicates: z.unknown().optional(),
      filters: z.unknown().optional(),
      status: z
        .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { error: '状态只能是0或1' })
        .optional()
        .transform((v) => (v === undefined ? 1 : Number(v))),
    },
    { error: '参数router不能为空' },
  ),
});

const idQuery = z.object({ id: z.string({ error: CRUD_MSG.idRequired }).trim().min(1, { error: CRUD_MSG.idRequired }) });

/** `/sys/gatewayRoute/*` (contract §12.7): list (not paged), updateAll (add or edit), delete, clearRedis. */
export async function gatewayRouteModule(app: FastifyInstance): Promise<void> {
  const svc = new GatewayRouteService(app.ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/gatewayRoute/list', { config: perm(P.list) }, async () => ok(await svc.list()));

  // One endpoint adds and edits (enable/disable is an edit of status): the caller needs add for a new route and
  // edit for a stored one.
  r.post('/sys/gatewayRoute/updateAll', { config: perm(P.add, P.edit), schema: { body: updateAllBody } }, async (req) => {
    const router = req.body.router;
    if (router.id) router.id = checkId(router.id);
    const codes = await app.authn.permissionCodes(req.user!);
    if (!codes.has(router.id ? P.edit : P.add)) throw new NoAuthError();
    await svc.save(req, router);
    return okMsg(GATEWAY_MSG.saved);
  });

  r.get('/sys/gatewayRoute/clearRedis', { config: perm(P.clearRedis) }, async () => okMsg(GATEWAY_MSG.cleared));

  r.delete('/sys/gatewayRoute/delete', { config: perm(P.delete), schema: { querystring: idQuery } }, async (req) => {
    await svc.remove(checkId(req.query.id));
    return okMsg(GATEWAY_MSG.deleted);
  });
}
