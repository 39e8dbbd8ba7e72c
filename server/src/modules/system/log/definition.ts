import { dataLogEntity, logEntity } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import type { CrudBinding } from '../../../core/crud/index.js';
import { likeExpr, param, type RawParams } from '../../../core/query/index.js';

/** `keyWord` of the log list (contract §12.8): log_content LIKE '%…%', matched literally. */
const logKeyword: NonNullable<CrudBinding['hooks']>['scope'] = (_eb, req: FastifyRequest) => {
  const keyWord = param(req.query as RawParams, 'keyWord')?.trim();
  return keyWord ? likeExpr('log_content', 'like', keyWord, req.server.ctx.db.dialect) : null;
};

/** 日志管理 (sys_log): read and delete only; rows are written by the login log and the operation log (core/oplog). */
export const logBinding: CrudBinding = { entity: logEntity, table: 'sys_log', hooks: { scope: logKeyword } };

/** 数据日志 (sys_data_log): versions written by the CRUD engine for bindings with `dataLog: true`. */
export const dataLogBinding: CrudBinding = { entity: dataLogEntity, table: 'sys_data_log' };
