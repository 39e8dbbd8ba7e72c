import { fillRuleEntity, fillRuleGenerator } from '@pk/contract';
import type { CrudBinding, SaveContext, Values } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { CRUD_RULE_MESSAGES } from '../checkRule/definition.js';
import { GENERATOR_LIST, GENERATORS } from './generators.js';

export const FILL_RULE_MSG = {
  unknownClass: `规则实现类不存在，请选择内置规则：${GENERATOR_LIST}`,
  paramsJson: '规则参数须为JSON对象，如 {"prefix":"CN"}',
  params: (problem: string) => `规则参数不正确：${problem}`,
} as const;

/** The parameter object of a rule_params text ('' = {}); throws BadRequestError when it is not a JSON object. */
export function parseParams(text: unknown): Record<string, unknown> {
  if (text === null || text === undefined || (typeof text === 'string' && !text.trim())) return {};
  let v: unknown;
  try {
    v = JSON.parse(String(text));
  } catch {
    throw new BadRequestError(FILL_RULE_MSG.paramsJson);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BadRequestError(FILL_RULE_MSG.paramsJson);
  return v as Record<string, unknown>;
}

/**
 * On save: the rule class must name a built-in generator (an original Java class name is stored as its key) and
 * the params must be what that generator takes. A partial edit is checked against the stored row.
 */
async function checkRule(values: Values, c: SaveContext): Promise<void> {
  if (!('ruleClass' in values) && !('ruleParams' in values)) return;
  const stored = c.isNew ? undefined : await c.trx.selectFrom('sys_fill_rule').select(['rule_class', 'rule_params']).where('id', '=', c.id).executeTakeFirst();
  const cls = 'ruleClass' in values ? values.ruleClass : stored?.rule_class;
  const gen = fillRuleGenerator(typeof cls === 'string' ? cls : null);
  if (!gen) throw new BadRequestError(FILL_RULE_MSG.unknownClass);
  if ('ruleClass' in values) values.ruleClass = gen;
  const problem = GENERATORS[gen].check(parseParams('ruleParams' in values ? values.ruleParams : stored?.rule_params));
  if (problem) throw new BadRequestError(FILL_RULE_MSG.params(problem));
}

/** 系统编码规则 (contract §6.5): CRUD texts as check rules; queryById of a missing row is ok(null). */
export const fillRuleBinding: CrudBinding = {
  entity: fillRuleEntity,
  table: 'sys_fill_rule',
  dataLog: true,
  nullWhenMissing: true,
  messages: CRUD_RULE_MESSAGES,
  hooks: { beforeSave: checkRule },
};
