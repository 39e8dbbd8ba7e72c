import { defineEntity } from '../entity';

/**
 * 路由网关 (sys_gateway_route) — contract §12.7: stored route definitions only (no proxying). Its list is not
 * paged and its writes go through `updateAll`, so only the button rows below exist (no import or export).
 */
export const gatewayRouteEntity = defineEntity({
  key: 'gatewayRoute',
  title: '路由网关',
  api: '/sys/gatewayRoute',
  // contract §12.7: an unpaged list, writes through updateAll, delete answering 删除路由成功
  omitRoutes: ['queryById', 'add', 'edit', 'deleteBatch', 'exportXls', 'importExcel'],
  ownShapeRoutes: ['list', 'delete'],
  table: 'sys_gateway_route',
  perm: 'gatewayRoute',
  menu: {
    group: 'monitor',
    name: '路由网关',
    url: '/isystem/gatewayroute',
    component: 'system/SysGatewayRouteList',
    sort: 0,
    actions: ['add', 'edit', 'delete'],
    buttons: [{ action: 'clearRedis', name: '清除缓存' }],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'routerId', label: '路由ID', type: 'string', required: true, maxLength: 50 },
    { prop: 'name', label: '路由名称', type: 'string', required: true, maxLength: 32 },
    { prop: 'uri', label: '路由URI', type: 'string', required: true, maxLength: 32 },
    { prop: 'predicates', label: '路由断言', type: 'text', list: false },
    { prop: 'filters', label: '过滤器', type: 'text', list: false },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status' },
    { prop: 'createTime', label: '创建时间', type: 'datetime', form: false, list: false },
  ],
});

/** One predicate or filter of a route: `{name: 'Path', args: ['/api/**']}` (args an array or an object). */
export interface GatewayRule {
  name: string;
  args: unknown[] | Record<string, unknown>;
}

/** A route as `GET /sys/gatewayRoute/list` answers it: predicates and filters parsed into arrays. */
export interface GatewayRouteRow {
  id: string;
  routerId: string;
  name: string | null;
  uri: string | null;
  predicates: GatewayRule[];
  filters: GatewayRule[];
  status: number | null;
  createTime?: string | null;
  updateTime?: string | null;
}

/** Limits of a route's rule lists (the server refuses more). */
export const GATEWAY_LIMITS = { rules: 20, jsonChars: 4000 } as const;
