import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId, splitIds, validateBody } from '../../../core/crud/index.js';
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

/** Department roles (`/sys/sysDepartRole/*`) and their permissions (`/sys/sysDepartPermission/*`), perm depart:roles. */
export function departRoleRoutes(app: FastifyInstance): void {
  const svc = new DepartRoleService(app.ctx);
  const roles = perm(PERM.depart.roles);

  app.get('/sys/sysDepartRole/list', { config: roles }, async (req) => {
    const p = q(req);
    const deptRaw = (param(p, 'deptId') ?? param(p, 'departId'))?.trim();
    const pg = paging(p);
    const { records, total } = await svc.list(deptRaw ? checkId(deptRaw) : null, param(p, 'roleName')?.trim(), pg);
    return ok(page(records, total, pg.pageNo, pg.pageSize));
  });

  app.post('/sys/sysDepartRole/add', { config: roles }, async (req) => {
    const { values } = validateBody(departRoleResolved, req.body, 'add');
    await svc.add(req, checkId(values.departId), values);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: roles,
    handler: async (req) => {
      const { id, values } = validateBody(departRoleResolved, req.body, 'edit');
      delete values.departId; // a role stays in its department
      await svc.edit(req, id!, values);
      return okMsg(MSG.edited);
    },
  });

  app.delete('/sys/sysDepartRole/delete', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await svc.remove(ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/sysDepartRole/deleteBatch', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await svc.remove(ids);
    return okMsg(MSG.deleted);
  });

  app.get('/sys/sysDepartRole/getDeptRoleList', { config: roles }, async (req) => ok(await svc.ofDepart(checkId(param(q(req), 'departId')))));

  app.get('/sys/sysDepartRole/getDeptRoleByUserId', { config: roles }, async (req) => {
    const userId = checkId(param(q(req), 'userId'));
    const departRaw = param(q(req), 'departId')?.trim();
    return ok(await svc.ofUser(userId, departRaw ? checkId(departRaw) : null));
  });

  app.post('/sys/sysDepartRole/deptRoleUserAdd', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const userId = checkId(body.userId);
    const next = idList(body.newRoleId, 'newRoleId');
    const last = idList(body.oldRoleId, 'oldRoleId');
    assertNotSelf(req, userId);
    await svc.assignToUser(req, userId, next, last);
    return okMsg(MSG.addedAscii);
  });

  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { config: roles }, async (req) =>
    ok(await svc.grantableTree(checkId(param(q(req), 'departId')))),
  );

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: roles }, async (req) => ok(await svc.permissionIds(checkId(param(q(req), 'roleId')))));

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    await svc.savePermissions(req, checkId(body.roleId), idList(body.permissionIds, 'permissionIds'), idList(body.lastpermissionIds, 'lastpermissionIds'));
    return okMsg(MSG.saved);
  });
}
