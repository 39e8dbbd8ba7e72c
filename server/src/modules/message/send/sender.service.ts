import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type ExpressionBuilder } from 'kysely';
import { MSG_SEND_STATUS } from '@pk/contract';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { formatDateTime } from '../../../core/time.js';
import { MESSAGE_MSG } from '../definition.js';
import { channelFor, PermanentSendError, type OutgoingMessage } from './channels.js';

/**
 * The send job of 消息管理 (contract §8.4, SendMsgJob): drains sys_sms rows that are due — status 0 (未发送), or
 * status 2 (发送失败) with fewer than SEND_LIMIT attempts whose next attempt time has come — through the channel of
 * their es_type, then writes status, result (es_result), attempts (es_send_num) and send time.
 *
 * Several nodes may run it at once: a node first CLAIMS rows with one conditional UPDATE (claim_token = its random
 * token, claim_until = now + lease, only where the row is still due and unclaimed or its claim has run out), then
 * reads back the rows carrying its token — the database decides, so no row is handed to two nodes. The result is
 * written only while the claim is still the node's (WHERE claim_token = token). A node that dies mid-send leaves
 * its claim to run out after the lease; the row is then tried again.
 *
 * Retries: a failed attempt n (1, 2, …) sets next_try_time = now + min(backoff × 2^(n−1), 1 h); after SEND_LIMIT
 * attempts, or on a failure no retry can fix (unknown user, malformed address, no channel), next_try_time stays
 * null and the row is not tried again (setting it back to 未发送 queues it anew).
 */

/** Attempts per message: the original's job retries status 2 while es_send_num < 6. */
export const SEND_LIMIT = 6;
/** First retry delay in seconds (doubled per attempt, capped at MAX_BACKOFF_SECONDS). */
export const BACKOFF_SECONDS = 60;
const MAX_BACKOFF_SECONDS = 3600;
/** How long a claim holds (a send that takes longer may be tried again by another node). */
export const CLAIM_LEASE_SECONDS = 300;
/** Rows claimed per round. */
const BATCH = 50;

export interface SendOptions {
  /** The clock (tests move it to see retries come due). Default: now. */
  now?: () => Date;
  /** First retry delay in seconds. Default BACKOFF_SECONDS. */
  backoffSeconds?: number;
  /** Attempts per message. Default SEND_LIMIT. */
  limit?: number;
  /** Stop after this many rows (default: until nothing is due). */
  maxRows?: number;
  /** Stop between rows when aborted (the job's lease lost, the app closing). */
  signal?: AbortSignal;
}

export interface SendReport {
  sent: number;
  failed: number;
}

type SmsEb = ExpressionBuilder<Database, 'sys_sms'>;

const plus = (d: Date, seconds: number) => formatDateTime(new Date(d.getTime() + seconds * 1000));

/** Next attempt delay after `attempts` failed attempts. */
export function backoffDelay(attempts: number, base = BACKOFF_SECONDS): number {
  return Math.min(base * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_SECONDS);
}

/** Rows due at `t` and not claimed by anyone (or whose claim ran out). */
function dueAndFree(eb: SmsEb, t: string, limit: number) {
  return eb.and([
    eb.or([
      eb('es_send_status', '=', MSG_SEND_STATUS.pending),
      eb.and([
        eb('es_send_status', '=', MSG_SEND_STATUS.failed),
        eb(eb.fn.coalesce('es_send_num', sql.lit(0)), '<', limit),
        eb('next_try_time', 'is not', null),
        eb('next_try_time', '<=', t),
      ]),
    ]),
    eb.or([eb('claim_token', 'is', null), eb('claim_until', 'is', null), eb('claim_until', '<', t)]),
  ]);
}

