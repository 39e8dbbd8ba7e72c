import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { cachedForUser } from '../../../core/auth/permissions.js';
import { ok } from '../../../core/envelope/result.js';
import { userPermissionPayload } from './userPermission.service.js';

/**
 * GET /sys/permission/getUserPermissionByToken → {menu, auth, allAuth, sysSafeMode} (contract §4.1). Cached per user
 * until the permission version moves (bumpPermissionVersion).
 */
export async function userPermissionModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  app.get('/sys/permission/getUserPermissionByToken', { config: SIGNED_IN }, async (req) =>
    ok(await cachedForUser(ctx, 'userPermission', req.user!.id, () => userPermissionPayload(ctx, req.user!.id))),
  );
}
