import { fillRuleGenerator } from '@pk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import { parseParams } from './definition.js';
import { GENERATORS } from './generators.js';

/** Rules per executeRuleByCodeBatch request. */
export const MAX_BATCH_RULES = 100;

/**
 * Run the fill rule `ruleCode` on the form data (contract §6.5 FillRuleUtil.executeRule): its built-in generator with
 * its params. An unknown code, a class that names no generator, bad params or any failure give null (logged).
 */
export async function executeRule(db: Db, log: FastifyBaseLogger, ruleCode: string, formData: Record<string, unknown>): Promise<unknown> {
  const code = ruleCode.trim();
  if (!code) return null;
  const row = await db.db.selectFrom('sys_fill_rule').select(['rule_class', 'rule_params']).where('rule_code', '=', code).executeTakeFirst();
  const gen = fillRuleGenerator(row?.rule_class);
  if (!row || !gen) return null;
  try {
    const params = parseParams(row.rule_params);
    if (GENERATORS[gen].check(params)) return null;
    return (await GENERATORS[gen].run({ db, ruleCode: code }, params, formData)) ?? null;
  } catch (e) {
    log.warn({ err: e, ruleCode: code }, 'fill rule failed');
    return null;
  }
}
