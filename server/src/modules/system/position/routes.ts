import type { FastifyInstance } from 'fastify';
import { permCode, positionEntity } from '@pk/contract';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { dataRuleLoader } from '../../../core/datarule/index.js';
import { POSITION_MENU, positionBinding, withRankText } from './definition.js';

/** `/sys/position/*`: the eight CRUD endpoints from the engine, plus `queryByCode` (contract §12.4); list rows add rank_dictText. */
export async function positionModule(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', dataRuleLoader(app.ctx, POSITION_MENU));
  // The list page's records also carry rank_dictText (the position picker's column, 001 §2).
  app.addHook('preSerialization', async (req, _reply, payload: unknown) => {
    const records = (payload as { result?: { records?: unknown } } | null)?.result?.records;
    if (Array.isArray(records) && (req.routeOptions.url ?? '').endsWith('/sys/position/list')) withRankText(records);
    return payload;
  });
  const svc = await registerCrud(app, positionBinding);

  app.get('/sys/position/queryByCode', { config: perm(permCode(positionEntity, 'list')) }, async (req) => {
    const code = param(req.query as RawParams, 'code')?.trim();
    if (!code) throw new BadRequestError('code不能为空');
    const row = await svc.findBy(req, 'code', code);
    if (!row) throw new BizError(MSG.notFound);
    return ok(row);
  });
}
