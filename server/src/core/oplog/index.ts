import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LOG_TYPE } from '@pk/contract';
import { newId } from '../id.js';
import { now } from '../time.js';
import { requestParamOf } from './requestParam.js';
import { describeOperation, type OpLogSpec } from './spec.js';
import { OpLogWriter, type LogRow } from './writer.js';
import { MSG } from '../messages.js';

export { crudLogSpec, describeOperation, operateTypeOf, type OpLogSpec } from './spec.js';
export { requestParamOf, REDACTED, PARAM_MAX_CHARS } from './requestParam.js';
export { OpLogWriter, WRITER_LIMITS } from './writer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The operation-log writer (`await app.oplog.flush()` before reading sys_log). */
    oplog: OpLogWriter;
  }
}

function clip(s: string | null | undefined, n: number): string | null {
  if (s === null || s === undefined) return null;
  return s.length > n ? s.slice(0, n) : s;
}

/** The message of a failed answer (`success:false` envelope, or any status ≥ 400), else null. */
function failureOf(reply: FastifyReply, payload: unknown): string | null {
  const text = typeof payload === 'string' ? payload : null;
  if (text && text.startsWith('{') && text.includes('"success":false')) {
    try {
      const msg = (JSON.parse(text) as { message?: unknown }).message;
      return typeof msg === 'string' && msg ? msg : MSG.failed;
    } catch {
      return MSG.failed;
    }
  }
  return reply.statusCode >= 400 ? `操作失败（HTTP ${reply.statusCode}）` : null;
}

/** One sys_log row of log_type 2 for an answered request. */
export function operationRow(req: FastifyRequest, reply: FastifyReply, spec: OpLogSpec, payload: unknown): LogRow {
  const user = req.user!;
  const failure = failureOf(reply, payload);
  const content = failure ? `${spec.content}（失败：${failure}）` : spec.content;
  const path = req.url.split('?', 1)[0];
  return {
    id: newId(),
    log_type: LOG_TYPE.operation,
    log_content: clip(content, 1000),
    operate_type: spec.operateType,
    userid: clip(user.username, 32),
    username: clip(user.realname, 100),
    ip: clip(req.ip, 100),
    method: clip(`${req.method} ${req.routeOptions.url ?? path}`, 500),
    request_url: clip(path, 255),
    request_param: requestParamOf(req),
    request_type: req.method,
    cost_time: Math.round(reply.elapsedTime),
    create_by: clip(user.username, 50),
    create_time: now(),
  };
}

/**
 * The operation log (contract §12.8, log_type 2): every write of a signed-in user — who, what (the route's `log`
 * declaration, see spec.ts), when, IP, method, URL, parameters without secrets, duration and result. One `onSend`
 * hook queues the row before the answer leaves (so the caller's next request finds it); the writer stores rows in
 * batches off the request path. Register before compressAnswers, which turns the answer into bytes.
 * OPERATION_LOG=0 leaves the hook out (the writer stays, for the log list's flush).
 */
export const operationLog = fp(async function operationLog(app: FastifyInstance) {
  const writer = new OpLogWriter(app.ctx.db.db, app.log);
  app.decorate('oplog', writer);
  app.addHook('onClose', async () => writer.flush());
  if (!app.ctx.config.operationLog) return;
  const prefix = app.ctx.config.apiPrefix;
  // a callback hook: it runs on every answer and never waits (the writer batches)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.user) return done(null, payload);
    try {
      const spec = describeOperation(req, prefix);
      if (spec) writer.push(operationRow(req, reply, spec, payload));
    } catch (err) {
      req.log.error({ err }, 'operation log entry failed');
    }
    done(null, payload);
  });
});
