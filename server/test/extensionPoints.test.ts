import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { accessGuard } from '../src/core/access/guard.js';
import { createAuthenticator } from '../src/core/auth/authenticator.js';
import { installErrorHandler } from '../src/core/http/errorHandler.js';
import { installAfterWrite } from '../src/core/http/afterWrite.js';
import { BadRequestError } from '../src/core/envelope/errors.js';
import { registerModules } from '../src/modules/index.js';
import { POSITION_MENU } from '../src/modules/system/position/definition.js';
import { TENANT_MENU } from '../src/modules/system/tenant/definition.js';
import { USER_MENU } from '../src/modules/system/user/definition.js';
import { createTestContext, type TestContext } from './harness.js';

// Issue 11 point 3: hooks are declared on the route (config.dataRules, config.afterWrite), not chosen by URL.
describe('declared extension points', () => {
  describe('config.afterWrite', () => {
    let app: FastifyInstance;
    const ran: string[] = [];
    beforeAll(async () => {
      app = Fastify({ logger: false });
      installErrorHandler(app);
      installAfterWrite(app);
      const afterWrite = (req: { url: string }) => void ran.push(req.url);
      app.post('/ok', { config: { auth: 'public', afterWrite } }, async () => ({ success: true }));
      app.post('/bad', { config: { auth: 'public', afterWrite } }, async () => {
        throw new BadRequestError('参数x不正确');
      });
      app.post('/plain', { config: { auth: 'public' } }, async () => ({ success: true }));
      await app.ready();
    });
    afterAll(async () => app.close());

    it('runs after a successful write, before the answer, and not after a refused request', async () => {
      expect((await app.inject({ method: 'POST', url: '/ok' })).statusCode).toBe(200);
      expect(ran).toEqual(['/ok']);
      expect((await app.inject({ method: 'POST', url: '/bad' })).statusCode).toBe(400);
      await app.inject({ method: 'POST', url: '/plain' });
      expect(ran).toEqual(['/ok']);
    });
  });

  describe('declarations of the system modules', () => {
    let t: TestContext;
    const routes = new Map<string, { dataRules?: string; afterWrite?: unknown }>();
    beforeAll(async () => {
      t = await createTestContext();
      const mirror = Fastify({ logger: false });
      mirror.decorate('ctx', t.ctx as AppContext);
      mirror.decorate('authn', createAuthenticator(t.ctx));
      mirror.addHook('onRoute', (r) => {
        for (const m of [r.method].flat()) if (m !== 'HEAD') routes.set(`${m} ${r.url}`, (r.config ?? {}) as object);
      });
      await mirror.register(accessGuard);
      await mirror.register(registerModules, { prefix: '' });
      await mirror.ready();
      await mirror.close();
    });
    afterAll(async () => t.close());

    const declaring = (key: string) =>
      [...routes]
        .filter(([, c]) => c.dataRules === key)
        .map(([r]) => r)
        .sort();

    it('data rules narrow exactly the routes of their screen that read or change its rows', () => {
      expect(declaring(USER_MENU)).toEqual([
        'DELETE /sys/user/delete',
        'DELETE /sys/user/deleteBatch',
        'GET /sys/user/exportXls',
        'GET /sys/user/list',
        'GET /sys/user/queryById',
        'POST /sys/user/edit',
        'POST /sys/user/exportXls',
        'PUT /sys/user/changePassword',
        'PUT /sys/user/edit',
        'PUT /sys/user/frozenBatch',
      ]);
      expect(declaring(TENANT_MENU)).toEqual([
        'DELETE /sys/tenant/delete',
        'DELETE /sys/tenant/deleteBatch',
        'GET /sys/tenant/list',
        'GET /sys/tenant/queryById',
        'POST /sys/tenant/delete',
        'POST /sys/tenant/edit',
        'PUT /sys/tenant/edit',
      ]);
      // every route of 职务管理 (the engine's, from CrudBinding.dataRules, and queryByCode)
      expect(declaring(POSITION_MENU)).toEqual([...routes.keys()].filter((k) => k.includes('/sys/position/')).sort());
    });

    it('the role writes bump the permission version through CrudBinding.afterWrite, reads do not', () => {
      const bumping = [...routes]
        .filter(([, c]) => typeof c.afterWrite === 'function')
        .map(([r]) => r)
        .filter((r) => r.includes('/sys/role/'))
        .sort();
      expect(bumping).toEqual([
        'DELETE /sys/role/delete',
        'DELETE /sys/role/deleteBatch',
        'POST /sys/role/add',
        'POST /sys/role/edit',
        'POST /sys/role/importExcel',
        'PUT /sys/role/edit',
      ]);
    });
  });
});
