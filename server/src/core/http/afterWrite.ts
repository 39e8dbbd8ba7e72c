import type { FastifyInstance, FastifyRequest, onSendHookHandler } from 'fastify';

/** What runs once a write route has done its work (its transaction is over), before the answer goes out. */
export type AfterWrite = (req: FastifyRequest) => Promise<void> | void;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Declared after-write step of a route: `config: { ...perm('role:edit'), afterWrite: bumpPermissions }`.
     * Runs after the handler, before the answer is sent (so the caller's next request sees its effect), when the
     * answer is not a 4xx/5xx (a refused request changed nothing). Not inside the handler's transaction: a step may
     * use the KV store (SQLite has one connection). CrudBinding.afterWrite puts it on the engine's write routes.
     */
    afterWrite?: AfterWrite;
  }
}

/** The one hook that runs declared `config.afterWrite` steps (called first in registerModules, modules/index.ts). */
export function installAfterWrite(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const step = (route.config as { afterWrite?: AfterWrite } | undefined)?.afterWrite;
    if (!step) return;
    const run: onSendHookHandler = async (req, reply, payload) => {
      if (reply.statusCode < 400) await step(req);
      return payload;
    };
    route.onSend = [...[route.onSend ?? []].flat(), run];
  });
}
