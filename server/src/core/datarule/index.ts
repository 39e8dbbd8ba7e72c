import type { EntityDef } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AppContext } from '../context.js';
import { camelToSnake, likeExpr } from '../query/index.js';
import { now } from '../time.js';
import { cachedForUser } from '../auth/permissions.js';

/**
 * Data rules (contract §4.4, issue 3 point 7): the rows of sys_permission_data_rule granted to the signed-in user
 * (sys_role_permission.data_rule_ids through the user's roles, and sys_depart_role_permission.data_rule_ids through
 * the user's department roles) on the menu whose component or url is `menuKey`, turned into a Kysely condition
 * over the entity's DECLARED fields. Values are always bound, and a LIKE value matches literally (a user whose name
 * holds `%` does not widen a `#{sys_user_name}` rule); `USE_SQL_RULES` is never executed (security §1.1).
 * A rule on an unknown field or with an unknown condition matches no row (fails closed) and is logged: a rule is a
 * restriction, and skipping it would show the rows it was meant to hide.
 */
export const RULE_CONDITIONS = ['>', '<', '!=', '=', '>=', '<=', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IN'] as const;
export type RuleCondition = (typeof RULE_CONDITIONS)[number];

export interface DataRule {
  id: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

const loaded = new WeakMap<FastifyRequest, Map<string, DataRule[]>>();
/** Per request: the org codes of all the caller's departments, for `#{sys_multi_org_code}`. */
const multiOrg = new WeakMap<FastifyRequest, string>();

/** Menu key (component or url) → the entity whose list its rules narrow: rule fields are checked against it on save. */
const targets = new Map<string, EntityDef>();

/** The entity whose rows the rules of the menu `menuKey` narrow (null when no list applies rules of that menu). */
export function ruleTargetOf(menuKey: string | null | undefined): EntityDef | null {
  return menuKey ? (targets.get(menuKey) ?? null) : null;
}

/** Load the caller's granted, enabled rules on the menu `menuKey` (component like `system/SysPositionList` or url). */
export async function loadDataRules(ctx: AppContext, userId: string, menuKey: string): Promise<DataRule[]> {
  const db = ctx.db.db;
  const menus = await db
    .selectFrom('sys_permission')
    .select('id')
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb('component', '=', menuKey), eb('url', '=', menuKey)]))
    .execute();
  if (!menus.length) return [];
  const menuIds = menus.map((m) => m.id);
  // JeecgBoot queryDataRuleIds: the union of the user's role grants and department-role grants on the menu.
  const grants = await db
    .selectFrom('sys_role_permission as rp')
    .innerJoin('sys_user_role as ur', 'ur.role_id', 'rp.role_id')
    .where('ur.user_id', '=', userId)
    .where('rp.permission_id', 'in', menuIds)
    .select('rp.data_rule_ids')
    .unionAll(
      db
        .selectFrom('sys_depart_role_permission as drp')
        .innerJoin('sys_depart_role_user as dru', 'dru.drole_id', 'drp.role_id')
        .where('dru.user_id', '=', userId)
        .where('drp.permission_id', 'in', menuIds)
        .select('drp.data_rule_ids'),
    )
    .execute();
  const ruleIds = new Set<string>();
  for (const g of grants) for (const id of (g.data_rule_ids ?? '').split(',')) if (id.trim()) ruleIds.add(id.trim());
  if (!ruleIds.size) return [];
  const rows = await db
    .selectFrom('sys_permission_data_rule')
    .select(['id', 'rule_column', 'rule_conditions', 'rule_value'])
    .where('id', 'in', [...ruleIds])
    .where('permission_id', 'in', menuIds)
    .where('status', '=', '1')
    .execute();
  return rows.map((r) => ({ id: r.id, ruleColumn: r.rule_column ?? '', ruleConditions: r.rule_conditions ?? '', ruleValue: r.rule_value ?? '' }));
}

/** Substitute `#{sys_user_code}` and friends (snake_case or camelCase); unknown variables become ''. */
export function substituteVariables(value: string, req: FastifyRequest): string {
  const u = req.user;
  const t = now();
  const vars: Record<string, string> = {
    sys_user_code: u?.username ?? '',
    sys_user_name: u?.realname ?? '',
    sys_org_code: u?.orgCode ?? '',
    sys_multi_org_code: multiOrg.get(req) ?? u?.orgCode ?? '',
    sys_date: t.slice(0, 10),
    sys_time: t,
    tenant_id: String(u?.tenantId ?? 0),
  };
  return value.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (_m, name: string) => {
    const key = camelToSnake(name).toLowerCase();
    return vars[key] ?? '';
  });
}

export interface RuleLogger {
  warn(obj: unknown, msg?: string): void;
}

/**
 * The condition for `rules` over `entity` (AND of every rule), or null when no rule applies.
 * `columnOf` maps a declared property to its column (default camelCase → snake_case).
 */
