import { SOCKET_HEARTBEAT_MS, SOCKET_RECONNECT_MS, SOCKET_TIMEOUT_MS } from './constants';
import type { Row } from './types';
import { browserSocketDeps as browserDeps, wsUrl, type SocketDeps, type SocketLike } from '../../api/socket';

export type { SocketDeps, SocketLike } from '../../api/socket';

/** `ws(s)://host/jeecg-boot/vxeSocket/{userId}/{pageId}` from the API base (relative bases use the page's host). */
export function socketUrl(apiBase: string, userId: string, pageId: string, location: { protocol: string; host: string }): string {
  return wsUrl(apiBase, ['vxeSocket', userId, pageId], location);
}

/**
 * The table's real-time channel client (001 §4, §9): heartbeat every 10 s; no reply within 6 s, an error or a close
 * → one reconnect after 5 s (a single pending attempt at a time). `update_vxe_table` messages for this table's
 * socketKey go to `onUpdate`.
 */
export class VxeSocketClient {
  private ws: SocketLike | null = null;
  private heartbeat: unknown = null;
  private replyTimer: unknown = null;
  private reconnectTimer: unknown = null;
  private stopped = false;
  /** Number of connections opened (tests and the demo's status line). */
  connects = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly socketKey: string,
    private readonly onUpdate: (row: Row) => void,
    private readonly deps: SocketDeps = browserDeps,
    private readonly onState?: (open: boolean) => void,
  ) {}

  start() {
    this.stopped = false;
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.clearTimers();
    if (this.reconnectTimer !== null) this.deps.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onerror = ws.onmessage = ws.onopen = null;
      ws.close();
    }
  }

  /** Tells the other browsers on this page that a row changed. */
  sendUpdate(row: Row): boolean {
    if (!this.ws || this.ws.readyState !== 1) return false;
    this.ws.send(JSON.stringify({ type: 'update_vxe_table', data: { ...row, socketKey: this.socketKey } }));
    return true;
  }

  private connect() {
    if (this.stopped) return;
    this.connects++;
    const ws = this.deps.create(this.url, [this.token]);
    this.ws = ws;
    ws.onopen = () => {
      this.onState?.(true);
      this.heartbeat = this.deps.setInterval(() => this.beat(), SOCKET_HEARTBEAT_MS);
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onerror = () => this.scheduleReconnect();
    ws.onclose = () => this.scheduleReconnect();
  }

  private beat() {
    if (!this.ws || this.ws.readyState !== 1) return;
    this.ws.send(JSON.stringify({ type: 'heart_beat', data: '-' }));
    if (this.replyTimer === null)
      this.replyTimer = this.deps.setTimeout(() => {
        this.replyTimer = null;
        this.scheduleReconnect(); // no reply within 6 s
      }, SOCKET_TIMEOUT_MS);
  }

  private receive(data: unknown) {
    let msg: { type?: unknown; data?: unknown };
    try {
      msg = JSON.parse(String(data)) as { type?: unknown; data?: unknown };
    } catch {
      return; // non-JSON frames are tolerated
    }
    if (msg.type === 'heart_beat') {
      if (this.replyTimer !== null) this.deps.clearTimeout(this.replyTimer);
      this.replyTimer = null;
      return;
    }
    if (msg.type === 'update_vxe_table' && msg.data && typeof msg.data === 'object') {
      const { socketKey, ...row } = msg.data as Record<string, unknown>;
      if (socketKey === this.socketKey && typeof row.id === 'string') this.onUpdate(row as Row);
    }
  }

  private clearTimers() {
    if (this.heartbeat !== null) this.deps.clearInterval(this.heartbeat);
    if (this.replyTimer !== null) this.deps.clearTimeout(this.replyTimer);
    this.heartbeat = this.replyTimer = null;
  }

  /** Drops the current socket and reconnects after 5 s; a second call while one is pending does nothing. */
  private scheduleReconnect() {
    this.onState?.(false);
    this.clearTimers();
    if (this.stopped || this.reconnectTimer !== null) return;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onclose = ws.onerror = ws.onmessage = ws.onopen = null;
      try {
        ws.close();
      } catch {
        /* already closed */
      }
    }
    this.reconnectTimer = this.deps.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, SOCKET_RECONNECT_MS);
  }
}
