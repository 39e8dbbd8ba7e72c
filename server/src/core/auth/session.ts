import { randomBytes } from 'node:crypto';
import { SignJWT, compactVerify, jwtVerify } from 'jose';
import type { AppContext } from '../context.js';
import { now } from '../time.js';
import { jwtKey } from './secret.js';

/**
 * Sessions (security §1.5): the token is an HS256 JWT {sub: user id, jti: session id, iat, exp ≤ 7 days}; the session
 * itself is a KV record `session:{jti}` whose TTL is the idle timeout. Logout, forced logout and a password change
 * delete the record, and the token stops working on every node at once.
 *
 * `lastSeen` lives in its own key (`session-seen:{jti}`) and the record's TTL is refreshed with EXPIRE, never by
 * re-writing it: a refresh racing with a logout can therefore never bring a deleted session back.
 */
export const SESSION_PREFIX = 'session:';
export const SEEN_PREFIX = 'session-seen:';
export const TOKEN_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** A session's idle TTL is refreshed at most this often (per node). */
export const TOUCH_INTERVAL_MS = 60_000;
/**
 * Without Redis (one node) a session record read from the database is reused for at most this long (kv/memo.ts);
 * every session change on this node (logout, forced logout, freeze, password change) is seen at once.
 */
export const SESSION_MEMO_MS = 1_000;

export interface SessionRecord {
  userId: string;
  username: string;
  realname: string;
  /** 'yyyy-MM-dd HH:mm:ss' */
  loginTime: string;
  lastSeen: string;
  ip: string;
  userAgent: string;
  tenantId: number;
}

export interface SessionClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

export function idleSeconds(ctx: AppContext): number {
  return ctx.config.sessionIdleMinutes * 60;
}

/** Last refresh per session id on this node (bounded: entries older than the interval are swept). */
const touched = new Map<string, number>();

function sweepTouched(nowMs: number): void {
  if (touched.size < 10_000) return;
  for (const [k, t] of touched) if (nowMs - t >= TOUCH_INTERVAL_MS) touched.delete(k);
}

/** Forget this node's refresh memo (tests: make the next use refresh at once). */
export function resetTouchMemo(): void {
  touched.clear();
}

export function newSessionId(): string {
  return randomBytes(16).toString('hex');
}

/** Start a session: write the record and sign the token. */
export async function createSession(
  ctx: AppContext,
  user: { id: string; username: string; realname: string },
  meta: { ip: string; userAgent: string; tenantId?: number },
): Promise<{ token: string; sessionId: string; record: SessionRecord }> {
  const sessionId = newSessionId();
  const t = now();
  const record: SessionRecord = {
    userId: user.id,
    username: user.username,
    realname: user.realname,
    loginTime: t,
    lastSeen: t,
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
    tenantId: meta.tenantId ?? 0,
  };
  const ttl = idleSeconds(ctx);
  await ctx.kv.set(SESSION_PREFIX + sessionId, JSON.stringify(record), ttl);
  // iat and exp from one clock reading: jose reads the clock again for a relative expiry, and a token signed across
  // a second boundary would then live TOKEN_MAX_AGE_SECONDS + 1 and be refused by verifyToken for its whole life.
  const iat = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setJti(sessionId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_MAX_AGE_SECONDS)
    .sign(jwtKey(ctx));
  touched.set(sessionId, Date.now());
  return { token, sessionId, record };
}

/**
 * Tokens whose signature this node has already checked, by the exact token text and key (per key, so a changed
 * secret verifies again). HMAC verification and the key import cost more than the rest of the guard; expiry is
 * still checked on every use. Bounded: cleared when it reaches VERIFIED_MAX.
 */
const verified = new WeakMap<Uint8Array, Map<string, SessionClaims>>();
const VERIFIED_MAX = 10_000;

/** Verify signature, algorithm (HS256 only) and expiry. Null when the token is not one of ours or has expired. */
export async function verifyToken(ctx: AppContext, token: string): Promise<SessionClaims | null> {
  if (token.length > 2048) return null;
  const key = jwtKey(ctx);
  let memo = verified.get(key);
  if (!memo) {
    memo = new Map();
    verified.set(key, memo);
  }
  const hit = memo.get(token);
  if (hit) return hit.exp > Math.floor(Date.now() / 1000) ? hit : null;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['sub', 'jti', 'exp', 'iat'] });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    if (typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
    if (payload.exp - payload.iat > TOKEN_MAX_AGE_SECONDS) return null;
    const claims = { sub: payload.sub, jti: payload.jti, iat: payload.iat, exp: payload.exp };
    // Only tokens without a not-before claim are remembered (ours never carry one).
    if (payload.nbf === undefined) {
      if (memo.size >= VERIFIED_MAX) memo.clear();
      memo.set(token, claims);
    }
    return claims;
  } catch {
    return null;
  }
}

/** Verify the signature only (expired tokens accepted): logout of an expired token still ends its session. */
export async function verifySignatureOnly(ctx: AppContext, token: string): Promise<{ sub: string; jti: string } | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await compactVerify(token, jwtKey(ctx), { algorithms: ['HS256'] });
    const claims = JSON.parse(new TextDecoder().decode(payload)) as { sub?: unknown; jti?: unknown };
    if (typeof claims.sub !== 'string' || typeof claims.jti !== 'string') return null;
    return { sub: claims.sub, jti: claims.jti };
  } catch {
    return null;
  }
}

