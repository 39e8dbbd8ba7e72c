import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { checkId, splitIds } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { ok } from '../../../core/envelope/result.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { byOrder, departNode, departTree, departWire, directoryNode, empty, matchingSubtrees, q } from './rows.js';
import { DepartTreeService } from './tree.service.js';
import { MSG } from '../../../core/messages.js';
import { DEPART_MSG } from './definition.js';
import { queryOf } from '../../../core/http/routeSchemas.js';

/**
 * Department tree reads (contract §12.3): queryTreeList, queryDepartTreeSync, queryIdTree, searchBy,
 * queryMyDeptTreeList, queryAllParentId, listAll, queryTreeByKeyWord and getDepartName.
 */
export function departTreeRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;
  const svc = new DepartTreeService(ctx);
  const all = () => svc.all();
  // 通讯录 (user:addressList) shows the department tree beside its users (contract §12.1).
  const READ_TREE_CODES = [PERM.depart.list, PERM.depart.my, PERM.user.list, PERM.user.add, PERM.user.edit, PERM.user.addressList];
  const readTree = perm(...READ_TREE_CODES);
  // The department and user-by-department pickers (001 §2) sit on any screen's form, so the two reads they make
  // (the whole tree, the name search) are open to every signed-in user: department names, codes and the tree shape
  // are directory information, like the address book. Every write stays guarded.
  // Callers without a department-reading code get the directory fields only (rows.ts directoryNode).
  const pickerTree = SIGNED_IN;
  const nodeFor = async (req: FastifyRequest) => {
    const codes = await app.authn.permissionCodes(req.user!);
    return READ_TREE_CODES.some((c) => codes.has(c)) ? departNode : directoryNode;
  };

  app.get('/sys/sysDepart/queryTreeList', { config: pickerTree, schema: { querystring: queryOf({ ids: '只给出这些部门id，以逗号分隔' }) } }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    const rows = await all();
    const node = await nodeFor(req);
    if (ids.length) {
      const withKids = new Set(rows.filter((r) => !empty(r.parent_id)).map((r) => r.parent_id));
      return ok(
        rows
          .filter((r) => ids.includes(r.id))
          .sort(byOrder)
          .map((r) => node(r, !withKids.has(r.id))),
      );
    }
    return ok(departTree(rows, node));
  });

  app.get(
    '/sys/sysDepart/queryDepartTreeSync',
    { config: readTree, schema: { querystring: queryOf({ pid: '上级部门id（不给则为顶级）', ids: '部门id，以逗号分隔' }) } },
    async (req) => {
      const pidRaw = param(q(req), 'pid')?.trim();
      const pid = pidRaw ? checkId(pidRaw) : null;
      const ids = splitIds(param(q(req), 'ids'));
      const rows = await svc.level(ids, pid);
      const parents = await svc.withChildren(rows.map((r) => r.id));
      return ok(rows.sort((a, b) => byOrder(b, a)).map((r) => departNode(r, !parents.has(r.id))));
    },
  );

  app.get('/sys/sysDepart/queryIdTree', { config: readTree }, async () =>
    ok(departTree(await all(), (r, leaf) => ({ key: r.id, value: r.id, title: r.depart_name, isLeaf: leaf, children: null }))),
  );

  app.get(
    '/sys/sysDepart/searchBy',
    { config: pickerTree, schema: { querystring: queryOf({ keyWord: '部门名称关键字', myDeptSearch: '只搜本人的部门（任意值）' }, ['keyWord']) } },
    async (req) => {
      const kw = param(q(req), 'keyWord')?.trim();
      if (!kw) throw new BadRequestError(DEPART_MSG.keyWordRequired);
      const rows = await svc.search(req, kw, !!param(q(req), 'myDeptSearch'));
      const parents = await svc.withChildren(rows.map((r) => r.id));
      const node = await nodeFor(req);
      return ok(rows.sort(byOrder).map((r) => node(r, !parents.has(r.id))));
    },
  );

  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: SIGNED_IN }, async (req) => {
    const { rows, identity } = await svc.mine(req);
    if (!rows.length) return ok(null, '1');
    return ok(departTree(rows), identity === 2 ? '2' : '1');
  });

  app.get(
    '/sys/sysDepart/queryAllParentId',
    { config: readTree, schema: { querystring: queryOf({ departId: '部门id，以逗号分隔', orgCode: '部门编码，以逗号分隔' }) } },
    async (req) => {
      const depRaw = param(q(req), 'departId')?.trim();
      const orgCode = param(q(req), 'orgCode')?.trim();
      if (!depRaw && !orgCode) throw new BizError('departId 和 orgCode 不能都为空！');
      const rows = await all();
      const byId = new Map(rows.map((r) => [r.id, r]));
      const out: Record<string, string[]> = {};
      const starts = depRaw
        ? splitIds(depRaw)
        : orgCode!
            .split(',')
            .map((c) => rows.find((r) => r.org_code === c.trim())?.id)
            .filter((x): x is string => !!x);
      for (const id of starts) {
        const chain: string[] = [];
        let cur = byId.get(id);
        for (let d = 0; cur && !empty(cur.parent_id) && d < 64; d++) {
          chain.unshift(cur.parent_id as string);
          cur = byId.get(cur.parent_id as string);
        }
        out[id] = chain;
      }
      return ok(out);
    },
  );

  /** The departments (or those of `id`, comma ids) as a flat list ordered by org code. */
  app.get('/sys/sysDepart/listAll', { config: readTree, schema: { querystring: queryOf({ id: '部门id，以逗号分隔' }) } }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    return ok((await svc.list(ids)).map(departWire));
  });

  /**
   * `{departList, userList}`: the subtrees of the departments whose name contains `keyWord`, and the users whose
   * account or name contains it (safe fields, as the pickers; at most 1000).
   */
  app.get('/sys/sysDepart/queryTreeByKeyWord', { config: readTree, schema: { querystring: queryOf({ keyWord: '关键字' }, ['keyWord']) } }, async (req) => {
    const kw = param(q(req), 'keyWord')?.trim();
    if (!kw) throw new BadRequestError(DEPART_MSG.keyWordRequired);
    const departList = matchingSubtrees(departTree(await all()), kw);
    return ok({ departList, userList: await svc.usersMatching(req, kw) });
  });

  /** The department of `orgCode`, or null. */
  app.get('/sys/sysDepart/getDepartName', { config: readTree, schema: { querystring: queryOf({ orgCode: '部门编码' }, ['orgCode']) } }, async (req) => {
    const orgCode = param(q(req), 'orgCode')?.trim();
    if (!orgCode) throw new BadRequestError(MSG.orgCodeRequired);
    const row = await svc.byOrgCode(orgCode);
    return ok(row ? departWire(row) : null);
  });
}
