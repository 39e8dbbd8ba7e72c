import type { FastifyInstance } from 'fastify';
import { authRoutes } from './system/auth/routes.js';
import { onlineRoutes } from './system/online/routes.js';
import { userPermissionRoutes } from './system/permission/userPermission.routes.js';
import { dictModule } from './system/dict/routes.js';
import { positionModule } from './system/position/routes.js';
import { userModule } from './system/user/index.js';
import { tenantModule } from './system/tenant/routes.js';
import { filesModule } from '../core/files/routes.js';
import { menuRoutes } from './system/permission/menu.routes.js';
import { roleModule } from './system/role/routes.js';
import { departModule } from './system/depart/index.js';
import { cronPreviewRoutes } from './system/quartz/cronPreview.routes.js';
import { dictLookupRoutes } from './system/dict/lookup.routes.js';
import { categoryModule } from './system/category/routes.js';
import { vxeSocketRoutes } from '../core/realtime/vxeSocket.js';
import { duplicateCheckModule } from './system/duplicate/routes.js';
import { logModule } from './system/log/routes.js';

/**
 * Every API module, registered under the API prefix. Each module file exports one Fastify plugin;
 * every route in it declares `config.auth` (see core/access/guard.ts).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(onlineRoutes);
  await app.register(userPermissionRoutes);
  await app.register(dictModule);
  await app.register(positionModule);
  await app.register(userModule);
  await app.register(tenantModule);
  await app.register(filesModule);
  await app.register(menuRoutes);
  await app.register(roleModule);
  await app.register(departModule);
  await app.register(cronPreviewRoutes);
  await app.register(dictLookupRoutes);
  await app.register(categoryModule);
  await app.register(vxeSocketRoutes);
  await app.register(duplicateCheckModule);
  await app.register(logModule);
}
