import type { GatewayRouteRow } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { now } from '../../../core/time.js';
import type { SysGatewayRoute } from '../../../db/schema.js';
import { normaliseRules, parseStoredRules } from './rules.js';

export const GATEWAY_MSG = {
  saved: '操作成功！',
  cleared: '清除成功！',
  deleted: '删除路由成功',
  duplicateRouterId: '路由ID已存在',
} as const;

/** Routes a list answers at most (the list is not paged, contract §12.7). */
export const GATEWAY_MAX_ROUTES = 1000;

/** The router of `POST /updateAll` after the route schema (strings trimmed, status 0/1). */
export interface RouterInput {
  id?: string | null;
  routerId: string;
  name: string;
  uri: string;
  predicates?: unknown;
  filters?: unknown;
  status: number;
}

function toWire(r: SysGatewayRoute): GatewayRouteRow & Record<string, unknown> {
  return {
    id: r.id,
    routerId: r.router_id ?? '',
    name: r.name,
    uri: r.uri,
    predicates: parseStoredRules(r.predicates),
    filters: parseStoredRules(r.filters),
    stripPrefix: r.strip_prefix,
    retryable: r.retryable,
    persistable: r.persistable,
    showApi: r.show_api,
    status: r.status,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
  };
}

/**
 * 路由网关 (contract §12.7): route definitions kept as configuration. Nothing is proxied and no gateway is told:
 * the Spring Cloud side effects (Redis key, reload message) have no reader here.
 */
export class GatewayRouteService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  /** Every route, newest first, predicates and filters parsed into arrays. */
  async list(): Promise<Array<GatewayRouteRow & Record<string, unknown>>> {
    const rows = await this.db
      .selectFrom('sys_gateway_route')
      .selectAll()
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc')
      .limit(GATEWAY_MAX_ROUTES)
      .execute();
    return rows.map(toWire);
  }

  async exists(id: string): Promise<boolean> {
    return !!(await this.db.selectFrom('sys_gateway_route').select('id').where('id', '=', id).executeTakeFirst());
  }

  /** Insert (no id) or update (id of a stored route) one route; the rule lists validated first. Returns the id. */
  async save(req: FastifyRequest, r: RouterInput): Promise<string> {
    const predicates = normaliseRules(r.predicates, 'predicates');
    const filters = normaliseRules(r.filters, 'filters');
    const values = { router_id: r.routerId, name: r.name, uri: r.uri, predicates, filters, status: r.status };
    const user = req.user?.username ?? null;
    // the unique index uk_sgr_router_id (migration 0009) refuses what a parallel save slipped past the read check
    const refused = (e: unknown): never => {
      throw isUniqueViolation(e) ? new BizError(GATEWAY_MSG.duplicateRouterId) : e;
    };
    return this.db
      .transaction()
      .execute(async (trx) => {
        let q = trx.selectFrom('sys_gateway_route').select('id').where('router_id', '=', r.routerId);
        if (r.id) q = q.where('id', '<>', r.id);
        if (await q.executeTakeFirst()) throw new BizError(GATEWAY_MSG.duplicateRouterId);
        if (r.id) {
          const res = await trx
            .updateTable('sys_gateway_route')
            .set({ ...values, update_by: user, update_time: now() })
            .where('id', '=', r.id)
            .executeTakeFirst();
          if (!Number(res.numUpdatedRows)) throw new BizError(MSG.notFound);
          return r.id;
        }
        const id = newId();
        await trx
          .insertInto('sys_gateway_route')
          .values({ id, ...values, sys_org_code: req.user?.orgCode ?? null, create_by: user, create_time: now() })
          .execute();
        return id;
      })
      .catch(refused);
  }

  async remove(id: string): Promise<void> {
    const res = await this.db.deleteFrom('sys_gateway_route').where('id', '=', id).executeTakeFirst();
    if (!Number(res.numDeletedRows)) throw new BizError(MSG.notFound);
  }
}
