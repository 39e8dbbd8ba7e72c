import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { idList } from '../permission/grants.service.js';
import { empty } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { departRoleDataRules, saveDepartRoleDataRules } from './roleDataRule.service.js';
import { MSG } from '../../../core/messages.js';
import { bodyOf, paramsOf } from '../../../core/http/routeSchemas.js';

/**
 * Department-role data rules (contract §4.3, §12.3 `/sys/sysDepartRole/datarule`), perm depart:roles like the
 * department-role grants; the queries are in roleDataRule.service.ts.
 */
export function departRoleDataRuleRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const roles = perm(PERM.depart.roles);

  app.get(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    { config: roles, schema: { params: paramsOf({ permissionId: '菜单id', departId: '部门id', roleId: '部门角色id' }) } },
    async (req) => {
      const prm = req.params as { permissionId?: string; departId?: string; roleId?: string };
      const permissionId = checkId(prm.permissionId);
      const departId = checkId(prm.departId);
      return ok(await departRoleDataRules(ctx, permissionId, departId, checkId(prm.roleId)));
    },
  );

  app.post(
    '/sys/sysDepartRole/datarule',
    {
      config: roles,
      schema: {
        body: bodyOf(
          { permissionId: '菜单id', roleId: '部门角色id', departId: '部门id（不给则为角色所在部门）', dataRuleIds: '数据规则id，以逗号分隔' },
          { required: ['permissionId', 'roleId'] },
        ),
      },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const permissionId = checkId(body.permissionId);
      const roleId = checkId(body.roleId);
      // The original client sends no departId: the role's own department is used then.
      const departId = empty(body.departId) ? null : checkId(body.departId);
      await saveDepartRoleDataRules(ctx, req, permissionId, roleId, departId, idList(body.dataRuleIds, 'dataRuleIds'));
      return okMsg(MSG.savedAscii);
    },
  );
}
