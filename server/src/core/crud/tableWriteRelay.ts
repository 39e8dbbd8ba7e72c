import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { RedisKv } from '../kv/redis.js';
import { openHub } from '../realtime/hub.js';
import { applyRemoteWrites, onLocalWrites, setRelayHeard } from './tableWrites.js';

/** What one node tells the others: the tables it wrote (null = a raw write, every table). */
export interface TableWrites {
  node: string;
  tables: Array<string | null>;
}

export function isTableWrites(x: unknown): x is TableWrites {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  return typeof m.node === 'string' && Array.isArray(m.tables) && m.tables.every((t) => t === null || typeof t === 'string') && m.tables.length <= 1000;
}

/**
 * Several nodes (REDIS_URL): each node publishes the tables it writes (gathered per turn of the event loop) on the
 * channel `{prefix}tables`, and bumps the generations of the tables the others write (tableWrites.ts), so the list
 * answers and totals they keep are void there too, a millisecond or so after the statement. While this node's
 * subscription is down it cannot hear the others: `writesHeard()` turns false until it is back (answers are then
 * built afresh every time), and coming back voids everything kept. Without REDIS_URL a node is alone: nothing to do.
 */
export const tableWriteRelay = fp(
  async function tableWriteRelay(app: FastifyInstance) {
    const { config, kv } = app.ctx;
    if (!config.redisUrl) return;
    const prefix = kv instanceof RedisKv ? kv.keyPrefix : 'pk:';
    const hub = await openHub(config.redisUrl, `${prefix}tables`, isTableWrites);
    const relay = {};
    hub.onLive((live) => setRelayHeard(relay, live));
    hub.onMessage((m) => {
      if (m.node !== hub.nodeId) applyRemoteWrites(m.tables);
    });
    let pending: Set<string | null> | null = null;
    const flush = () => {
      const tables = [...(pending ?? [])];
      pending = null;
      // Redis down: the others' subscriptions are down as well, and they void everything when they are back.
      hub
        .publish({ node: hub.nodeId, tables: tables.includes(null) ? [null] : tables })
        .catch((err: unknown) => app.log.warn(err, 'table write relay: publish failed'));
    };
    const off = onLocalWrites((tables) => {
      if (!pending) {
        pending = new Set();
        setImmediate(flush);
      }
      for (const t of tables) pending.add(t);
    });
    app.addHook('onClose', async () => {
      off();
      setRelayHeard(relay, undefined);
      await hub.close();
    });
  },
  { name: 'table-write-relay' },
);