/**
 * Records parsed from the stored text, by that text: the KV's memo (kv/memo.ts) hands back the same string while the
 * record is unchanged, so a request reuses the parsed record (its hash is kept by V8) instead of parsing it again.
 * Callers only read records.
 */
const parsedRecords = new Map<string, SessionRecord | null>();
const MAX_PARSED_RECORDS = 10_000;

function parseRecord(raw: string | null): SessionRecord | null {
  if (!raw) return null;
  const known = parsedRecords.get(raw);
  if (known !== undefined) return known;
  let rec: SessionRecord | null;
  try {
    const r = JSON.parse(raw) as SessionRecord;
    rec = r && typeof r.userId === 'string' ? r : null;
  } catch {
    rec = null;
  }
  if (parsedRecords.size >= MAX_PARSED_RECORDS) parsedRecords.clear();
  parsedRecords.set(raw, rec);
  return rec;
}

export async function readSession(ctx: AppContext, sessionId: string): Promise<SessionRecord | null> {
  return parseRecord(await ctx.kv.get(SESSION_PREFIX + sessionId));
}

/** Refresh the idle TTL and lastSeen, at most once a minute (or a quarter of the idle timeout) per session and node. */
export async function touchSession(ctx: AppContext, sessionId: string): Promise<void> {
  const nowMs = Date.now();
  const last = touched.get(sessionId);
  // A quarter of the idle timeout at most, so a short SESSION_IDLE_MINUTES never expires a session in use.
  const interval = Math.min(TOUCH_INTERVAL_MS, (idleSeconds(ctx) * 1000) / 4);
  if (last !== undefined && nowMs - last < interval) return;
  touched.set(sessionId, nowMs);
  sweepTouched(nowMs);
  const ttl = idleSeconds(ctx);
  await ctx.kv.expire(SESSION_PREFIX + sessionId, ttl);
  await ctx.kv.set(SEEN_PREFIX + sessionId, now(), ttl);
}

/**
 * Listeners told which sessions this node has just ended (logout, forced logout, password change, freeze, delete),
 * per context: the live notice channel closes those sessions' sockets on every node (core/realtime/liveSocket.ts).
 */
type SessionsEnded = (sessionIds: string[]) => void;
const endListeners = new WeakMap<AppContext, Set<SessionsEnded>>();

/** Call `fn` with the ids of the sessions ended through this context. Returns the unsubscribe function. */
export function onSessionsEnded(ctx: AppContext, fn: SessionsEnded): () => void {
  let set = endListeners.get(ctx);
  if (!set) endListeners.set(ctx, (set = new Set()));
  set.add(fn);
  return () => void set.delete(fn);
}

function announceEnded(ctx: AppContext, sessionIds: string[]): void {
  if (!sessionIds.length) return;
  for (const fn of endListeners.get(ctx) ?? []) {
    try {
      fn(sessionIds);
    } catch {
      /* a listener's failure never fails the sign-out */
    }
  }
}

/** End one session. Returns the record it ended, or null when there was none. */
export async function endSession(ctx: AppContext, sessionId: string): Promise<SessionRecord | null> {
  const rec = await readSession(ctx, sessionId);
  await ctx.kv.del(SESSION_PREFIX + sessionId, SEEN_PREFIX + sessionId);
  touched.delete(sessionId);
  announceEnded(ctx, [sessionId]);
  return rec;
}

export interface LiveSession extends SessionRecord {
  sessionId: string;
}

/** Every live session (the online-user list), with lastSeen merged in. */
export async function listSessions(ctx: AppContext): Promise<LiveSession[]> {
  const [records, seen] = await Promise.all([ctx.kv.scan(SESSION_PREFIX), ctx.kv.scan(SEEN_PREFIX)]);
  const seenBy = new Map<string, string>();
  for (const [k, v] of seen) seenBy.set(k.slice(SEEN_PREFIX.length), v);
  const out: LiveSession[] = [];
  for (const [k, v] of records) {
    const rec = parseRecord(v);
    if (!rec) continue;
    const sessionId = k.slice(SESSION_PREFIX.length);
    out.push({ ...rec, sessionId, lastSeen: seenBy.get(sessionId) ?? rec.lastSeen });
  }
  return out;
}

/** End every session of a user (password change, freeze, delete), except `exceptSessionId`. Returns how many ended. */
export async function endUserSessions(ctx: AppContext, userId: string, exceptSessionId?: string): Promise<number> {
  const records = await ctx.kv.scan(SESSION_PREFIX);
  const ids: string[] = [];
  for (const [k, v] of records) {
    const sessionId = k.slice(SESSION_PREFIX.length);
    if (sessionId === exceptSessionId) continue;
    if (parseRecord(v)?.userId === userId) ids.push(sessionId);
  }
  if (ids.length) {
    await ctx.kv.del(...ids.flatMap((id) => [SESSION_PREFIX + id, SEEN_PREFIX + id]));
    for (const id of ids) touched.delete(id);
    announceEnded(ctx, ids);
  }
  return ids.length;
}
