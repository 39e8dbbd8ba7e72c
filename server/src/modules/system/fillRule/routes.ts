import type { FastifyInstance } from 'fastify';
import { fillRuleEntity } from '@pk/contract';
import { z } from 'zod';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { ok } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { fillRuleBinding } from './definition.js';
import { executeRule, MAX_BATCH_RULES } from './service.js';

const RULE_CODE_REQUIRED = 'ruleCode不能为空';
const ruleCode = z.string({ error: RULE_CODE_REQUIRED }).trim().min(1, RULE_CODE_REQUIRED).max(100);
const formData = z.record(z.string(), z.unknown());

/**
 * `/sys/fillRule/*` (contract §6.5): the CRUD endpoints of the engine; testFillRule (the list's 功能测试);
 * executeRuleByCode and executeRuleByCodeBatch, which forms of any screen call (signed in). A rule that cannot run
 * answers result null.
 */
export async function fillRuleModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, fillRuleBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const run = (code: string, data: Record<string, unknown> | null | undefined) => executeRule(app.ctx.db, app.log, code, data ?? {});

  r.get(
    '/sys/fillRule/testFillRule',
    {
      config: perm(fillRuleEntity.perms.list),
      schema: { querystring: z.object({ ruleCode }) },
    },
    async (req) => ok(await run(req.query.ruleCode, {})),
  );

  r.put(
    '/sys/fillRule/executeRuleByCode/:ruleCode',
    {
      config: SIGNED_IN,
      schema: { params: z.object({ ruleCode }), body: formData.nullish() },
    },
    async (req) => ok(await run(req.params.ruleCode, req.body)),
  );

  r.put(
    '/sys/fillRule/executeRuleByCodeBatch',
    {
      config: SIGNED_IN,
      schema: {
        body: z.object({
          commonFormData: formData.nullish(),
          rules: z
            .array(z.object({ ruleCode, formData: formData.nullish() }), { error: 'rules不能为空' })
            .max(MAX_BATCH_RULES, `rules最多${MAX_BATCH_RULES}条`),
        }),
      },
    },
    async (req) => {
      const out: Array<{ ruleCode: string; result: unknown }> = [];
      for (const rule of req.body.rules) out.push({ ruleCode: rule.ruleCode, result: await run(rule.ruleCode, rule.formData ?? req.body.commonFormData) });
      return ok(out);
    },
  );
}
