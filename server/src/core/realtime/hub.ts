import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A message relayed to the other sockets of one page (contract §8.3: `{type, data}`). */
export interface PageMessage {
  pageId: string;
  /** The sending socket (node id + socket id): it never gets its own message back. */
  origin: string;
  /** The sender's tenant (realtime/tenant.ts): only sockets of the same tenant get the message. */
  tenant: string;
  text: string;
}

/**
 * Fan-out between sockets of the same page. `LocalHub` serves one process; `RedisHub` carries the same messages
 * across app nodes through Redis pub/sub when REDIS_URL is set, so two browsers on two nodes still see each
 * other's row updates (001 §4 table real-time channel).
 */
export interface Hub {
  /** This node's id, used to build socket origins. */
  readonly nodeId: string;
  publish(msg: PageMessage): Promise<void>;
  /** Called for every message on every node, the sending node included. */
  onMessage(handler: (msg: PageMessage) => void): void;
  close(): Promise<void>;
}

export class LocalHub implements Hub {
  readonly nodeId = randomBytes(6).toString('hex');
  private handlers: ((msg: PageMessage) => void)[] = [];

  async publish(msg: PageMessage): Promise<void> {
    for (const h of this.handlers) h(msg);
  }
  onMessage(handler: (msg: PageMessage) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
  }
}

function isPageMessage(x: unknown): x is PageMessage {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  return typeof m.pageId === 'string' && typeof m.origin === 'string' && typeof m.tenant === 'string' && typeof m.text === 'string';
}

/** Pub/sub over Redis: a subscriber connection (subscribe mode blocks other commands) and a publisher. */
export class RedisHub implements Hub {
  readonly nodeId = randomBytes(6).toString('hex');
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handlers: ((msg: PageMessage) => void)[] = [];

  private constructor(
    url: string,
    private readonly channel: string,
  ) {
    this.pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    // ioredis reconnects by itself; an 'error' listener keeps a dropped connection from crashing the process.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    this.sub.on('message', (ch: string, raw: string) => {
      if (ch !== this.channel) return;
      let msg: unknown;
      try {
        msg = JSON.parse(raw);
      } catch {
        return;
      }
      if (isPageMessage(msg)) for (const h of this.handlers) h(msg);
    });
  }

  static async open(url: string, channel: string): Promise<RedisHub> {
    const hub = new RedisHub(url, channel);
    await hub.pub.connect();
    await hub.sub.connect();
    await hub.sub.subscribe(channel);
    return hub;
  }

  async publish(msg: PageMessage): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(msg));
  }
  onMessage(handler: (msg: PageMessage) => void): void {
    this.handlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
    this.sub.disconnect();
    this.pub.disconnect();
  }
}
