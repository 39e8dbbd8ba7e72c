import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { dictService } from '../../../core/dict/index.js';
import { ok } from '../../../core/envelope/result.js';
import { setDictScopes } from './scopes.js';
import { paramsOf } from '../../../core/http/routeSchemas.js';

/**
 * Dictionary reads for every signed-in user (contract §6.2): items of one code, every dictionary at once, and
 * the cache reset. Table codes go through the registry only (core/dict/tableRegistry.ts) and are read as the
 * caller (the user dictionaries inside the caller's tenants, scopes.ts).
 */
export async function dictModule(app: FastifyInstance): Promise<void> {
  setDictScopes();
  const dicts = dictService(app.ctx);

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    { config: SIGNED_IN, schema: { params: paramsOf({ dictCode: '字典编码，或表字典 表名,显示字段,值字段' }) } },
    async (req) => {
      const { dictCode } = req.params as { dictCode: string };
      return ok(await dicts.getDictItems(dictCode, req));
    },
  );

  app.get('/sys/dict/queryAllDictItems', { config: SIGNED_IN }, async () => ok(await dicts.queryAllDictItems()));

  app.route({
    method: ['GET', 'POST'],
    url: '/sys/dict/refleshCache',
    config: SIGNED_IN,
    handler: async () => {
      await dicts.invalidate();
      return ok(null);
    },
  });
}
