import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { DbKv } from './db.js';
import { MemoKv, type KvMemoOptions } from './memo.js';
import { RedisKv } from './redis.js';
import type { KvStore } from './types.js';

export type { KvStore } from './types.js';
export { DbKv } from './db.js';
export { RedisKv } from './redis.js';
export { MemoKv } from './memo.js';

export interface OpenKvOptions {
  /** Redis key prefix (default 'pk:'); tests pass a random one. */
  redisKeyPrefix?: string;
  /** Database store only: keys read often (sessions) remembered briefly on this node (kv/memo.ts). */
  memo?: KvMemoOptions;
}

/** Redis when config.redisUrl is set (connection checked), else the database table sys_kv (with `opts.memo`). */
export async function openKv(config: Pick<AppConfig, 'redisUrl'>, db: Db, opts: OpenKvOptions = {}): Promise<KvStore> {
  if (config.redisUrl) {
    const kv = await RedisKv.create(config.redisUrl, opts.redisKeyPrefix ?? 'pk:');
    try {
      await kv.connect();
    } catch (err) {
      await kv.close();
      throw err;
    }
    return kv;
  }
  const kv = new DbKv(db);
  return opts.memo ? new MemoKv(kv, opts.memo) : kv;
}
