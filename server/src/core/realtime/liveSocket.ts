import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../access/guard.js';
import { onSessionsEnded, readSession } from '../auth/session.js';
import { permissionCodesOf } from '../auth/permissions.js';
import type { NoticeMessage } from '../notify/notifier.js';
import { RedisKv } from '../kv/redis.js';
import { openHub } from './hub.js';
import {
  CLOSE_SESSION_ENDED,
  CLOSE_TOKEN_INVALID,
  CLOSE_USER_MISMATCH,
  isLiveHeartbeat,
  LIVE_HEARTCHECK_REPLY,
  tokenFromProtocols,
  OPEN,
  type Socket,
} from './protocol.js';

interface LiveClient {
  socket: Socket;
  userId: string;
  sessionId: string;
}

/** What travels between nodes: a notice for some users (or all), or sessions whose sockets must close. */
export type LiveHubMessage =
  | { kind: 'notice'; to: string[] | 'ALL'; text: string }
  | { kind: 'revoke'; sessionIds: string[] }
  /** A live event (notifier.toPermission) for the sockets of users holding `perm` (issue 14 point 4). */
  | { kind: 'event'; perm: string; text: string };

function isLiveHubMessage(x: unknown): x is LiveHubMessage {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (m.kind === 'notice') return typeof m.text === 'string' && (m.to === 'ALL' || strings(m.to));
  if (m.kind === 'revoke') return strings(m.sessionIds);
  if (m.kind === 'event') return typeof m.perm === 'string' && typeof m.text === 'string';
  return false;
}

/**
 * How often each node re-reads the sessions of its open sockets (one key-value read per session): a session that
 * simply expired (idle timeout) closes its sockets within this time. Ended sessions close at once through the
 * revocation message; this sweep is the safety net.
 */
export const LIVE_SESSION_SWEEP_MS = 30_000;
/** Sockets one user may hold open (tabs, windows, devices); a further one closes their oldest. */
export const LIVE_MAX_SOCKETS_PER_USER = 32;
/** Close code of the oldest socket when a user opens more than LIVE_MAX_SOCKETS_PER_USER (RFC 6455 policy violation). */
export const CLOSE_TOO_MANY = 1008;

/**
 * The live notice channel `/websocket/{userId}` (contract §8.3, 000 §4, issue 12 point 5).
 *
 * - The token offered as the sub-protocol is authenticated like a request and the user is the session's; a path
 *   userId that is not the session's user is closed with 4403 before it gets anything (security §1.2), a bad or
 *   missing token with 4401. The route is PUBLIC only because a browser cannot send the X-Access-Token header on a
 *   WebSocket; the handler performs the sign-in check itself.
 * - `app.notifier` pushes go through this channel's hub (Redis pub/sub when REDIS_URL is set, channel name under
 *   the deployment's Redis key prefix) to every socket of the target users on every node; a user may have several
 *   sockets (tabs) and each gets the push.
 * - `HeartBeat` is answered `{cmd:'heartcheck', msgTxt:'心跳响应'}` to the sender; nothing a client sends is relayed.
 * - A session ended anywhere (logout, forced logout, password change, freeze, delete: session.ts announces it) is
 *   published as a revocation and its sockets close with 4401 on every node; an expired session's sockets close at
 *   their next heartbeat or the next sweep (LIVE_SESSION_SWEEP_MS), whichever comes first.
 * - A user holds at most LIVE_MAX_SOCKETS_PER_USER sockets on a node; one more closes their oldest (1008).
 *
 * Registered by realtimeModule (realtime/index.ts), which registers @fastify/websocket once for both channels.
 */
