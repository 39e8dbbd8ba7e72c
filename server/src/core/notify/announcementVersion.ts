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

/**
 * A user's own version: moved by that user's read marks (editByAnntIdAndUserId, readAll), which change only that
 * user's answers, so a click on the bell does not make every other user's answer computed again. No expiry: a key
 * that vanished would bring back the value '' an answer may have been kept under.
 */
export const userAnnouncementVersionKey = (userId: string) => `sys:cache:announcement:user:${userId}`;

/** Called after the user's own read marks have been committed. */
export async function bumpUserAnnouncementVersion(kv: KvStore, userId: string): Promise<void> {
  await kv.set(userAnnouncementVersionKey(userId), randomUUID(), 0);
}

/** The version a user's answer depends on: the shared one and the user's own ('' for a key never set). */
export async function announcementVersion(kv: KvStore, userId: string): Promise<string> {
  const [all, own] = await Promise.all([kv.get(ANNOUNCEMENT_VERSION_KEY), kv.get(userAnnouncementVersionKey(userId))]);
  return `${all ?? ''}|${own ?? ''}`;
}
