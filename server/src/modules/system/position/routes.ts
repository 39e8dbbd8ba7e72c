import type { FastifyInstance } from 'fastify';
import { permCode, positionEntity } from '@pk/contract';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { POSITION_MENU, positionBinding } from './definition.js';

/** `/sys/position/*`: the eight CRUD endpoints from the engine, plus `queryByCode` (contract §12.4); list rows add rank_dictText. */
export async function positionModule(app: FastifyInstance): Promise<void> {
  const svc = await registerCrud(app, positionBinding);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/position/queryByCode',
    {
      config: { ...perm(permCode(positionEntity, 'list')), dataRules: POSITION_MENU },
      schema: { querystring: z.object({ code: z.string({ error: 'code不能为空' }).trim().min(1, 'code不能为空') }) },
    },
    async (req) => {
      const row = await svc.findBy(req, 'code', req.query.code);
      if (!row) throw new BizError(MSG.notFound);
      return ok(row);
    },
  );
}
