import type { Entity } from '@pk/contract';
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
import { playerProfileModule } from './game/content/routes.js';
import { playModule } from './game/play/routes.js';
// issue 14 oauth part
import { thirdLoginModule } from './system/thirdLogin/routes.js';
// issue 14 sign-in part: phone sign-in, registration, password alteration, phone change
import { smsModule } from './system/sms/routes.js';
// issue 14 point 2 (redis): Redis监控 and Redis终端
import { redisMonitorModule } from './monitor/redis/routes.js';
// issue 14 account pages
import { accountModule } from './system/account/routes.js';
// dashboard venue (issue 14 point 4)
import { dashboardVenueModule } from './dashboard/venue/routes.js';
import { monitorModule } from './monitor/routes.js'; // issue 14 monitor
import { dashboardOpsModule } from './dashboard/ops/routes.js'; // issue 14 dashops

/**
 * Every API module, registered under the API prefix. Each module file exports one Fastify plugin;
 * every route in it declares `config.auth` (see core/access/guard.ts). The entities of `ENTITIES` (packages/contract)
 * are registered from one place, entityModules.ts; the modules listed here are the screens that are not an entity.
 */
export async function registerModules(app: FastifyInstance, opts: { entities?: readonly Entity[] } = {}): Promise<void> {
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
  await registerEntityModules(app, opts.entities);
  await app.register(logModule);
  await app.register(speechModule);
  await app.register(playerProfileModule);
  await app.register(playModule);
  // issue 14 oauth part: OpenID Connect / CAS sign-in, 账户绑定
  await app.register(thirdLoginModule);
  await app.register(smsModule); // issue 14 sign-in part
  // issue 14 point 2 (redis)
  await app.register(redisMonitorModule);
  // issue 14 account pages
  await app.register(accountModule);
  // dashboard venue (issue 14 point 4)
  await app.register(dashboardVenueModule);
  await app.register(monitorModule); // issue 14 monitor: its metrics hooks (fastify-plugin) see every API route
  await app.register(dashboardOpsModule); // issue 14 dashops
}
