import type { FastifyInstance } from 'fastify';
import { authRoutes } from './system/auth/routes.js';
import { onlineRoutes } from './system/online/routes.js';
import { userPermissionRoutes } from './system/permission/userPermission.routes.js';
import { dictModule } from './system/dict/routes.js';
import { filesModule } from '../core/files/routes.js';
import { menuRoutes } from './system/permission/menu.routes.js';
import { cronPreviewRoutes } from './system/quartz/cronPreview.routes.js';
import { dictLookupRoutes } from './system/dict/lookup.routes.js';
import { vxeSocketRoutes } from '../core/realtime/vxeSocket.js';
import { duplicateCheckModule } from './system/duplicate/routes.js';
import { registerEntityModules } from './entityModules.js';

/**
 * Every API module, registered under the API prefix. Each module file exports one Fastify plugin;
 * every route in it declares `config.auth` (see core/access/guard.ts). The entities of `ENTITIES` (packages/contract)
 * are registered from one place, entityModules.ts; the modules listed here are the screens that are not an entity.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(onlineRoutes);
  await app.register(userPermissionRoutes);
  await app.register(dictModule);
  await app.register(filesModule);
  await app.register(menuRoutes);
  await app.register(cronPreviewRoutes);
  await app.register(dictLookupRoutes);
  await app.register(vxeSocketRoutes);
  await app.register(duplicateCheckModule);
  await registerEntityModules(app);
}
