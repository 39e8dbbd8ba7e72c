import type { FastifyInstance } from 'fastify';
import { LOG_CLEAR_ALL, logEntity } from '@pk/contract';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { CrudService, resolveBinding, splitIds, checkId } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { crudLogSpec } from '../../../core/oplog/index.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { dataLogBinding, logBinding } from './definition.js';
import { clearLogs, DataLogReader, VisitStats } from './service.js';
import { crudSchemas } from '../../../core/crud/index.js';
import { ID_QUERY, qv, queryOf } from '../../../core/http/routeSchemas.js';

export const LOG_MSG = {
  cleared: '清除成功!',
  noVersion: '未找到版本信息',
  loginInfo: MSG.loginOk,
} as const;

/** A required query parameter, or a 400 naming it. */
function required(q: RawParams, name: string): string {
  const v = param(q, name)?.trim();
  if (!v) throw new BadRequestError(`${name}不能为空`);
  return v;
}

/**
 * 日志管理 and 数据日志 (contract §12.8) plus the dashboard's login counters (contract §9): `/sys/log/*`,
 * `/sys/dataLog/*`, `/sys/loginfo`, `/sys/visitInfo`. The log list first waits for the operation-log rows still
 * queued (core/oplog), so the caller's own last operation is on it.
 */
export async function logModule(app: FastifyInstance): Promise<void> {
  const logs = new CrudService(app.ctx, resolveBinding(logBinding));
  const dataLogs = new CrudService(app.ctx, resolveBinding(dataLogBinding));
  const versions = new DataLogReader(dataLogs);
  const stats = new VisitStats(app.ctx);
  const LS = crudSchemas(logs.b, { query: { logType: qv('日志类型：1 登录日志，2 操作日志') } });
  const DS = crudSchemas(dataLogs.b);

  app.get('/sys/log/list', { config: perm(PERM.log.list), schema: LS.list }, async (req) => {
    await app.oplog.flush();
    return ok(await logs.list(req, req.query as RawParams));
  });

  app.delete(
    '/sys/log/delete',
    { config: { ...perm(PERM.log.delete), log: crudLogSpec(logEntity, 'delete') }, schema: { querystring: ID_QUERY } },
    async (req) => {
      const ids = splitIds(required(req.query as RawParams, 'id'));
      if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
      await logs.remove(req, ids);
      return okMsg(MSG.deleted);
    },
  );

  app.delete(
    '/sys/log/deleteBatch',
    {
      config: { ...perm(PERM.log.deleteBatch), log: crudLogSpec(logEntity, 'deleteBatch') },
      schema: { querystring: queryOf({ ids: '日志id，以逗号分隔；allclear 清空全部' }, ['ids']) },
    },
    async (req) => {
      const raw = param(req.query as RawParams, 'ids')?.trim();
      if (raw === LOG_CLEAR_ALL) {
        await clearLogs(app.ctx, () => app.oplog.flush());
        return okMsg(LOG_MSG.cleared);
      }
      const ids = splitIds(raw);
      if (!ids.length) throw new BizError(MSG.badParams);
      await logs.remove(req, ids);
      return okMsg(MSG.batchDeleted);
    },
  );

  app.get('/sys/loginfo', { config: SIGNED_IN }, async () => ok(await stats.loginInfo(), LOG_MSG.loginInfo));

  app.get('/sys/visitInfo', { config: SIGNED_IN }, async () => ok(await stats.visitInfo()));

  app.get('/sys/dataLog/list', { config: perm(PERM.dataLog.list), schema: DS.list }, async (req) => ok(await dataLogs.list(req, req.query as RawParams)));

  app.get(
    '/sys/dataLog/queryCompareList',
    { config: perm(PERM.dataLog.list), schema: { querystring: queryOf({ dataId1: '版本一的记录id', dataId2: '版本二的记录id' }, ['dataId1', 'dataId2']) } },
    async (req) => {
      const q = req.query as RawParams;
      const ids = [checkId(required(q, 'dataId1')), checkId(required(q, 'dataId2'))];
      return ok(await versions.byIds(ids));
    },
  );

  app.get(
    '/sys/dataLog/queryDataVerList',
    { config: perm(PERM.dataLog.list), schema: { querystring: queryOf({ dataTable: '表名', dataId: '数据id' }, ['dataTable', 'dataId']) } },
    async (req) => {
      const q = req.query as RawParams;
      const list = await versions.versions(required(q, 'dataTable'), required(q, 'dataId'));
      if (!list.length) throw new BizError(LOG_MSG.noVersion);
      return ok(list);
    },
  );
}
