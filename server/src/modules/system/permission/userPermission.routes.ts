import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { ok } from '../../../core/envelope/result.js';
import { userPermissionPayload } from './userPermission.service.js';

/** GET /sys/permission/getUserPermissionByToken → {menu, auth, allAuth, sysSafeMode} (contract §4.1). */
export async function userPermissionRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get('/sys/permission/getUserPermissionByToken', { config: SIGNED_IN }, async (req) =>
    ok(await userPermissionPayload(ctx, req.user!.id)),
  );
}
