import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { checkRuleBinding } from './definition.js';
import { checkByCode, decodeOnceMore } from './service.js';

const RULE_CODE_REQUIRED = 'ruleCode不能为空';

/**
 * `/sys/checkRule/*` (contract §6.4): the CRUD endpoints of the engine, and `checkByCode`, which any signed-in form
 * asks while the user types (the client sends encodeURIComponent(value); the server decodes once more).
 */
export async function checkRuleModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, checkRuleBinding);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/checkRule/checkByCode',
    {
      config: SIGNED_IN,
      schema: {
        querystring: z.object({
          ruleCode: z.string({ error: RULE_CODE_REQUIRED }).trim().min(1, RULE_CODE_REQUIRED).max(100),
          value: z.string().max(10_000).optional(),
        }),
      },
    },
    async (req) => {
      const failure = await checkByCode(app.ctx.db, req.query.ruleCode, decodeOnceMore(req.query.value ?? ''));
      if (failure) throw new BizError(failure.message, 500, failure);
      return ok(null);
    },
  );
}
