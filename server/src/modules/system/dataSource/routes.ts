import type { FastifyInstance } from 'fastify';
import { dataSourceEntity } from '@pk/contract';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { dataSourceBox } from '../../../core/crypto/dataSourceKey.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { dataSourceBinding } from './definition.js';
import { DataSourceService } from './service.js';

const text = (max: number) => z.string().max(max).nullish();

/** The connection-test body: the data-source form as the original sends it (other form fields ignored). */
const testConnectionBody = z.looseObject({
  id: z.string().max(64).nullish(),
  dbType: z
    .union([z.string(), z.number()], { error: '数据库类型不能为空' })
    .transform(String)
    .pipe(z.string().trim().min(1, { error: '数据库类型不能为空' }).max(10)),
  dbDriver: text(100),
  dbUrl: z.string({ error: '数据源地址不能为空' }).trim().min(1, { error: '数据源地址不能为空' }).max(500),
  dbName: text(100),
  dbUsername: text(100),
  dbPassword: text(100),
});

/**
 * `/sys/dataSource/*` (contract §12.6): the CRUD endpoints (password sealed, never returned), `options`, and the
 * connection test `/online/cgreport/api/testConnection` (§10) behind `dataSource:testConnection` and the `check`
 * request limit.
 */
export async function dataSourceModule(app: FastifyInstance): Promise<void> {
  const box = await dataSourceBox(app.ctx);
  const svc = new DataSourceService(app.ctx, box);
  await registerCrud(app, dataSourceBinding(box));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/dataSource/options', { config: perm(dataSourceEntity.perms.list) }, async () => ok(await svc.options()));

  r.post(
    '/online/cgreport/api/testConnection',
    { config: { ...perm(dataSourceEntity.perms.testConnection), throttle: 'check' }, schema: { body: testConnectionBody } },
    async (req) => okMsg(await svc.testConnection(req.body)),
  );
}
