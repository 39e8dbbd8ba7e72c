import type { EntityDef } from '@pk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
    sys_multi_org_code: req.dataRules?.multiOrgCode ?? u?.orgCode ?? '',
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
        const vals = raw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(typed);
        parts.push(vals.length ? eb(col, 'in', vals) : (eb.lit(false) as unknown as Expression<SqlBool>));
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The menu (component like `system/UserList`, or url) whose data rules narrow the rows this route reads or
     * changes: `config: { ...perm('user:list'), dataRules: USER_MENU }`. The rules are loaded before the handler
     * (installDataRules) and applied by the entity's `dataRuleScope` of the same menu.
     */
    dataRules?: string;
  }
  interface FastifyRequest {
    /** The caller's rules of the route's `config.dataRules` menu, loaded before the handler (null elsewhere). */
    dataRules: LoadedRules | null;
  }
}

/** What installDataRules loads for a request: the menu's rules, and the org codes for `#{sys_multi_org_code}`. */
export interface LoadedRules {
  menuKey: string;
  rules: DataRule[];
  /** The org codes of all the caller's departments (loaded only when a rule names sys_multi_org_code). */
  multiOrgCode: string | null;
}

/**
 * The one place data rules are loaded: every route declaring `config.dataRules` gets a preHandler that reads the
 * caller's rules on that menu (cached per user until grants or rules change: every such write bumps the permission
 * version) into `req.dataRules`. Called first in registerModules (modules/index.ts), before any route is added.
 */
export function installDataRules(app: FastifyInstance): void {
  if (!app.hasRequestDecorator('dataRules')) app.decorateRequest('dataRules', null);
  app.addHook('onRoute', (route) => {
    const menuKey = (route.config as { dataRules?: string } | undefined)?.dataRules;
    if (!menuKey) return;
    const load = async (req: FastifyRequest) => {
      if (req.user) req.dataRules = await loadForRequest(req.server.ctx, req.user.id, menuKey);
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), load];
  });
}

async function loadForRequest(ctx: AppContext, userId: string, menuKey: string): Promise<LoadedRules> {
  const rules = await cachedForUser(ctx, `datarule:${menuKey}`, userId, () => loadDataRules(ctx, userId, menuKey));
  let multiOrgCode: string | null = null;
  if (rules.some((r) => /multi_?org_?code/i.test(r.ruleValue))) {
    const rows = await ctx.db.db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select('d.org_code')
      .where('ud.user_id', '=', userId)
      .orderBy('d.org_code')
      .execute();
    multiOrgCode = rows
      .map((r) => r.org_code)
      .filter(Boolean)
      .join(',');
  }
  return { menuKey, rules, multiOrgCode };
}

export type AuditProp = 'createBy' | 'createTime' | 'updateBy' | 'updateTime';

export interface DataRuleScopeOptions {
  /** prop → column overrides (default camelCase → snake_case). */
  columns?: Readonly<Record<string, string>>;
  /** Audit columns of the table that rules may name besides the entity's fields. */
  audit?: readonly AuditProp[];
}

/**
 * A CrudHooks.scope for an entity: on a route declaring `config.dataRules: menuKey`, the caller's rules of that menu
 * (null = no restriction on routes that do not declare it). A declaring route whose rules were not loaded for a
 * signed-in caller matches nothing (fail closed).
 */
export function dataRuleScope(entity: EntityDef, menuKey: string, opts: DataRuleScopeOptions = {}) {
  // the audit columns a table keeps are rule fields too (JeecgBoot's 本人数据: createBy = #{sys_user_code})
  const auditFields = (opts.audit ?? []).map((prop) => ({ prop, label: prop, type: prop.endsWith('Time') ? ('datetime' as const) : ('string' as const) }));
  const target: EntityDef = auditFields.length
    ? { ...entity, fields: [...entity.fields, ...auditFields.filter((a) => !entity.fields.some((f) => f.prop === a.prop))] }
    : entity;
  targets.set(menuKey, target);
  const columnOf = (p: string) => opts.columns?.[p] ?? camelToSnake(p);
  return (eb: AnyEb, req: FastifyRequest): Expression<SqlBool> | null => {
    if (req.routeOptions?.config?.dataRules !== menuKey) return null;
    const rules = req.dataRules?.menuKey === menuKey ? req.dataRules.rules : null;
    if (!rules) return req.user ? (eb.lit(false) as unknown as Expression<SqlBool>) : null;
    return dataRuleCondition(eb, rules, target, req, columnOf, req.log);
  };
}
