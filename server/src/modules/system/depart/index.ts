import type { FastifyInstance } from 'fastify';
import { departCrudRoutes } from './crud.routes.js';
import { departExcelRoutes } from './excel.routes.js';
import { departPermissionRoutes } from './permission.routes.js';
import { departRoleDataRuleRoutes } from './roleDataRule.routes.js';
import { departRoleRoutes } from './roles.routes.js';
import { departTreeRoutes } from './tree.routes.js';
import { departUserRoutes } from './users.routes.js';

/**
 * `/sys/sysDepart/*` (contract §12.3), department users (`/sys/user/*Depart*`), department permissions,
 * department roles (`/sys/sysDepartRole/*`, `/sys/sysDepartPermission/*`) and their data rules.
 */
export async function departModule(app: FastifyInstance): Promise<void> {
  await app.register(departExcelRoutes);
  departTreeRoutes(app);
  departCrudRoutes(app);
  departUserRoutes(app);
  departPermissionRoutes(app);
  departRoleRoutes(app);
  departRoleDataRuleRoutes(app);
}
