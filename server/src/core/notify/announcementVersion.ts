import { randomUUID } from 'node:crypto';
import type { KvStore } from '../kv/types.js';

/**
 * The shared version of everything `listByUser` answers from (sys_announcement and sys_announcement_send): a new
 * random value after every write to either table, on any node (the KV is shared: Redis, or the sys_kv table).
 * A random value, not a counter, so a value is never seen twice (a flushed Redis cannot bring an old one back).
 */
export const ANNOUNCEMENT_VERSION_KEY = 'sys:cache:announcement:version';

/** Called after a write to the notices or their send rows has been committed. */
export async function bumpAnnouncementVersion(kv: KvStore): Promise<void> {
  await kv.set(ANNOUNCEMENT_VERSION_KEY, randomUUID(), 0);
}

/** The current version ('' when no write was recorded yet). */
export async function announcementVersion(kv: KvStore): Promise<string> {
  return (await kv.get(ANNOUNCEMENT_VERSION_KEY)) ?? '';
}
