import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import type { SysPermissionDataRuleTable } from '../../../db/schema.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { checkId } from '../../../core/crud/index.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { likeExpr } from '../../../core/query/index.js';
import { empty, MENU_MSG, type RuleRow, type Trx } from './menu.common.js';
import { ruleTargetOf } from '../../../core/datarule/index.js';
import { assertRuleNotOnCaller } from '../role/escalation.js';

// Data rules of a menu (sys_permission_data_rule): contract §4.4.

export const ALLOWED_CONDITIONS = ['>', '<', '!=', '=', '>=', '<=', 'LEFT_LIKE', 'LIKE', 'RIGHT_LIKE', 'IN'];
const RULE_FIELDS: Record<string, [keyof SysPermissionDataRuleTable, number]> = {
  permissionId: ['permission_id', 32],
  ruleName: ['rule_name', 50],
  ruleColumn: ['rule_column', 50],
  ruleConditions: ['rule_conditions', 50],
  ruleValue: ['rule_value', 300],
  status: ['status', 3],
};
/** The properties a data-rule body may write, for the route schema's documentation: prop → maximum length. */
export const RULE_BODY_PROPS: Record<string, number> = Object.fromEntries(Object.entries(RULE_FIELDS).map(([prop, [, max]]) => [prop, max]));

const RULE_IGNORED = new Set(['createBy', 'createTime', 'updateBy', 'updateTime']);