/** Claim up to `batch` due rows for `token`; returns the claimed rows. */
async function claim(db: Db, token: string, at: Date, limit: number, batch: number) {
  const t = formatDateTime(at);
  const candidates = await db.db
    .selectFrom('sys_sms')
    .select('id')
    .where((eb) => dueAndFree(eb, t, limit))
    .orderBy('create_time')
    .orderBy('id')
    .limit(batch)
    .execute();
  if (!candidates.length) return [];
  await claimIds(
    db,
    token,
    candidates.map((c) => c.id),
    at,
    limit,
  );
  return db.db
    .selectFrom('sys_sms')
    .select(['id', 'es_title', 'es_content', 'es_receiver', 'es_type', 'es_send_num', 'create_by'])
    .where('claim_token', '=', token)
    .orderBy('create_time')
    .orderBy('id')
    .execute();
}

/**
 * The one atomic decision: of `ids` (candidates read a moment ago, maybe by several nodes), only rows still due and
 * free take `token`. Returns how many it took.
 */
export async function claimIds(db: Db, token: string, ids: string[], at: Date, limit = SEND_LIMIT): Promise<number> {
  if (!ids.length) return 0;
  const t = formatDateTime(at);
  const r = await db.db
    .updateTable('sys_sms')
    .set({ claim_token: token, claim_until: plus(at, CLAIM_LEASE_SECONDS) })
    .where('id', 'in', ids)
    .where((eb) => dueAndFree(eb, t, limit))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Write the outcome of one attempt, only while the claim is still ours; false when it was lost. */
async function settle(
  db: Db,
  id: string,
  token: string,
  outcome: { ok: true } | { ok: false; error: string; retry: boolean },
  attempts: number,
  at: Date,
  o: Required<Pick<SendOptions, 'backoffSeconds' | 'limit'>>,
): Promise<boolean> {
  const t = formatDateTime(at);
  const retryAt = !outcome.ok && outcome.retry && attempts < o.limit ? plus(at, backoffDelay(attempts, o.backoffSeconds)) : null;
  const r = await db.db
    .updateTable('sys_sms')
    .set({
      es_send_status: outcome.ok ? MSG_SEND_STATUS.sent : MSG_SEND_STATUS.failed,
      es_result: outcome.ok ? null : outcome.error.slice(0, 255),
      es_send_num: attempts,
      es_send_time: t,
      next_try_time: retryAt,
      claim_token: null,
      claim_until: null,
      update_time: t,
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Send what is due now (the SendMsgJob handler, and what tests call directly). Safe to run on several nodes at once.
 */
export async function sendPending(app: FastifyInstance, opts: SendOptions = {}): Promise<SendReport> {
  const clock = opts.now ?? (() => new Date());
  const o = { backoffSeconds: opts.backoffSeconds ?? BACKOFF_SECONDS, limit: opts.limit ?? SEND_LIMIT };
  const maxRows = opts.maxRows ?? Number.POSITIVE_INFINITY;
  const db = app.ctx.db;
  const report: SendReport = { sent: 0, failed: 0 };
  let seen = 0;
  while (seen < maxRows && !opts.signal?.aborted) {
    const token = randomBytes(16).toString('hex');
    const rows = await claim(db, token, clock(), o.limit, Math.min(BATCH, maxRows - seen));
    if (!rows.length) break;
    for (const row of rows) {
      seen++;
      const attempts = (row.es_send_num ?? 0) + 1;
      let outcome: { ok: true } | { ok: false; error: string; retry: boolean };
      if (opts.signal?.aborted) {
        // give the rest back untouched: another run takes them when the claim runs out
        break;
      }
      try {
        const channel = channelFor(row.es_type);
        if (!channel) throw new PermanentSendError(MESSAGE_MSG.noChannel(row.es_type ?? ''));
        const m: OutgoingMessage = {
          id: row.id,
          title: row.es_title ?? '',
          content: row.es_content ?? '',
          receiver: row.es_receiver ?? '',
          sender: row.create_by ?? 'system',
        };
        await channel.send(app, m);
        outcome = { ok: true };
        report.sent++;
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        outcome = { ok: false, error: error || MESSAGE_MSG.queueFailed, retry: !(err instanceof PermanentSendError) };
        report.failed++;
        app.log.warn({ err, messageId: row.id, attempts }, 'message send failed');
      }
      if (!(await settle(db, row.id, token, outcome, attempts, clock(), o)))
        app.log.warn({ messageId: row.id }, 'message send: claim lost before the result was written');
    }
  }
  return report;
}
