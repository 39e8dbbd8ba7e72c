import { permCode, userEntity } from '@pk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { bumpPermissionVersion, invalidateUser } from '../../../core/auth/index.js';
import { CrudService, splitIds, validateBody, checkId, crudSchemas } from '../../../core/crud/index.js';
import { MULTIPART, qv, text } from '../../../core/http/routeSchemas.js';
import { addOutcome, exportWorkbook, importResult, importRows, readAll, sendWorkbook, uploadedFiles } from '../../../core/crud/excel.js';
import { exportParams } from '../../../core/crud/routes.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, queryParams } from '../../../core/query/index.js';
import { ADMIN_USERNAME, assertMayManage, codeIds, USER_MENU, USER_MSG, type UserExtras } from './definition.js';
import { idList, type UserKit } from './kit.js';
import { bodyObject } from '../../../core/http/jsonBody.js';

/** Keys the Vue client echoes back (or sends alongside) that never reach an INSERT or UPDATE (security §1.10). */
const ADD_IGNORED = [
  'password',
  'salt',
  'status',
  'delFlag',
  'confirmpassword',
  'orgCodeTxt',
  'activitiSync',
  'thirdId',
  'thirdType',
  'clientId',
  'selectedroles',
  'selecteddeparts',
];
/** An edit ignores the same keys and the username too (the login account never changes). */
const EDIT_IGNORED = [...ADD_IGNORED, 'username'];

/** What add/edit read besides the user's fields. */
const SAVE_EXTRAS = {
  password: text('密码（添加时必填）'),
  confirmpassword: text('确认密码'),
  selectedroles: text('角色id，以逗号分隔'),
  selecteddeparts: text('部门id，以逗号分隔'),
};

const PASSWORD_PROP = 'importPassword';
const PASSWORD_LABEL = '密码';

function strip(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...body };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * 用户管理 list and CRUD (contract §12.1): list (data rules of system/UserList, `code`, `orgCodeTxt`), queryById,
 * add, edit, delete, deleteBatch, exportXls and importExcel over the engine's service.
 */
export function userCrudRoutes(app: FastifyInstance, kit: UserKit): void {
  const { b, svc, ctx, db, visibleUsers, endSessions } = kit;
  const auth = (action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel') => perm(permCode(userEntity, action));
  /** The routes the data rules of 用户管理 narrow (definition.ts userRuleScope). */
  const ruled = (action: 'list' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls') => ({ ...auth(action), dataRules: USER_MENU });
  const S = crudSchemas(b, {
    query: { code: qv('只列出这些用户id，以逗号分隔'), departId: qv('部门id') },
    add: SAVE_EXTRAS,
    edit: SAVE_EXTRAS,
  });

  app.get('/sys/user/list', { config: ruled('list'), schema: S.list }, async (req) => {
    // `code` (comma ids): the page is as large as the list of ids (contract §12.1)
    const q = queryParams(req);
    const codes = codeIds(q);
    return ok(await svc.list(req, codes.length ? { ...q, pageNo: '1', pageSize: String(codes.length) } : q));
  });

  app.get('/sys/user/queryById', { config: ruled('list'), schema: S.queryById }, async (req) => ok(await svc.queryById(req, param(queryParams(req), 'id'))));

  app.post('/sys/user/add', { config: auth('add'), schema: S.add }, async (req) => {
    const body = bodyObject(req.body);
    const password = body.password;
    if (password !== undefined && password !== null && typeof password !== 'string') throw new BadRequestError(MSG.passwordFormat);
    if (typeof password !== 'string' || !password.trim()) throw new BizError(USER_MSG.passwordRequired);
    if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw new BizError(USER_MSG.passwordMismatch);
    const extras: UserExtras = { password, roles: idList(body.selectedroles, 'selectedroles'), departs: idList(body.selecteddeparts, 'selecteddeparts') };
    const { values } = validateBody(b, strip(body, ADD_IGNORED), 'add');
    await svc.insert(req, values, extras);
    if (extras.roles?.length) await bumpPermissionVersion(ctx);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/edit',
    config: ruled('edit'),
    schema: S.edit,
    handler: async (req) => {
      const body = bodyObject(req.body);
      const extras: UserExtras = { roles: idList(body.selectedroles, 'selectedroles'), departs: idList(body.selecteddeparts, 'selecteddeparts') };
      const rest = strip(body, EDIT_IGNORED);
      // Empty selecteddeparts → the departIds of the body (contract §12.1).
      if (extras.departs && !extras.departs.length && typeof rest.departIds === 'string' && rest.departIds) extras.departs = splitIds(rest.departIds);
      await svc.edit(req, rest, extras);
      const id = checkId(body.id);
      invalidateUser(id);
      // roles, or departments (their department roles go with them), change what the user may do
      if (extras.roles || extras.departs) await bumpPermissionVersion(ctx);
      return okMsg(MSG.edited);
    },
  });

  const removeUsers = async (req: FastifyRequest, ids: string[]) => {
    const me = req.user!;
    if (ids.includes(me.id)) throw new BizError(USER_MSG.deleteSelf);
    const rows = await visibleUsers(req, ids);
    if (rows.some((r) => r.username === ADMIN_USERNAME)) throw new BizError(USER_MSG.deleteAdmin);
    await assertMayManage(
      db(),
      req,
      rows.map((r) => r.id),
    );
    await svc.remove(req, ids);
    await endSessions(ids);
  };

  app.delete('/sys/user/delete', { config: ruled('delete'), schema: S.delete }, async (req) => {
    const ids = splitIds(param(queryParams(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(ids.length ? MSG.deleteOneOnly : MSG.idRequired);
    await removeUsers(req, ids);
    return okMsg('删除用户成功');
  });

  app.delete('/sys/user/deleteBatch', { config: ruled('deleteBatch'), schema: S.deleteBatch }, async (req) => {
    const ids = splitIds(param(queryParams(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await removeUsers(req, ids);
    return okMsg('批量删除用户成功');
  });

  const exportXls = async (req: FastifyRequest, reply: FastifyReply) => sendWorkbook(reply, await exportWorkbook(svc, req, exportParams(req)));
  app.get('/sys/user/exportXls', { config: ruled('exportXls'), schema: { querystring: S.exportXls.querystring } }, exportXls);
  app.post('/sys/user/exportXls', { config: ruled('exportXls'), schema: S.exportXls }, exportXls);

  /** Import (contract §7.5): every row needs a `密码` column value, else `密码不能为空` for that row. */
  app.post('/sys/user/importExcel', { config: auth('importExcel'), schema: MULTIPART }, async (req) => {
    const files = await uploadedFiles(req);
    const withPassword = new CrudService(ctx, {
      ...b,
      entity: { ...b.entity, fields: [...b.entity.fields, { prop: PASSWORD_PROP, label: '密码', type: 'string' }] },
    });
    const sheets = await readAll(withPassword, files);
    const outcome = { total: 0, success: 0, errors: [] as string[] };
    for (const rows of sheets) {
      for (const row of rows) {
        const { [PASSWORD_LABEL]: pw, ...cells } = row.cells;
        addOutcome(outcome, await importRows(svc, req, [{ ...row, cells }], { password: pw } satisfies UserExtras));
      }
    }
    return importResult(ctx, outcome);
  });
}