export async function liveSocketRoutes(app: FastifyInstance): Promise<void> {
  const { config, kv } = app.ctx;
  const prefix = kv instanceof RedisKv ? kv.keyPrefix : 'pk:';
  const hub = await openHub(config.redisUrl, `${prefix}realtime:live`, isLiveHubMessage);
  const byUser = new Map<string, Set<LiveClient>>();
  const bySession = new Map<string, Set<LiveClient>>();

  const add = (map: Map<string, Set<LiveClient>>, key: string, c: LiveClient) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(c);
  };
  const remove = (map: Map<string, Set<LiveClient>>, key: string, c: LiveClient) => {
    const set = map.get(key);
    set?.delete(c);
    if (set && set.size === 0) map.delete(key);
  };
  const send = (c: LiveClient, text: string) => {
    if (c.socket.readyState === OPEN) c.socket.send(text);
  };
  const closeSession = (sessionId: string) => {
    for (const c of [...(bySession.get(sessionId) ?? [])]) c.socket.close(CLOSE_SESSION_ENDED, 'session ended');
  };

  hub.onMessage((msg) => {
    if (msg.kind === 'revoke') {
      for (const id of msg.sessionIds) closeSession(id);
      return;
    }
    if (msg.kind === 'event') {
      // Each user's codes come from the per-user permission cache (dropped on every node when grants change).
      const { perm, text } = msg;
      for (const [userId, set] of [...byUser]) {
        void permissionCodesOf(app.ctx, userId)
          .then((codes) => {
            if (codes.has(perm)) for (const c of set) send(c, text);
          })
          .catch((err: unknown) => app.log.warn({ err }, 'live channel: event not delivered'));
      }
      return;
    }
    if (msg.to === 'ALL') {
      for (const set of byUser.values()) for (const c of set) send(c, msg.text);
      return;
    }
    for (const userId of new Set(msg.to)) for (const c of byUser.get(userId) ?? []) send(c, msg.text);
  });

  // buildApp decorates the notifier; the route-listing mirrors of the tests (test/helpers/routes.ts) register the
  // modules without it and push nothing.
  if (app.hasDecorator('notifier'))
    app.notifier.addSink(async (msg: NoticeMessage, to) => {
      const text = JSON.stringify({ cmd: msg.cmd, msgId: msg.msgId, msgTxt: msg.msgTxt });
      await hub.publish({ kind: 'notice', to, text });
    });
  if (app.hasDecorator('notifier'))
    app.notifier.addEventSink(
      async (event, perm) => {
        await hub.publish({ kind: 'event', perm, text: JSON.stringify(event) });
      },
      // a shared hub (Redis) may have sockets on other nodes; a local one only this node's
      () => hub.shared || byUser.size > 0,
    );
  const unsubscribe = onSessionsEnded(app.ctx, (sessionIds) => {
    void hub.publish({ kind: 'revoke', sessionIds }).catch((err: unknown) => {
      app.log.warn({ err }, 'live channel: revocation not published');
      for (const id of sessionIds) closeSession(id); // this node at least
    });
  });

  /** The socket's session still exists and is the same user's (a failed read keeps the socket: the sweep retries). */
  const sessionHolds = async (c: LiveClient): Promise<boolean> => {
    const rec = await readSession(app.ctx, c.sessionId).catch(() => undefined);
    return rec === undefined || (rec !== null && rec.userId === c.userId);
  };

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const [sessionId, set] of [...bySession]) {
        const first = set.values().next().value;
        if (!first) continue;
        if (!(await sessionHolds(first))) closeSession(sessionId);
      }
    } finally {
      sweeping = false;
    }
  };
  const timer = setInterval(() => void sweep(), LIVE_SESSION_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    unsubscribe();
    await hub.close();
  });

  app.get<{ Params: { userId: string } }>('/websocket/:userId', { websocket: true, config: PUBLIC }, (raw, req) => {
    const socket = raw as unknown as Socket;
    const token = tokenFromProtocols(req.headers['sec-websocket-protocol']);
    let client: LiveClient | null = null;
    let closed = false;
    /** A heartbeat that came while the token was being checked is answered once the socket is accepted. */
    let earlyBeat = false;

    // A heartbeat (every 20 s from the client) is answered only while the socket's session still holds: a session
    // that expired is closed at its next heartbeat at the latest (one key-value read, the session is not refreshed).
    let beats: Promise<void> = Promise.resolve();
    socket.on('message', (data) => {
      const text = typeof data === 'string' ? data : data.toString('utf8');
      if (!isLiveHeartbeat(text)) return; // anything else is ignored, never relayed
      if (!client) {
        earlyBeat = true;
        return;
      }
      const c = client;
      beats = beats.then(async () => {
        if (closed) return;
        if (await sessionHolds(c)) send(c, LIVE_HEARTCHECK_REPLY);
        else c.socket.close(CLOSE_SESSION_ENDED, 'session ended');
      });
    });
    socket.on('close', () => {
      closed = true;
      if (!client) return;
      remove(byUser, client.userId, client);
      remove(bySession, client.sessionId, client);
    });
    socket.on('error', () => {});

    void (async () => {
      let user;
      try {
        if (!token) throw new Error('no token');
        user = await app.authn.authenticate(token, undefined);
      } catch {
        socket.close(CLOSE_TOKEN_INVALID, 'token invalid');
        return;
      }
      if (user.id !== req.params.userId) {
        socket.close(CLOSE_USER_MISMATCH, 'user mismatch');
        return;
      }
      if (closed) return;
      const c: LiveClient = { socket, userId: user.id, sessionId: user.sessionId };
      client = c;
      // At most LIVE_MAX_SOCKETS_PER_USER sockets per user: the oldest gives way (the original kept one per user).
      const mine = byUser.get(c.userId);
      if (mine && mine.size >= LIVE_MAX_SOCKETS_PER_USER) mine.values().next().value?.socket.close(CLOSE_TOO_MANY, 'too many sockets');
      add(byUser, c.userId, c);
      add(bySession, c.sessionId, c);
      // The session may have ended between the check and the registration: look once more.
      if (!(await sessionHolds(c))) {
        socket.close(CLOSE_SESSION_ENDED, 'session ended');
        return;
      }
      if (earlyBeat) send(c, LIVE_HEARTCHECK_REPLY);
    })();
  });
}
