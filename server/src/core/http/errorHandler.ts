import type { FastifyError, FastifyInstance } from 'fastify';
import { BizError, MSG } from '../envelope/errors.js';
import { fail } from '../envelope/result.js';
import { oddInputError } from './oddInput.js';
import { isUniqueViolation } from '../db/uniqueViolation.js';
import { unavailableService, type Unavailable } from '../../db/unavailable.js';

/** A request hit while the database or Redis is away (db/unavailable.ts): 503, the client may retry after this. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;
export const UNAVAILABLE_MSG: Record<Unavailable, string> = {
  database: '数据库暂时不可用，请稍后重试',
  redis: '缓存服务（Redis）暂时不可用，请稍后重试',
};

/** Map a database driver error to a user-facing message, or null when it is not a known constraint error. */
function dbMessage(err: { code?: unknown; errno?: unknown; message?: string }): string | null {
  const code = String(err.code ?? '');
  if (isUniqueViolation(err)) return MSG.duplicate;
  if (code === '22001' || code === 'ER_DATA_TOO_LONG') return MSG.tooLong;
  return null;
}

/**
 * One error table for the whole server (contract §1.3). Never sends a stack trace or SQL text:
 * both go to the server log with the request id.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: unknown }, req, reply) => {
    if (error instanceof BizError) {
      const status = error.code === 401 || error.code === 400 || error.code === 403 ? error.code : 200;
      return reply.status(status).send(fail(error.message, error.code, error.result));
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(400).send(fail('请求内容过大，不能超过1MB', 400));
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send(fail('请求内容不是合法的JSON', 400));
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(400).send(fail('不支持的请求内容类型', 400));
      case 'FST_FILES_LIMIT':
        return reply.status(400).send(fail('上传的文件数量超出限制', 400));
      case 'FST_PARTS_LIMIT':
      case 'FST_FIELDS_LIMIT':
        return reply.status(400).send(fail('上传请求的表单项超出限制', 400));
      case 'FST_REQ_FILE_TOO_LARGE':
        // the contract's envelope and message (§1.3, §7.1: code 500) with the status security.md asks for
        // (§1.3 "an 11 MB file gives 413", R13 "oversize gives 413"); clients read success and message either way
        return reply.status(413).send(fail('文件大小超出10MB限制, 请压缩或降低文件质量! ', 500));
    }
    const odd = oddInputError(error, req);
    if (odd) return reply.status(400).send(odd);
    if (error.validation) {
      return reply.status(400).send(fail(`参数校验失败：${error.message}`, 400));
    }
    if (error.statusCode === 400 && error.code?.startsWith('FST_')) {
      return reply.status(400).send(fail(`请求参数错误`, 400));
    }
    const away = unavailableService(error);
    if (away) {
      req.log.warn({ err: error, service: away }, 'service unavailable');
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S)).send(fail(UNAVAILABLE_MSG[away], 503));
    }
    const known = dbMessage(error as { code?: unknown });
    if (known) {
      req.log.warn({ err: error }, 'constraint violation');
      return reply.status(200).send(fail(known, 500));
    }
    req.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send(fail(`操作失败，系统内部错误（请求号 ${req.id}）`, 500));
  });
}
