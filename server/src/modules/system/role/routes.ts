import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { checkId, registerCrud } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { paging, param, queryParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { allMenus } from '../permission/menu.service.js';
import { nest, roleTreeModel, sortRows } from '../permission/menu.tree.js';
import { idList } from '../permission/grants.service.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { roleBinding } from './definition.js';
import { bodyOf, list, PAGING_QUERY, paramsOf, queryOf } from '../../../core/http/routeSchemas.js';
import { RoleService } from './service.js';
import { MSG } from '../../../core/messages.js';

/**
 * `/sys/role/*` (contract §12.2, the standard routes from the engine under `roleEntity.api`), role users
 * (`/sys/user/*Role*`), role authorisation and role data rules (§4.3). The queries are in service.ts.
 */
export async function roleModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const svc = new RoleService(ctx);
  const q = queryParams;
  await registerCrud(app, roleBinding);

  app.get('/sys/role/queryall', { config: SIGNED_IN }, async () => ok(await svc.all()));

  app.get(
    '/sys/role/checkRoleCode',
    {
      config: perm(PERM.role.list, PERM.role.add, PERM.role.edit),
      schema: { querystring: queryOf({ roleCode: '角色编码', id: '排除的角色id（编辑时）' }, ['roleCode']) },
    },
    async (req) => {
      const code = param(q(req), 'roleCode')?.trim();
      if (!code) throw new BadRequestError('roleCode不能为空');
      const idRaw = param(q(req), 'id')?.trim();
      await svc.assertCodeFree(code, idRaw ? checkId(idRaw) : null);
      return okMsg(MSG.valueFree);
    },
  );

  app.get('/sys/role/queryTreeList', { config: perm(PERM.role.authorize) }, async () => {
    const rows = await allMenus(ctx);
    return ok({ treeList: nest(rows, roleTreeModel), ids: sortRows(rows).map((r) => r.id) });
  });

  // --- role users (perm role:users) ---
  app.get(
    '/sys/user/userRoleList',
    { config: perm(PERM.role.users), schema: { querystring: queryOf({ ...PAGING_QUERY, roleId: '角色id', username: '用户账号' }, ['roleId']) } },
    async (req) => {
      const p = q(req);
      const pg = paging(p);
      const { records, total } = await svc.users(req, checkId(param(p, 'roleId')), param(p, 'username')?.trim(), pg);
      return ok(page(records, total, pg.pageNo, pg.pageSize));
    },
  );

  app.post(
    '/sys/user/addSysUserRole',
    { config: perm(PERM.role.users), schema: { body: bodyOf({ roleId: '角色id', userIdList: list('用户id') }, { required: ['roleId', 'userIdList'] }) } },
    async (req) => {
      const body = bodyObject(req.body);
      const roleId = checkId(body.roleId);
      const userIds = idList(body.userIdList, 'userIdList');
      if (!userIds.length) throw new BadRequestError(MSG.userIdListRequired);
      await svc.addUsers(req, roleId, userIds);
      return okMsg(MSG.addedAscii);
    },
  );

  const removeUsers = async (req: FastifyRequest, idsParam: string) => {
    const roleId = checkId(param(q(req), 'roleId'));
    const userIds = idList(param(q(req), idsParam), idsParam);
    if (!userIds.length) throw new BadRequestError(MSG.userIdRequired);
    await svc.removeUsers(req, roleId, userIds);
    return okMsg(MSG.deleted);
  };
  app.delete(
    '/sys/user/deleteUserRole',
    { config: perm(PERM.role.users), schema: { querystring: queryOf({ roleId: '角色id', userId: '用户id' }, ['roleId', 'userId']) } },
    async (req) => removeUsers(req, 'userId'),
  );
  app.delete(
    '/sys/user/deleteUserRoleBatch',
    { config: perm(PERM.role.users), schema: { querystring: queryOf({ roleId: '角色id', userIds: '用户id，以逗号分隔' }, ['roleId', 'userIds']) } },
    async (req) => removeUsers(req, 'userIds'),
  );

  // --- authorisation (perm role:authorize) ---
  app.get(
    '/sys/permission/queryRolePermission',
    { config: perm(PERM.role.authorize), schema: { querystring: queryOf({ roleId: '角色id' }, ['roleId']) } },
    async (req) => ok(await svc.permissionIds(checkId(param(q(req), 'roleId')))),
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: perm(PERM.role.authorize),
      schema: {
        body: bodyOf({ roleId: '角色id', permissionIds: '菜单id，以逗号分隔', lastpermissionIds: '原有的菜单id，以逗号分隔' }, { required: ['roleId'] }),
      },
    },
    async (req) => {
      const body = bodyObject(req.body);
      await svc.savePermissions(req, checkId(body.roleId), idList(body.permissionIds, 'permissionIds'), idList(body.lastpermissionIds, 'lastpermissionIds'));
      return okMsg(MSG.saved);
    },
  );

  // --- role data rules ---
  app.get(
    '/sys/role/datarule/:permissionId/:roleId',
    { config: perm(PERM.role.authorize), schema: { params: paramsOf({ permissionId: '菜单id', roleId: '角色id' }) } },
    async (req) => {
      const prm = req.params as { permissionId?: string; roleId?: string };
      return ok(await svc.dataRules(checkId(prm.permissionId), checkId(prm.roleId)));
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: perm(PERM.role.authorize),
      schema: { body: bodyOf({ permissionId: '菜单id', roleId: '角色id', dataRuleIds: '数据规则id，以逗号分隔' }, { required: ['permissionId', 'roleId'] }) },
    },
    async (req) => {
      const body = bodyObject(req.body);
      await svc.saveDataRules(req, checkId(body.permissionId), checkId(body.roleId), idList(body.dataRuleIds, 'dataRuleIds'));
      return okMsg(MSG.savedAscii);
    },
  );
}
