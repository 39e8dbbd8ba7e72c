import type { FastifyInstance } from 'fastify';
import { installZodSchemas } from '../core/http/zodSchema.js';
import { installDataRules } from '../core/datarule/index.js';
import { installAfterWrite } from '../core/http/afterWrite.js';
import { authModule } from './system/auth/routes.js';
import { onlineModule } from './system/online/routes.js';
import { userPermissionModule } from './system/permission/userPermission.routes.js';
import { dictModule } from './system/dict/routes.js';
import { filesModule } from '../core/files/routes.js';
import { menuModule } from './system/permission/menu.routes.js';
import { cronPreviewModule } from './system/quartz/cronPreview.routes.js';
import { dictLookupModule } from './system/dict/lookup.routes.js';
import { realtimeModule } from '../core/realtime/index.js';
import { duplicateCheckModule } from './system/duplicate/routes.js';
import { registerEntityModules } from './entityModules.js';
import { logModule } from './system/log/routes.js';
import { speechModule } from './system/speech/routes.js';
import { playModule } from './game/play/routes.js';
import { playerProfileModule } from './game/content/routes.js';

/**
 * Every API module, registered under the API prefix. Each module file exports one Fastify plugin;
 * every route in it declares `config.auth` (see core/access/guard.ts). The entities of `ENTITIES` (packages/contract)
 * are registered from one place, entityModules.ts; the modules listed here are the screens that are not an entity.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  installZodSchemas(app); // routes with zod schemas: validation → 400 envelope, docs (core/http/zodSchema.ts)
  installDataRules(app); // routes declaring config.dataRules: the caller's rules loaded before the handler
  installAfterWrite(app); // routes declaring config.afterWrite: run after a write, before the answer
  await app.register(authModule);
  await app.register(onlineModule);
  await app.register(userPermissionModule);
  await app.register(dictModule);
  await app.register(filesModule);
  await app.register(menuModule);
  await app.register(cronPreviewModule);
  await app.register(dictLookupModule);
  await app.register(realtimeModule);
  await app.register(duplicateCheckModule);
  await registerEntityModules(app);
  await app.register(logModule);
  await app.register(speechModule);
  await app.register(playModule);
  await app.register(playerProfileModule);
}
