import type { AppConfig } from '../config.js';
import type { Db } from '../db/connection.js';
import type { KvStore } from './kv/types.js';

/** Everything a module needs at run time; decorated on the app as `app.ctx`. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  kv: KvStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
