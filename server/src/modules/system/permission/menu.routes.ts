import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { splitIds } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { param, queryParams } from '../../../core/query/index.js';
import { checkId } from '../../../core/crud/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { MENU_BODY_PROPS } from './menu.body.js';
import { MENU_MSG } from './menu.common.js';
import { addMenu, allMenus, childMenus, deleteMenus, menusUnder, editMenu } from './menu.service.js';
import { menuTreeNode, nest, sortRows, treeModel } from './menu.tree.js';
import { RULE_BODY_PROPS, addRule, deleteRule, editRule, findRules, rulesOfMenu, ruleWire, type RuleFilterColumn } from './dataRule.service.js';
import { bodyOf, ID_QUERY, IDS_QUERY, prop, queryOf } from '../../../core/http/routeSchemas.js';

const menuProps = Object.fromEntries(Object.entries(MENU_BODY_PROPS).map(([k, d]) => [k, prop(d.type, k, d.maxLength ? { maxLength: d.maxLength } : {})]));
const ruleProps = Object.fromEntries(Object.entries(RULE_BODY_PROPS).map(([k, max]) => [k, prop('string', k, { maxLength: max })]));
/** Menu and data-rule bodies (the services check them: `未知字段`, `菜单名称不能为空`…). */
const MENU_BODY = {
  add: bodyOf(menuProps, { required: ['name', 'menuType'] }),
  edit: bodyOf({ id: '菜单id', ...menuProps }, { required: ['id'] }),
};
const RULE_BODY = {
  add: bodyOf(ruleProps, { required: ['permissionId', 'ruleColumn'] }),
  edit: bodyOf({ id: '规则id', ...ruleProps }, { required: ['id'] }),
};

/** Grant screens (role / department / department-role authorisation) read the menu tree too. */
export const TREE_READERS = [PERM.permission.list, PERM.role.authorize, PERM.depart.authorize, PERM.depart.roles] as const;

/** 菜单管理 and data rules: contract §4.2–4.4 (`/sys/permission/*`). */
export async function menuModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const q = queryParams;

  app.get('/sys/permission/list', { config: perm(PERM.permission.list) }, async () => ok(nest(await allMenus(ctx), menuTreeNode)));

  app.get('/sys/permission/getSystemMenuList', { config: perm(PERM.permission.list) }, async () =>
    ok(sortRows((await allMenus(ctx)).filter((r) => Number(r.menu_type) === 0 && r.menu_type !== null)).map(menuTreeNode)),
  );

  app.get(
    '/sys/permission/getSystemSubmenu',
    { config: perm(PERM.permission.list), schema: { querystring: queryOf({ parentId: '上级菜单id' }, ['parentId']) } },
    async (req) => {
      const parentId = checkId(param(q(req), 'parentId'));
      return ok(sortRows(await childMenus(ctx, [parentId])).map(menuTreeNode));
    },
  );

  app.get(
    '/sys/permission/getSystemSubmenuBatch',
    { config: perm(PERM.permission.list), schema: { querystring: queryOf({ parentIds: '上级菜单id，以逗号分隔' }, ['parentIds']) } },
    async (req) => {
      const ids = splitIds(param(q(req), 'parentIds'));
      if (!ids.length) throw new BizError('批量查询子菜单失败：parentIds不能为空');
      const rows = await childMenus(ctx, ids);
      const out: Record<string, unknown[]> = {};
      for (const id of ids) out[id] = [];
      for (const r of sortRows(rows)) out[r.parent_id as string].push(menuTreeNode(r));
      return ok(out);
    },
  );

  app.get(
    '/sys/permission/queryListAsync',
    { config: perm(PERM.permission.list), schema: { querystring: queryOf({ pid: '上级菜单id（不给则为顶级）' }) } },
    async (req) => {
      const raw = param(q(req), 'pid')?.trim();
      const pid = raw ? checkId(raw) : null;
      const rows = await menusUnder(ctx, pid);
      if (!rows.length) throw new BizError(MENU_MSG.roleNotFound);
      return ok(sortRows(rows).map(treeModel));
    },
  );

  app.get('/sys/permission/queryTreeList', { config: perm(...TREE_READERS) }, async () => {
    const rows = await allMenus(ctx);
    return ok({ treeList: nest(rows, treeModel), ids: sortRows(rows).map((r) => r.id) });
  });

  app.post('/sys/permission/add', { config: perm(PERM.permission.add), schema: { body: MENU_BODY.add } }, async (req) => {
    await addMenu(ctx, req, req.body);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: perm(PERM.permission.edit),
    schema: { body: MENU_BODY.edit },
    handler: async (req) => {
      await editMenu(ctx, req, req.body);
      return okMsg('修改成功！');
    },
  });

  app.delete('/sys/permission/delete', { config: perm(PERM.permission.delete), schema: { querystring: ID_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await deleteMenus(ctx, ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/permission/deleteBatch', { config: perm(PERM.permission.delete), schema: { querystring: IDS_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteMenus(ctx, ids);
    return okMsg(MSG.deleted);
  });

  // Data rules
  const ruleRead = perm(PERM.permission.dataRule, PERM.role.authorize);
  app.get(
    '/sys/permission/getPermRuleListByPermId',
    { config: ruleRead, schema: { querystring: queryOf({ permissionId: '菜单id' }, ['permissionId']) } },
    async (req) => {
      const pid = checkId(param(q(req), 'permissionId'));
      return ok((await rulesOfMenu(ctx, pid)).map(ruleWire));
    },
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: ruleRead,
      schema: {
        querystring: queryOf({
          permissionId: '菜单id',
          ruleName: '规则名称',
          ruleColumn: '规则字段',
          ruleConditions: '条件',
          ruleValue: '规则值',
          status: '状态',
        }),
      },
    },
    async (req) => {
      const p = q(req);
      const filters: Array<[RuleFilterColumn, string]> = [];
      for (const [prop, col] of [
        ['permissionId', 'permission_id'],
        ['ruleName', 'rule_name'],
        ['ruleColumn', 'rule_column'],
        ['ruleConditions', 'rule_conditions'],
        ['ruleValue', 'rule_value'],
        ['status', 'status'],
      ] as const) {
        const v = param(p, prop)?.trim();
        if (v) filters.push([col, v]);
      }
      return ok((await findRules(ctx, filters)).map(ruleWire));
    },
  );

  app.post('/sys/permission/addPermissionRule', { config: perm(PERM.permission.dataRule), schema: { body: RULE_BODY.add } }, async (req) => {
    await addRule(ctx, req, req.body);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: perm(PERM.permission.dataRule),
    schema: { body: RULE_BODY.edit },
    handler: async (req) => {
      await editRule(ctx, req, req.body);
      return okMsg('更新成功！');
    },
  });

  app.delete('/sys/permission/deletePermissionRule', { config: perm(PERM.permission.dataRule), schema: { querystring: ID_QUERY } }, async (req) => {
    await deleteRule(ctx, req, param(q(req), 'id'));
    return okMsg(MSG.deletedWide);
  });
}
