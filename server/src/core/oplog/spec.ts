import { OPERATE_TYPE, type CrudAction, type EntityDef, type OperateType } from '@pk/contract';
import type { FastifyRequest } from 'fastify';

/**
 * What an operation-log row says about a route (the `@AutoLog` of the original, contract §12.8): a Chinese text
 * and the operate type (dict `operate_type`). Declared on a route as `config: { ...perm('x:y'), log: {...} }`;
 * `log: false` keeps a write route out of the log.
 */
export interface OpLogSpec {
  content: string;
  operateType: OperateType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    log?: OpLogSpec | false;
  }
}

/** The texts of the original's generated controllers (`职务表-添加`, `职务表-通过id删除` …) per CRUD action. */
const CRUD_LOG: Partial<Record<CrudAction, [text: string, type: OperateType]>> = {
  add: ['添加', OPERATE_TYPE.add],
  edit: ['编辑', OPERATE_TYPE.edit],
  delete: ['通过id删除', OPERATE_TYPE.delete],
  deleteBatch: ['批量删除', OPERATE_TYPE.delete],
  importExcel: ['导入', OPERATE_TYPE.import],
  exportXls: ['导出', OPERATE_TYPE.export],
};

/** The log declaration of a CRUD route (`职务-添加`); undefined for reads (list, queryById), which are not logged. */
export function crudLogSpec(entity: Pick<EntityDef, 'title'>, action: CrudAction): OpLogSpec | undefined {
  const x = CRUD_LOG[action];
  return x ? { content: `${entity.title}-${x[0]}`, operateType: x[1] } : undefined;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The operate type a write route without a declaration gets, from its last path segment, else its method. */
export function operateTypeOf(method: string, url: string): OperateType {
  const last = url.slice(url.lastIndexOf('/') + 1).toLowerCase();
  if (last.startsWith('import')) return OPERATE_TYPE.import;
  if (last.startsWith('export')) return OPERATE_TYPE.export;
  if (/^(add|save|create|insert)/.test(last)) return OPERATE_TYPE.add;
  if (/^(delete|remove|clear)/.test(last) || method === 'DELETE') return OPERATE_TYPE.delete;
  return OPERATE_TYPE.edit;
}

const OPERATE_TEXT: Record<OperateType, string> = { 1: '查询', 2: '添加', 3: '修改', 4: '删除', 5: '导入', 6: '导出' };

/**
 * What to log for a request, or null: a route's own declaration; otherwise every write (POST, PUT, DELETE, PATCH)
 * of a signed-in route, described by its path and operate type (`/sys/user/frozenBatch-修改`). Public routes
 * (sign-in, captcha) are left to the login log unless they declare a text.
 */
export function describeOperation(req: FastifyRequest, apiPrefix: string): OpLogSpec | null {
  if (req.is404) return null;
  const config = req.routeOptions.config;
  const declared = config.log;
  if (declared === false) return null;
  if (declared) return declared;
  if (!WRITE_METHODS.has(req.method) || config.auth === 'public' || !config.auth) return null;
  const url = req.routeOptions.url ?? '';
  const path = apiPrefix && url.startsWith(apiPrefix) ? url.slice(apiPrefix.length) : url;
  const operateType = operateTypeOf(req.method, path);
  return { content: `${path}-${OPERATE_TEXT[operateType]}`, operateType };
}
