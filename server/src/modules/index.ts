import type { FastifyInstance } from 'fastify';

/**
 * Every API module, registered under the API prefix. Each module file exports one Fastify plugin;
 * every route in it declares `config.auth` (see core/access/guard.ts).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // modules are added here, one line each
  void app;
}