export function dataRuleCondition(
  eb: AnyEb,
  rules: readonly DataRule[],
  entity: EntityDef,
  req: FastifyRequest,
  columnOf: (prop: string) => string = camelToSnake,
  log?: RuleLogger,
): Expression<SqlBool> | null {
  const parts: Expression<SqlBool>[] = [];
  const none = () => eb.lit(false) as unknown as Expression<SqlBool>;
  const dialect = req.server?.ctx?.db.dialect ?? 'sqlite';
  for (const r of rules) {
    const field = entity.fields.find((f) => f.prop === r.ruleColumn);
    const cond = r.ruleConditions as RuleCondition;
    if (!field || !(RULE_CONDITIONS as readonly string[]).includes(cond)) {
      log?.warn({ rule: r.id, column: r.ruleColumn, condition: r.ruleConditions, entity: entity.key }, 'data rule cannot apply: no rows');
      parts.push(none());
      continue;
    }
    const col = columnOf(field.prop);
    const raw = substituteVariables(r.ruleValue, req);
    const typed = (v: string): string | number => (field.type === 'number' && /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : v);
    switch (cond) {
      case 'LIKE':
        parts.push(likeExpr(col, 'like', raw, dialect));
        break;
      case 'LEFT_LIKE':
        parts.push(likeExpr(col, 'left_like', raw, dialect));
        break;
      case 'RIGHT_LIKE':
        parts.push(likeExpr(col, 'right_like', raw, dialect));
        break;
      case 'IN': {
        const vals = raw.split(',').map((s) => s.trim()).filter(Boolean).map(typed);
        parts.push(vals.length ? eb(col, 'in', vals) : eb.lit(false) as unknown as Expression<SqlBool>);
        break;
      }
      case '!=':
        parts.push(eb(col, '<>', typed(raw)));
        break;
      default:
        parts.push(eb(col, cond, typed(raw)));
    }
  }
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0] : eb.and(parts);
}

/**
 * A preHandler that loads the caller's rules on `menuKey` once per request (use with `dataRuleScope`).
 * Add it to the module's plugin BEFORE `registerCrud`, so the engine's routes inherit it.
 */
export function dataRuleLoader(ctx: AppContext, menuKey: string) {
  return async (req: FastifyRequest): Promise<void> => {
    if (!req.user) return;
    let m = loaded.get(req);
    if (!m) {
      m = new Map();
      loaded.set(req, m);
    }
    // cached per user until grants or rules change (every such write bumps the permission version)
    const userId = req.user.id;
    if (!m.has(menuKey)) m.set(menuKey, await cachedForUser(ctx, `datarule:${menuKey}`, userId, () => loadDataRules(ctx, userId, menuKey)));
    if (!multiOrg.has(req) && m.get(menuKey)!.some((r) => /multi_?org_?code/i.test(r.ruleValue))) {
      const rows = await ctx.db.db
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
        .select('d.org_code')
        .where('ud.user_id', '=', userId)
        .orderBy('d.org_code')
        .execute();
      multiOrg.set(req, rows.map((r) => r.org_code).filter(Boolean).join(','));
    }
  };
}

export type AuditProp = 'createBy' | 'createTime' | 'updateBy' | 'updateTime';

export interface DataRuleScopeOptions {
  /** prop → column overrides (default camelCase → snake_case). */
  columns?: Readonly<Record<string, string>>;
  /** Audit columns of the table that rules may name besides the entity's fields. */
  audit?: readonly AuditProp[];
}

/**
 * A CrudHooks.scope for an entity: the rules loaded by `dataRuleLoader` for this request. A request that reaches
 * the scope without its rules loaded (a route outside the loader's plugin) matches nothing (fail closed).
 */
export function dataRuleScope(entity: EntityDef, menuKey: string, opts: DataRuleScopeOptions = {}) {
  // the audit columns a table keeps are rule fields too (JeecgBoot's 本人数据: createBy = #{sys_user_code})
  const auditFields = (opts.audit ?? []).map((prop) => ({ prop, label: prop, type: prop.endsWith('Time') ? ('datetime' as const) : ('string' as const) }));
  const target: EntityDef = auditFields.length ? { ...entity, fields: [...entity.fields, ...auditFields.filter((a) => !entity.fields.some((f) => f.prop === a.prop))] } : entity;
  targets.set(menuKey, target);
  const columnOf = (p: string) => opts.columns?.[p] ?? camelToSnake(p);
  return (eb: AnyEb, req: FastifyRequest): Expression<SqlBool> | null => {
    const rules = loaded.get(req)?.get(menuKey);
    if (!rules) return req.user ? (eb.lit(false) as unknown as Expression<SqlBool>) : null;
    return dataRuleCondition(eb, rules, target, req, columnOf, req.log);
  };
}
