import { PERM } from '@pk/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { md5, type MenuSeed } from './menus.js';

/**
 * Seed part `redis-monitor-v1` (issue 14 point 2): the Redis监控 row (seed/menus.ts, under 性能监控) gets its code
 * `monitor:redis` (the INFO, key-count and memory routes), and a Redis终端 row with its own code
 * `monitor:redis:terminal` joins it; seedMenus grants the new row to admin (who holds Redis监控 already).
 */
export const REDIS_INFO_MENU_ID = md5('menu:Redis监控:/monitor/redis/info');
export const PERFORMANCE_MENU_ID = md5('menu:性能监控:/monitor');

export const REDIS_TERMINAL_MENU: MenuSeed = {
  name: 'Redis终端',
  menuType: 1,
  sort: 2,
  url: '/monitor/redis/terminal',
  component: 'modules/monitor/RedisTerminal',
  perms: PERM.redisMonitor.terminal,
};

type SeedMenus = (tx: Kysely<Database>, menus: MenuSeed[], parentId: string, time: string) => Promise<string[]>;

export async function seedRedisMonitor(tx: Kysely<Database>, time: string, seedMenus: SeedMenus): Promise<void> {
  await tx.updateTable('sys_permission').set({ perms: PERM.redisMonitor.info }).where('id', '=', REDIS_INFO_MENU_ID).where('perms', 'is', null).execute();
  const parent = await tx.selectFrom('sys_permission').select('id').where('id', '=', PERFORMANCE_MENU_ID).executeTakeFirst();
  if (parent) await seedMenus(tx, [REDIS_TERMINAL_MENU], PERFORMANCE_MENU_ID, time);
}
