import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId, splitIds, validateBody } from '../../../core/crud/index.js';
import { entityBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { paging, param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { idList } from '../permission/grants.service.js';
import { assertNotSelf } from '../role/escalation.js';
import { departRoleResolved } from './definition.js';
import { q } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { DepartRoleService } from './roles.service.js';
import { bodyOf, ID_QUERY, IDS_QUERY, PAGING_QUERY, queryOf } from '../../../core/http/routeSchemas.js';

/** Department roles (`/sys/sysDepartRole/*`) and their permissions (`/sys/sysDepartPermission/*`), perm depart:roles. */
export function departRoleRoutes(app: FastifyInstance): void {
  const svc = new DepartRoleService(app.ctx);
  const roles = perm(PERM.depart.roles);

  app.get(
    '/sys/sysDepartRole/list',
    { config: roles, schema: { querystring: queryOf({ ...PAGING_QUERY, deptId: '部门id', departId: '部门id（同 deptId）', roleName: '部门角色名称' }) } },
    async (req) => {
      const p = q(req);
      const deptRaw = (param(p, 'deptId') ?? param(p, 'departId'))?.trim();
      const pg = paging(p);
      const { records, total } = await svc.list(deptRaw ? checkId(deptRaw) : null, param(p, 'roleName')?.trim(), pg);
      return ok(page(records, total, pg.pageNo, pg.pageSize));
    },
  );

  app.post('/sys/sysDepartRole/add', { config: roles, schema: { body: entityBody(departRoleResolved, 'add') } }, async (req) => {
    const { values } = validateBody(departRoleResolved, req.body, 'add');
    await svc.add(req, checkId(values.departId), values);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: roles,
    schema: { body: entityBody(departRoleResolved, 'edit') },
    handler: async (req) => {
      const { id, values } = validateBody(departRoleResolved, req.body, 'edit');
      delete values.departId; // a role stays in its department
      await svc.edit(req, id!, values);
      return okMsg(MSG.edited);
    },
  });

  app.delete('/sys/sysDepartRole/delete', { config: roles, schema: { querystring: ID_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await svc.remove(ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/sysDepartRole/deleteBatch', { config: roles, schema: { querystring: IDS_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await svc.remove(ids);
    return okMsg(MSG.deleted);
  });

  app.get('/sys/sysDepartRole/getDeptRoleList', { config: roles, schema: { querystring: queryOf({ departId: '部门id' }, ['departId']) } }, async (req) =>
    ok(await svc.ofDepart(checkId(param(q(req), 'departId')))),
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: roles, schema: { querystring: queryOf({ userId: '用户id', departId: '部门id' }, ['userId']) } },
    async (req) => {
      const userId = checkId(param(q(req), 'userId'));
      const departRaw = param(q(req), 'departId')?.trim();
      return ok(await svc.ofUser(userId, departRaw ? checkId(departRaw) : null));
    },
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: roles,
      schema: { body: bodyOf({ userId: '用户id', newRoleId: '部门角色id，以逗号分隔', oldRoleId: '原有的部门角色id，以逗号分隔' }, { required: ['userId'] }) },
    },
    async (req) => {
      const body = bodyObject(req.body);
      const userId = checkId(body.userId);
      const next = idList(body.newRoleId, 'newRoleId');
      const last = idList(body.oldRoleId, 'oldRoleId');
      assertNotSelf(req, userId);
      await svc.assignToUser(req, userId, next, last);
      return okMsg(MSG.addedAscii);
    },
  );

  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: roles, schema: { querystring: queryOf({ departId: '部门id' }, ['departId']) } },
    async (req) => ok(await svc.grantableTree(checkId(param(q(req), 'departId')))),
  );

  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: roles, schema: { querystring: queryOf({ roleId: '部门角色id' }, ['roleId']) } },
    async (req) => ok(await svc.permissionIds(checkId(param(q(req), 'roleId')))),
  );

  app.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    {
      config: roles,
      schema: {
        body: bodyOf({ roleId: '部门角色id', permissionIds: '菜单id，以逗号分隔', lastpermissionIds: '原有的菜单id，以逗号分隔' }, { required: ['roleId'] }),
      },
    },
    async (req) => {
      const body = bodyObject(req.body);
      await svc.savePermissions(req, checkId(body.roleId), idList(body.permissionIds, 'permissionIds'), idList(body.lastpermissionIds, 'lastpermissionIds'));
      return okMsg(MSG.saved);
    },
  );
}
