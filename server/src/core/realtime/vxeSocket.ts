import type { FastifyInstance } from 'fastify';
import { PUBLIC } from '../access/guard.js';
import type { SessionUser } from '../access/types.js';
import { readSession } from '../auth/session.js';
import { isPageMessage, openHub, type Hub, type PageMessage } from './hub.js';
import { socketTenant } from './tenant.js';
import { classify, CLOSE_TOKEN_INVALID, CLOSE_USER_MISMATCH, tokenFromProtocols, OPEN, type Socket } from './protocol.js';

interface Client {
  socket: Socket;
  origin: string;
  /** The user's tenant (socketTenant), set once the token is checked and again at every frame. */
  tenant: string;
}

/**
 * The editable table's real-time channel `/vxeSocket/{userId}/{pageId}` (contract §8.3, 001 §4).
 *
 * Security §1.2: JeecgBoot leaves it anonymous and trusts the path's userId. Here the token offered as the
 * sub-protocol is authenticated like any request, the user comes from the session, and a path userId that is not
 * the session's user is refused. The route is declared PUBLIC only because the guard reads the X-Access-Token
 * header, which a browser cannot send on a WebSocket; the handler performs the sign-in check itself and closes
 * with 4401 (bad token) or 4403 (someone else's userId).
 * Registered by realtimeModule (realtime/index.ts), which registers @fastify/websocket once for both channels.
 */
export async function vxeSocketRoutes(app: FastifyInstance): Promise<void> {
  const redisUrl = app.ctx.config.redisUrl;
  const hub: Hub<PageMessage> = await openHub(redisUrl, 'pk:realtime:vxeSocket', isPageMessage);
  const pages = new Map<string, Set<Client>>();
  let seq = 0;

  hub.onMessage((msg) => {
    for (const c of pages.get(msg.pageId) ?? []) {
      if (c.origin !== msg.origin && c.tenant === msg.tenant && c.socket.readyState === OPEN) c.socket.send(msg.text);
    }
  });
  app.addHook('onClose', async () => hub.close());

  app.get<{ Params: { userId: string; pageId: string } }>('/vxeSocket/:userId/:pageId', { websocket: true, config: PUBLIC }, (raw, req) => {
    const socket = raw as unknown as Socket;
    const { userId, pageId } = req.params;
    const client: Client = { socket, origin: `${hub.nodeId}:${++seq}`, tenant: '' };
    // Frames that arrive while the token is being checked wait here (listeners must be attached synchronously).
    const early: string[] = [];
    let user: SessionUser | null = null;
    let closed = false;

    const handle = (text: string) => {
      const action = classify(text);
      if (action.kind === 'reply') socket.send(action.text);
      else if (action.kind === 'relay')
        void hub
          .publish({ pageId, origin: client.origin, tenant: client.tenant, text: action.text })
          .catch((err: unknown) => req.log.warn(err, 'vxeSocket publish failed'));
    };
    // Every frame after the first check is handled only while the session still holds (the client's heartbeat
    // comes every 10 s), so a socket outlives a logout, forced logout or freeze by one heartbeat at most and
    // relays nothing after it. Frames are handled in arrival order.
    const token = tokenFromProtocols(req.headers['sec-websocket-protocol']);
    let chain: Promise<void> = Promise.resolve();
    /** The session's user, with the socket's tenant brought up to date (a user may have left a tenant). */
    const signedIn = async (): Promise<SessionUser> => {
      const u = await app.authn.authenticate(token ?? '', undefined);
      const rec = await readSession(app.ctx, u.sessionId);
      client.tenant = socketTenant(rec?.tenantId ?? 0, u.tenantIds);
      return u;
    };
    const stillSignedIn = async (): Promise<boolean> => {
      try {
        return (await signedIn()).id === userId;
      } catch {
        return false;
      }
    };
    socket.on('message', (data) => {
      const text = typeof data === 'string' ? data : data.toString('utf8');
      if (!user) {
        early.push(text);
        return;
      }
      chain = chain.then(async () => {
        if (closed) return;
        if (await stillSignedIn()) handle(text);
        else socket.close(CLOSE_TOKEN_INVALID, 'token invalid');
      });
    });
    socket.on('close', () => {
      closed = true;
      const set = pages.get(pageId);
      set?.delete(client);
      if (set && set.size === 0) pages.delete(pageId);
    });
    socket.on('error', () => {});

    void (async () => {
      let u: SessionUser;
      try {
        if (!token) throw new Error('no token');
        u = await signedIn();
      } catch {
        socket.close(CLOSE_TOKEN_INVALID, 'token invalid');
        return;
      }
      if (u.id !== userId) {
        socket.close(CLOSE_USER_MISMATCH, 'user mismatch');
        return;
      }
      if (closed) return;
      user = u;
      let set = pages.get(pageId);
      if (!set) pages.set(pageId, (set = new Set()));
      set.add(client);
      for (const text of early.splice(0)) handle(text);
    })();
  });
}
