/**
 * Token-session counts for 服务信息 and tomcat.sessions.* (contract §9: "no servlet sessions: report token-session
 * counts"). The session store (core/auth/session.ts, KV `session:{jti}` with the idle TTL) is scanned at most every
 * SESSION_SCAN_MS per context; between scans the last figures are answered and one refresh runs in the background.
 * created = sessions this node has seen appear since it started (any node's sign-ins); ended = ended by sign-out,
 * forced sign-out, password change… on this node (onSessionsEnded); expired = seen sessions that vanished without
 * being ended here (idle timeout, or ended on another node).
 */
import type { AppContext } from '../../core/context.js';
import { onSessionsEnded, SESSION_PREFIX } from '../../core/auth/session.js';

export const SESSION_SCAN_MS = 5_000;

export interface SessionCounts {
  active: number;
  activeMax: number;
  created: number;
  expired: number;
  ended: number;
  rejected: number;
  /** epoch ms of the scan these figures come from */
  scannedAt: number;
}

class SessionTracker {
  private known = new Set<string>();
  private endedHere = new Set<string>();
  private counts: SessionCounts = { active: 0, activeMax: 0, created: 0, expired: 0, ended: 0, rejected: 0, scannedAt: 0 };
  private running: Promise<SessionCounts> | null = null;

  constructor(private readonly ctx: AppContext) {
    onSessionsEnded(ctx, (ids) => {
      for (const id of ids) if (this.known.has(id)) this.endedHere.add(id);
    });
  }

  private async scan(): Promise<SessionCounts> {
    const rows = await this.ctx.kv.scan(SESSION_PREFIX);
    const now = new Set(rows.map(([k]) => k.slice(SESSION_PREFIX.length)));
    const c = { ...this.counts };
    for (const id of now) if (!this.known.has(id)) c.created++;
    for (const id of this.known) {
      if (now.has(id)) continue;
      if (this.endedHere.has(id)) c.ended++;
      else c.expired++;
    }
    this.endedHere = new Set([...this.endedHere].filter((id) => now.has(id)));
    this.known = now;
    c.active = now.size;
    c.activeMax = Math.max(c.activeMax, c.active);
    c.scannedAt = Date.now();
    this.counts = c;
    return c;
  }

  /** The latest figures: awaits a scan only the first time; a stale figure starts one refresh in the background. */
  async read(fresh = false): Promise<SessionCounts> {
    const stale = Date.now() - this.counts.scannedAt >= SESSION_SCAN_MS;
    if (!stale && !fresh) return this.counts;
    if (!this.running) {
      this.running = this.scan().finally(() => {
        this.running = null;
      });
    }
    const p = this.running;
    if (this.counts.scannedAt === 0 || fresh) return p;
    p.catch(() => undefined);
    return this.counts;
  }
}

const trackers = new WeakMap<AppContext, SessionTracker>();

export function sessionTracker(ctx: AppContext): SessionTracker {
  let t = trackers.get(ctx);
  if (!t) trackers.set(ctx, (t = new SessionTracker(ctx)));
  return t;
}