export function ruleWire(r: RuleRow): Record<string, unknown> {
  return {
    id: r.id,
    permissionId: r.permission_id,
    ruleName: r.rule_name,
    ruleColumn: r.rule_column,
    ruleConditions: r.rule_conditions,
    ruleValue: r.rule_value,
    status: r.status,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

export function parseRuleBody(body: unknown, mode: 'add' | 'edit'): { id: string | null; cols: Record<string, string | null> } {
  bodyObject(body);
  let id: string | null = null;
  const cols: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (k === 'id') {
      if (mode === 'edit') id = checkId(v);
      continue;
    }
    if (RULE_IGNORED.has(k) || k.endsWith('_dictText')) continue;
    const f = RULE_FIELDS[k];
    if (!f) throw new BadRequestError(`未知字段：${k.slice(0, 50)}`);
    if (v === null || v === undefined || v === '') cols[f[0]] = null;
    else {
      const s = typeof v === 'number' ? String(v) : v;
      if (typeof s !== 'string') throw new BadRequestError(`字段${k}的类型不正确`);
      if ([...s].length > f[1]) throw new BadRequestError(`字段${k}长度不能超过${f[1]}`);
      cols[f[0]] = s.trim();
    }
  }
  if (mode === 'edit' && !id) throw new BadRequestError(MSG.idRequired);
  const need = (c: string, label: string) => {
    if ((mode === 'add' || c in cols) && empty(cols[c])) throw new BadRequestError(`${label}不能为空`);
  };
  need('permission_id', '菜单');
  need('rule_column', '规则字段');
  need('rule_conditions', '规则条件');
  need('rule_value', '规则值');
  if (cols.rule_conditions === 'USE_SQL_RULES') throw new BizError(MENU_MSG.sqlRule);
  if ('rule_conditions' in cols && !ALLOWED_CONDITIONS.includes(cols.rule_conditions as string)) throw new BadRequestError(MENU_MSG.badCondition);
  if ('rule_column' in cols && !/^[a-z][A-Za-z0-9]{0,49}$/.test(cols.rule_column as string)) throw new BadRequestError(MENU_MSG.badColumn);
  if ('status' in cols && cols.status !== null && !['0', '1'].includes(cols.status)) throw new BadRequestError('字段status的值不正确');
  if (cols.permission_id) cols.permission_id = checkId(cols.permission_id);
  return { id, cols };
}

async function refreshRuleFlag(trx: Trx, permissionId: string | null): Promise<void> {
  if (!permissionId) return;
  const r = await trx.selectFrom('sys_permission_data_rule').select('id').where('permission_id', '=', permissionId).limit(1).executeTakeFirst();
  await trx
    .updateTable('sys_permission')
    .set({ rule_flag: r ? 1 : 0 })
    .where('id', '=', permissionId)
    .execute();
}

async function requireMenu(trx: Trx, id: string): Promise<{ component: string | null; url: string | null }> {
  const m = await trx.selectFrom('sys_permission').select(['id', 'component', 'url']).where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst();
  if (!m) throw new BizError(MENU_MSG.notFound);
  return m;
}

/**
 * A rule on a menu whose list applies data rules must name a field of that list's entity: a typo would otherwise be
 * a rule that narrows nothing (at run time an unknown field matches no row: core/datarule fails closed).
 */
async function checkRuleColumn(trx: Trx, permissionId: string, column: string): Promise<void> {
  const menu = await requireMenu(trx, permissionId);
  const entity = ruleTargetOf(menu.component) ?? ruleTargetOf(menu.url);
  if (entity && !entity.fields.some((f) => f.prop === column)) throw new BizError(`${MENU_MSG.unknownRuleColumn}${column}`);
}

export async function addRule(ctx: AppContext, req: FastifyRequest, body: unknown): Promise<string> {
  const { cols } = parseRuleBody(body, 'add');
  const id = newId();
  await ctx.db.db.transaction().execute(async (trx) => {
    await checkRuleColumn(trx, cols.permission_id as string, cols.rule_column as string);
    await trx
      .insertInto('sys_permission_data_rule')
      .values({ status: '1', ...cols, id, create_by: req.user?.username ?? null, create_time: now() })
      .execute();
    await refreshRuleFlag(trx, cols.permission_id);
  });
  await bumpPermissionVersion(ctx);
  return id;
}

export async function editRule(ctx: AppContext, req: FastifyRequest, body: unknown): Promise<void> {
  const { id, cols } = parseRuleBody(body, 'edit');
  await ctx.db.db.transaction().execute(async (trx) => {
    const cur = await trx.selectFrom('sys_permission_data_rule').select(['id', 'permission_id', 'rule_column']).where('id', '=', id!).executeTakeFirst();
    if (!cur) throw new BizError(MENU_MSG.ruleNotFound);
    await assertRuleNotOnCaller(trx, req, [cur.id]);
    const menuId = cols.permission_id ?? cur.permission_id;
    if (menuId) await checkRuleColumn(trx, menuId, (cols.rule_column ?? cur.rule_column ?? '') as string);
    await trx
      .updateTable('sys_permission_data_rule')
      .set({ ...cols, update_by: req.user?.username ?? null, update_time: now() })
      .where('id', '=', id!)
      .execute();
    if (cols.permission_id && cols.permission_id !== cur.permission_id) {
      await refreshRuleFlag(trx, cur.permission_id);
      await refreshRuleFlag(trx, cols.permission_id);
    }
  });
  await bumpPermissionVersion(ctx);
}

export async function deleteRule(ctx: AppContext, req: FastifyRequest, rawId: unknown): Promise<void> {
  const id = checkId(rawId);
  await ctx.db.db.transaction().execute(async (trx) => {
    const cur = await trx.selectFrom('sys_permission_data_rule').select(['id', 'permission_id']).where('id', '=', id).executeTakeFirst();
    if (!cur) throw new BizError(MENU_MSG.ruleNotFound);
    await assertRuleNotOnCaller(trx, req, [cur.id]);
    await trx.deleteFrom('sys_permission_data_rule').where('id', '=', id).execute();
    await refreshRuleFlag(trx, cur.permission_id);
  });
  await bumpPermissionVersion(ctx);
}

/** The data rules of a menu, oldest first. */
export async function rulesOfMenu(ctx: AppContext, permissionId: string): Promise<RuleRow[]> {
  return ctx.db.db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).orderBy('create_time').orderBy('id').execute();
}

export type RuleFilterColumn = 'permission_id' | 'rule_name' | 'rule_column' | 'rule_conditions' | 'rule_value' | 'status';

/** Data rules matching every filter (rule_name contains, the others equal), oldest first, at most 10000. */
export async function findRules(ctx: AppContext, filters: ReadonlyArray<readonly [RuleFilterColumn, string]>): Promise<RuleRow[]> {
  let sel = ctx.db.db.selectFrom('sys_permission_data_rule').selectAll();
  for (const [col, v] of filters) sel = col === 'rule_name' ? sel.where(likeExpr(col, 'like', v, ctx.db.dialect)) : sel.where(col, '=', v);
  return sel.orderBy('create_time').orderBy('id').limit(10000).execute();
}
