import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { newId } from '../id.js';
import { now } from '../time.js';

/** sys_log.log_type of sign-in / sign-out rows (dict log_type: 1 登录日志). */
export const LOG_TYPE_LOGIN = 1;

export interface LoginLogEntry {
  /** e.g. `用户名: admin,登录成功！`. Never a password, token or captcha. */
  content: string;
  /** The account name (sys_log.userid holds the username, contract §12.8). */
  userid: string | null;
  /** The display name (sys_log.username holds the realname). */
  username: string | null;
}

function clip(s: string | null | undefined, n: number): string | null {
  if (s === null || s === undefined) return null;
  return s.length > n ? s.slice(0, n) : s;
}

/** The request path without its query string (a query could carry anything). */
function pathOf(req: FastifyRequest): string {
  const u = req.url;
  const q = u.indexOf('?');
  return q >= 0 ? u.slice(0, q) : u;
}

/**
 * Write one login-log row (sign-in success or failure, sign-out, forced sign-out). A failure to write is logged and
 * swallowed: the audit row must not turn a sign-in into an error page.
 */
export async function writeLoginLog(ctx: AppContext, req: FastifyRequest, entry: LoginLogEntry): Promise<void> {
  const t = now();
  try {
    await ctx.db.db
      .insertInto('sys_log')
      .values({
        id: newId(),
        log_type: LOG_TYPE_LOGIN,
        log_content: clip(entry.content, 1000),
        userid: clip(entry.userid, 32),
        username: clip(entry.username, 100),
        ip: clip(req.ip, 100),
        request_url: clip(pathOf(req), 255),
        request_type: req.method,
        create_by: clip(entry.userid, 32),
        create_time: t,
      })
      .execute();
  } catch (err) {
    req.log.error({ err }, 'login log write failed');
  }
}
