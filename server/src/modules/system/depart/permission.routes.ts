import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { idList } from '../permission/grants.service.js';
import { q } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { departDataRules, departPermissionIds, saveDepartDataRules, saveDepartPermissions } from './permission.service.js';
import { MSG } from '../../../core/messages.js';
import { bodyOf, paramsOf, queryOf } from '../../../core/http/routeSchemas.js';

/** Department permissions and their data rules (contract §4.3, perm depart:authorize); queries in permission.service.ts. */
export function departPermissionRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.get(
    '/sys/permission/queryDepartPermission',
    { config: perm(PERM.depart.authorize), schema: { querystring: queryOf({ departId: '部门id' }, ['departId']) } },
    async (req) => ok(await departPermissionIds(ctx, checkId(param(q(req), 'departId')))),
  );

  app.post(
    '/sys/permission/saveDepartPermission',
    {
      config: perm(PERM.depart.authorize),
      schema: {
        body: bodyOf({ departId: '部门id', permissionIds: '菜单id，以逗号分隔', lastpermissionIds: '原有的菜单id，以逗号分隔' }, { required: ['departId'] }),
      },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const departId = checkId(body.departId);
      await saveDepartPermissions(ctx, req, departId, idList(body.permissionIds, 'permissionIds'), idList(body.lastpermissionIds, 'lastpermissionIds'));
      return okMsg(MSG.saved);
    },
  );

  app.get(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: perm(PERM.depart.authorize), schema: { params: paramsOf({ permissionId: '菜单id', departId: '部门id' }) } },
    async (req) => {
      const prm = req.params as { permissionId?: string; departId?: string };
      const permissionId = checkId(prm.permissionId);
      return ok(await departDataRules(ctx, permissionId, checkId(prm.departId)));
    },
  );

  app.post(
    '/sys/sysDepartPermission/datarule',
    {
      config: perm(PERM.depart.authorize),
      schema: {
        body: bodyOf({ permissionId: '菜单id', departId: '部门id', dataRuleIds: '数据规则id，以逗号分隔' }, { required: ['permissionId', 'departId'] }),
      },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const permissionId = checkId(body.permissionId);
      const departId = checkId(body.departId);
      await saveDepartDataRules(ctx, permissionId, departId, idList(body.dataRuleIds, 'dataRuleIds'));
      return okMsg(MSG.savedAscii);
    },
  );
}
