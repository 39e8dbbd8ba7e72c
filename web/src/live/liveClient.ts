import { browserSocketDeps, wsUrl, type SocketDeps, type SocketLike } from '../api/socket';
import type { LiveEventFrame } from './liveEvents';

/** 000 §4 "Notification channel": a heartbeat text every 20 s, a reconnect 20 s after a close, at most 5 errors. */
export const LIVE_HEARTBEAT_MS = 20_000;
export const LIVE_RECONNECT_MS = 20_000;
export const LIVE_MAX_ERRORS = 5;
export const LIVE_HEARTBEAT = 'HeartBeat';

/** A pushed notice (contract §8.3): `topic` to everyone, `user` to the listed users. */
export interface LiveNotice {
  cmd: 'topic' | 'user';
  msgId?: string;
  msgTxt?: string;
}

/** `ws(s)://host/jeecg-boot/websocket/{userId}` from the API base (the same building as the table channel's). */
export function liveUrl(apiBase: string, userId: string, location: { protocol: string; host: string }): string {
  return wsUrl(apiBase, ['websocket', userId], location);
}

/** A frame of the server: a notice, or null for anything else (heartcheck, other commands, non-JSON noise). */
export function parseLiveFrame(data: unknown): LiveNotice | null {
  let msg: unknown;
  try {
    msg = JSON.parse(String(data));
  } catch {
    return null; // non-JSON frames are tolerated (the original sent raw text)
  }
  if (typeof msg !== 'object' || msg === null) return null;
  const m = msg as Record<string, unknown>;
  if (m.cmd !== 'topic' && m.cmd !== 'user') return null;
  return {
    cmd: m.cmd,
    msgId: typeof m.msgId === 'string' ? m.msgId : undefined,
    msgTxt: typeof m.msgTxt === 'string' ? m.msgTxt : undefined,
  };
}

/** A frame with its own `cmd` (not a notice, not the heartbeat's answer): a live event (liveEvents.ts), else null. */
export function parseLiveEvent(data: unknown): LiveEventFrame | null {
  let msg: unknown;
  try {
    msg = JSON.parse(String(data));
  } catch {
    return null;
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return null;
  const cmd = (msg as Record<string, unknown>).cmd;
  if (typeof cmd !== 'string' || cmd === 'topic' || cmd === 'user' || cmd === 'heartcheck') return null;
  return msg as LiveEventFrame;
}

/**
 * The live notice channel's client (000 §4, contract §8.3): opens `/websocket/{userId}` with the token as the
 * sub-protocol, sends `HeartBeat` every 20 s while open, and hands `topic` / `user` notices to `onNotice`.
 * Each error counts; after more than LIVE_MAX_ERRORS errors it stops reconnecting. After a close (or an error) it
 * reconnects 20 s later, with one attempt pending at a time. `stop()` closes the socket and leaves no timer.
 */
export class LiveNoticeClient {
  private ws: SocketLike | null = null;
  private heartbeat: unknown = null;
  private reconnectTimer: unknown = null;
  private stopped = true;
  /** Errors so far (never reset: the spec's counter). */
  errors = 0;
  /** Connections opened so far. */
  connects = 0;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly onNotice: (n: LiveNotice) => void,
    private readonly deps: SocketDeps = browserSocketDeps,
    /** Frames with their own cmd (live events, e.g. 场馆大屏's sign-ins). */
    private readonly onEvent: (e: LiveEventFrame) => void = () => {},
  ) {}

  /** Whether it gave up after too many errors. */
  get gaveUp(): boolean {
    return this.errors > LIVE_MAX_ERRORS;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.stopHeartbeat();
    if (this.reconnectTimer !== null) this.deps.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.drop();
  }

  private connect(): void {
    if (this.stopped || this.gaveUp) return;
    this.connects++;
    let ws: SocketLike;
    try {
      ws = this.deps.create(this.url, [this.token]);
    } catch {
      this.errors++;
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.stopHeartbeat();
      this.heartbeat = this.deps.setInterval(() => {
        if (this.ws && this.ws.readyState === 1) this.ws.send(LIVE_HEARTBEAT);
      }, LIVE_HEARTBEAT_MS);
    };
    ws.onmessage = (ev) => {
      const n = parseLiveFrame(ev.data);
      if (n) this.onNotice(n);
      else {
        const e = parseLiveEvent(ev.data);
        if (e) this.onEvent(e);
      }
    };
    ws.onerror = () => {
      this.errors++;
      this.scheduleReconnect();
    };
    ws.onclose = () => this.scheduleReconnect();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) this.deps.clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  /** Detach and close the current socket (its late events are ignored). */
  private drop(): void {
    const ws = this.ws;
    this.ws = null;
    if (!ws) return;
    ws.onclose = ws.onerror = ws.onmessage = ws.onopen = null;
    try {
      ws.close();
    } catch {
      /* already closed */
    }
  }

  private scheduleReconnect(): void {
    this.stopHeartbeat();
    this.drop();
    if (this.stopped || this.gaveUp || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.deps.setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, LIVE_RECONNECT_MS);
  }
}
