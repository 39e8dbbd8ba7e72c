import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { IMPORT_LIMITS } from '../../../core/crud/index.js';
import { userAccountRoutes } from './account.routes.js';
import { userAddressListRoutes } from './addressList.routes.js';
import { userCrudRoutes } from './crud.routes.js';
import { userDepartRoutes } from './departUsers.routes.js';
import { userKit } from './kit.js';
import { userLookupRoutes } from './lookup.routes.js';

/**
 * `/sys/user/*` (contract §12.1, §3.6): the CRUD endpoints over the engine's service (the list adds `departId` and
 * `orgCodeTxt`), frozenBatch, changePassword, the recycle bin, lookups for pickers (signed in, safe fields) and
 * the address list. Permission codes: PERM.user. One service (one count cache) serves every file.
 */
export async function userModule(app: FastifyInstance): Promise<void> {
  const kit = userKit(app);
  await app.register(async (sub) => {
    await sub.register(multipart, { limits: IMPORT_LIMITS });
    userCrudRoutes(sub, kit);
    userAccountRoutes(sub, kit);
    userLookupRoutes(sub, kit);
    userDepartRoutes(sub, kit);
    userAddressListRoutes(sub, kit);
  });
}
