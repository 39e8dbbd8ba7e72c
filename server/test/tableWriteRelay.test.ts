import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { generationOf, RECENT_WRITE_MS, writesHeard } from '../src/core/crud/tableWrites.js';
import { isTableWrites } from '../src/core/crud/tableWriteRelay.js';
import { RedisHub } from '../src/core/realtime/hub.js';
import { newId } from '../src/core/id.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// Several nodes (issue 23 point 9): list answers kept by one node must not outlive a write made on another.
describe('table writes are relayed between nodes over Redis', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let prefix: string;
  let h: Record<string, string>;
  const sub = new Redis(REDIS_URL, { lazyConnect: true });
  const pub = new Redis(REDIS_URL, { lazyConnect: true });
  const heard: unknown[] = [];

  beforeAll(async () => {
    let redisKeyPrefix: string;
    ({ app, ctx, close, redisKeyPrefix } = await createTestApp({ redis: true }));
    prefix = redisKeyPrefix;
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    await sub.connect();
    await pub.connect();
    await sub.subscribe(`${prefix}tables`);
    sub.on('message', (_ch, raw) => heard.push(JSON.parse(raw)));
  });
  afterAll(async () => {
    sub.disconnect();
    pub.disconnect();
    await close?.();
  });

  it('a node tells the others the tables it writes, and bumps the tables they report (not its own reports again)', async () => {
    const id = newId();
    await ctx.db.db
      .insertInto('sys_position')
      .values({ id, code: `rly${id.slice(-6)}`, name: '转发', post_rank: '1', create_time: '2020-01-01 00:00:00' })
      .execute();
    await until(() => heard.some((m) => isTableWrites(m) && m.tables.includes('sys_position')), 'the write report');
    const report = heard.find((m) => isTableWrites(m) && m.tables.includes('sys_position')) as { node: string };
    await ctx.db.db.deleteFrom('sys_position').where('id', '=', id).execute();

    const before = generationOf('sys_category');
    await pub.publish(`${prefix}tables`, JSON.stringify({ node: 'another-node', tables: ['sys_category'] }));
    await until(() => generationOf('sys_category') > before, 'the remote write to bump the table');
    expect(generationOf('sys_category')).toBe(before + 1);

    const mine = generationOf('sys_depart');
    await pub.publish(`${prefix}tables`, JSON.stringify({ node: report.node, tables: ['sys_depart'] })); // its own id: ignored
    await pub.publish(`${prefix}tables`, JSON.stringify({ node: 'x', tables: 'sys_depart' })); // not a report: dropped
    await pub.publish(`${prefix}tables`, JSON.stringify({ node: 'another-node', tables: ['sys_category'] })); // a marker after them
    await until(() => generationOf('sys_category') > before + 1, 'the marker');
    expect(generationOf('sys_depart')).toBe(mine);
  });

  it('a list answer this node keeps is void as soon as another node reports a write to its table', async () => {
    const list = async () => {
      const spy = vi.spyOn(ctx.db.db, 'executeQuery');
      const res = await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/position/list?pageSize=1`, headers: h });
      const ran = spy.mock.calls.some(([q]) => /sys_position/.test((q as { sql: string }).sql));
      spy.mockRestore();
      expect(res.json().success).toBe(true);
      return ran;
    };
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + RECENT_WRITE_MS + 1_000);
      await list();
      expect(await list()).toBe(false); // kept
      const gen = generationOf('sys_position');
      await pub.publish(`${prefix}tables`, JSON.stringify({ node: 'another-node', tables: ['sys_position'] }));
      await until(() => generationOf('sys_position') > gen, 'the remote write');
      expect(await list()).toBe(true); // built again
    } finally {
      vi.useRealTimers();
    }
  });

  it('a hub that loses its subscription says so, and says when it hears again', async () => {
    const hub = await RedisHub.open(REDIS_URL, `${prefix}probe`, (_x): _x is unknown => true);
    const seen: boolean[] = [];
    hub.onLive((live) => seen.push(live));
    (hub as unknown as { sub: Redis }).sub.disconnect(true); // dropped, then reconnects by itself
    await until(() => seen.length >= 2, 'the hub to come back');
    expect(seen).toEqual([false, true]);
    await hub.close();
    expect(writesHeard()).toBe(true); // the app's own relay is connected all along
  });
});
