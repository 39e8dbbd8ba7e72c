import { randomBytes } from 'node:crypto';
import { REDIS_OPTIONS } from '../kv/redisOptions.js';
import type { Redis } from 'ioredis';

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
 * Fan-out between the nodes of one deployment, for one channel of messages `T`. `LocalHub` serves one process;
 * `RedisHub` carries the same messages across app nodes through Redis pub/sub when REDIS_URL is set: the table
 * channel (001 §4: two browsers on two nodes still see each other's row updates) and the live notice channel
 * (contract §8.3: a push on one node reaches the user's sockets on every node) each use one.
 */
export interface Hub<T = PageMessage> {
  /** This node's id, used to build socket origins. */
  readonly nodeId: string;
  /** True when other nodes hear this hub too (Redis), so a message may reach sockets elsewhere. */
  readonly shared: boolean;
  publish(msg: T): Promise<void>;
  /** Called for every message on every node, the sending node included. */
  onMessage(handler: (msg: T) => void): void;
  /** Called when the hub stops hearing the other nodes (false) and when it hears them again (true). */
  onLive(handler: (live: boolean) => void): void;
  close(): Promise<void>;
}

export class LocalHub<T = PageMessage> implements Hub<T> {
  readonly nodeId = randomBytes(6).toString('hex');
  readonly shared = false;
  private handlers: ((msg: T) => void)[] = [];

  async publish(msg: T): Promise<void> {
    for (const h of this.handlers) h(msg);
  }
  onMessage(handler: (msg: T) => void): void {
    this.handlers.push(handler);
  }
  onLive(): void {} // always live: there is no one else
  async close(): Promise<void> {
    this.handlers = [];
  }
}

export function isPageMessage(x: unknown): x is PageMessage {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  return typeof m.pageId === 'string' && typeof m.origin === 'string' && typeof m.tenant === 'string' && typeof m.text === 'string';
}

/**
 * Pub/sub over Redis: a subscriber connection (subscribe mode blocks other commands) and a publisher. A message
 * that is not JSON or that `accept` refuses (another version, a stray publisher) is dropped.
 */
export class RedisHub<T = PageMessage> implements Hub<T> {
  readonly nodeId = randomBytes(6).toString('hex');
  readonly shared = true;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handlers: ((msg: T) => void)[] = [];
  private liveHandlers: ((live: boolean) => void)[] = [];
  private live = true;

  private setLive(live: boolean): void {
    if (live === this.live) return;
    this.live = live;
    for (const h of this.liveHandlers) h(live);
  }

  private constructor(
    RedisClass: typeof Redis,
    url: string,
    private readonly channel: string,
    accept: (x: unknown) => x is T,
  ) {
    this.pub = new RedisClass(url, REDIS_OPTIONS);
    this.sub = new RedisClass(url, REDIS_OPTIONS);
    // ioredis reconnects by itself; an 'error' listener keeps a dropped connection from crashing the process.
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    // ioredis subscribes again by itself after a reconnect; 'ready' comes when it has
    this.sub.on('close', () => this.setLive(false));
    this.sub.on('ready', () => this.setLive(true));
    this.sub.on('message', (ch: string, raw: string) => {
      if (ch !== this.channel) return;
      let msg: unknown;
      try {
        msg = JSON.parse(raw);
      } catch {
        return;
      }
      if (accept(msg)) for (const h of this.handlers) h(msg);
    });
  }

  static async open(url: string, channel: string): Promise<RedisHub<PageMessage>>;
  static async open<T>(url: string, channel: string, accept: (x: unknown) => x is T): Promise<RedisHub<T>>;
  static async open<T>(url: string, channel: string, accept?: (x: unknown) => x is T): Promise<RedisHub<T>> {
    const { Redis: RedisClass } = await import('ioredis'); // loaded only when REDIS_URL is set
    const hub = new RedisHub<T>(RedisClass, url, channel, accept ?? (isPageMessage as unknown as (x: unknown) => x is T));
    await hub.pub.connect();
    await hub.sub.connect();
    await hub.sub.subscribe(channel);
    return hub;
  }

  async publish(msg: T): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(msg));
  }
  onMessage(handler: (msg: T) => void): void {
    this.handlers.push(handler);
  }
  onLive(handler: (live: boolean) => void): void {
    this.liveHandlers.push(handler);
  }
  async close(): Promise<void> {
    this.handlers = [];
    this.liveHandlers = [];
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

/** The channel's hub: Redis pub/sub when REDIS_URL is set, this process only otherwise. */
export async function openHub<T>(redisUrl: string | null, channel: string, accept: (x: unknown) => x is T): Promise<Hub<T>> {
  return redisUrl ? RedisHub.open(redisUrl, channel, accept) : new LocalHub<T>();
}
