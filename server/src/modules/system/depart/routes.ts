import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { bumpPermissionVersion } from '../../../core/auth/index.js';
import { checkId, splitIds, toWire, validateBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { likeExpr, param, type RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import type { Database, SysDepartTable } from '../../../db/schema.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { allMenus, idList, nest, ruleWire, saveGrants, sortRows, treeModel } from '../permission/menu.service.js';
import { assertCanGrantPermissions, assertNotSelf } from '../role/escalation.js';
import { userScope } from '../user/definition.js';
import { departExcelRoutes } from './excel.routes.js';
import { DEPART_MSG, departResolved, departRoleResolved, nextOrgCode } from './definition.js';

type DepartRow = Selectable<SysDepartTable>;
type Trx = Kysely<Database>;

const empty = (s: unknown) => s === null || s === undefined || s === '';
const UNIQUE_ERRORS = new Set(['23505', 'ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT']);

/** SysDepart on the wire plus the tree keys (contract §12.3). */
function departWire(r: DepartRow): Record<string, unknown> {
  const w = toWire(departResolved, r as unknown as Record<string, unknown>);
  w.delFlag = r.del_flag;
  return w;
}
function departNode(r: DepartRow, isLeaf: boolean): Record<string, unknown> {
  return { ...departWire(r), key: r.id, value: r.id, title: r.depart_name, isLeaf, children: null };
}
function byOrder(a: DepartRow, b: DepartRow): number {
  const oa = Number(a.depart_order ?? 0);
  const ob = Number(b.depart_order ?? 0);
  if (oa !== ob) return oa - ob;
  return a.org_code < b.org_code ? -1 : a.org_code > b.org_code ? 1 : 0;
}

/** Nest departments (roots = empty parent or parent not in the set), ordered by depart_order; children null on leaves. */
function departTree(rows: DepartRow[], node: (r: DepartRow, leaf: boolean) => Record<string, unknown> = departNode): Record<string, unknown>[] {
  const sorted = [...rows].sort(byOrder);
  const ids = new Set(sorted.map((r) => r.id));
  const kids = new Map<string, DepartRow[]>();
  for (const r of sorted) {
    if (empty(r.parent_id) || !ids.has(r.parent_id as string)) continue;
    const l = kids.get(r.parent_id as string);
    if (l) l.push(r);
    else kids.set(r.parent_id as string, [r]);
  }
  const build = (r: DepartRow, depth: number): Record<string, unknown> => {
    const c = kids.get(r.id);
    const n = node(r, !c?.length);
    if (c?.length && depth < 32) n.children = c.map((x) => build(x, depth + 1));
    return n;
  };
  return sorted.filter((r) => empty(r.parent_id) || !ids.has(r.parent_id as string)).map((r) => build(r, 0));
}

function bodyObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('请求内容必须是JSON对象');
  return body as Record<string, unknown>;
}

async function descendantsOf(trx: Trx, ids: string[]): Promise<string[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let d = 0; frontier.length && d < 64; d++) {
    const rows = await trx.selectFrom('sys_depart').select('id').where('parent_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((i) => !all.has(i));
    for (const i of frontier) all.add(i);
  }
  return [...all];
}

/**
 * `/sys/sysDepart/*` (contract §12.3), department users (`/sys/user/*Depart*`), department permissions,
 * department roles (`/sys/sysDepartRole/*`, `/sys/sysDepartPermission/*`).
 */
export async function departModule(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = ctx.db.db;
  const q = (req: { query: unknown }) => req.query as RawParams;
  // 通讯录 (user:addressList) shows the department tree beside its users (contract §12.1).
  const readTree = perm(PERM.depart.list, PERM.depart.my, PERM.user.list, PERM.user.add, PERM.user.edit, PERM.user.addressList);
  await app.register(departExcelRoutes);
  const all = () => db.selectFrom('sys_depart').selectAll().execute();
  const requireDepart = async (trx: Trx, id: string): Promise<DepartRow> => {
    const d = await trx.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirst();
    if (!d) throw new BizError(MSG.notFound);
    return d;
  };

  app.get('/sys/sysDepart/queryTreeList', { config: readTree }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    const rows = await all();
    if (ids.length) {
      const withKids = new Set(rows.filter((r) => !empty(r.parent_id)).map((r) => r.parent_id));
      return ok(rows.filter((r) => ids.includes(r.id)).sort(byOrder).map((r) => departNode(r, !withKids.has(r.id))));
    }
    return ok(departTree(rows));
  });

  app.get('/sys/sysDepart/queryDepartTreeSync', { config: readTree }, async (req) => {
    const pidRaw = param(q(req), 'pid')?.trim();
    const pid = pidRaw ? checkId(pidRaw) : null;
    const ids = splitIds(param(q(req), 'ids'));
    const rows = await db
      .selectFrom('sys_depart')
      .selectAll()
      .where((eb) => (ids.length ? eb('id', 'in', ids) : pid ? eb('parent_id', '=', pid) : eb.or([eb('parent_id', 'is', null), eb('parent_id', '=', '')])))
      .execute();
    const parents = rows.length
      ? new Set((await db.selectFrom('sys_depart').select('parent_id').where('parent_id', 'in', rows.map((r) => r.id)).execute()).map((r) => r.parent_id))
      : new Set();
    return ok(rows.sort((a, b) => byOrder(b, a)).map((r) => departNode(r, !parents.has(r.id))));
  });

  app.get('/sys/sysDepart/queryIdTree', { config: readTree }, async () =>
    ok(departTree(await all(), (r, leaf) => ({ key: r.id, value: r.id, title: r.depart_name, isLeaf: leaf, children: null }))),
  );

  app.get('/sys/sysDepart/searchBy', { config: readTree }, async (req) => {
    const kw = param(q(req), 'keyWord')?.trim();
    if (!kw) throw new BadRequestError('keyWord不能为空');
    let sel = db.selectFrom('sys_depart').selectAll().where(likeExpr('depart_name', 'like', kw, ctx.db.dialect));
    if (param(q(req), 'myDeptSearch')) {
      const mine = await myDepartIds(req);
      if (!mine.length) throw new BizError(DEPART_MSG.noMatch);
      sel = sel.where('id', 'in', mine);
    }
    const rows = await sel.limit(1000).execute();
    if (!rows.length) throw new BizError(DEPART_MSG.noMatch);
    const parents = new Set((await db.selectFrom('sys_depart').select('parent_id').where('parent_id', 'in', rows.map((r) => r.id)).execute()).map((r) => r.parent_id));
    return ok(rows.sort(byOrder).map((r) => departNode(r, !parents.has(r.id))));
  });

  /** Departments the caller heads (depart_ids, identity 2) or belongs to (sys_user_depart), with their descendants. */
  async function myDepartIds(req: FastifyRequest): Promise<string[]> {
    const u = await db.selectFrom('sys_user').select(['user_identity', 'depart_ids']).where('id', '=', req.user!.id).executeTakeFirst();
    const ids = new Set<string>();
    if (Number(u?.user_identity) === 2) for (const i of (u?.depart_ids ?? '').split(',')) if (i.trim()) ids.add(i.trim());
    for (const r of await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', req.user!.id).execute()) if (r.dep_id) ids.add(r.dep_id);
    if (!ids.size) return [];
    return descendantsOf(db, [...ids]);
  }

  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: SIGNED_IN }, async (req) => {
    const u = await db.selectFrom('sys_user').select('user_identity').where('id', '=', req.user!.id).executeTakeFirst();
    const ids = await myDepartIds(req);
    if (!ids.length) return ok(null, '1');
    const rows = await db.selectFrom('sys_depart').selectAll().where('id', 'in', ids).execute();
    return ok(departTree(rows), Number(u?.user_identity) === 2 ? '2' : '1');
  });

  app.post('/sys/sysDepart/add', { config: perm(PERM.depart.add) }, async (req) => {
    const { values } = validateBody(departResolved, req.body, 'add');
    const parentId = empty(values.parentId) ? null : checkId(values.parentId);
    for (let attempt = 0; ; attempt++) {
      try {
        await db.transaction().execute(async (trx) => {
          let parentCode = '';
          if (parentId) parentCode = (await trx.selectFrom('sys_depart').select('org_code').where('id', '=', parentId).executeTakeFirst().then((p) => {
            if (!p) throw new BizError(DEPART_MSG.parentMissing);
            return p.org_code;
          }));
          const siblings = await trx.selectFrom('sys_depart').select('org_code').where('org_code', 'like', `${parentCode}%`).execute();
          const code = nextOrgCode(parentCode, siblings.map((s) => s.org_code));
          const row: Record<string, unknown> = {};
          for (const [k, v] of Object.entries(values)) if (v !== undefined) row[departResolved.columnOf(k)] = v;
          await trx
            .insertInto('sys_depart')
            .values({
              org_category: '1',
              status: '1',
              depart_order: 0,
              ...row,
              id: newId(),
              parent_id: parentId ?? '',
              org_code: code,
              org_type: String(code.length / 3),
              del_flag: '0',
              create_by: req.user?.username ?? null,
              create_time: now(),
            } as never)
            .execute();
        });
        break;
      } catch (e) {
        if (attempt < 3 && UNIQUE_ERRORS.has(String((e as { code?: unknown }).code ?? ''))) continue;
        throw e;
      }
    }
    return okMsg('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: perm(PERM.depart.edit),
    handler: async (req) => {
      const { id, values } = validateBody(departResolved, req.body, 'edit');
      // The code scheme ties a department to its parent: parent and code are fixed after creation.
      delete values.parentId;
      await db.transaction().execute(async (trx) => {
        await requireDepart(trx, id!);
        const row: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) if (v !== undefined) row[departResolved.columnOf(k)] = v;
        await trx
          .updateTable('sys_depart')
          .set({ ...row, update_by: req.user?.username ?? null, update_time: now() } as never)
          .where('id', '=', id!)
          .execute();
      });
      return okMsg('修改成功!');
    },
  });

  async function deleteDeparts(ids: string[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('sys_depart').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new BizError(MSG.notFound);
      const allIds = await descendantsOf(trx, ids);
      const roleIds = (await trx.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', allIds).execute()).map((r) => r.id);
      if (roleIds.length) {
        await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roleIds).execute();
        await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', roleIds).execute();
      }
      await trx.deleteFrom('sys_depart_role_permission').where('depart_id', 'in', allIds).execute();
      await trx.deleteFrom('sys_depart_role').where('depart_id', 'in', allIds).execute();
      await trx.deleteFrom('sys_depart_permission').where('depart_id', 'in', allIds).execute();
      await trx.deleteFrom('sys_user_depart').where('dep_id', 'in', allIds).execute();
      await trx.deleteFrom('sys_depart').where('id', 'in', allIds).execute();
    });
    await bumpPermissionVersion(ctx);
  }

  app.delete('/sys/sysDepart/delete', { config: perm(PERM.depart.delete) }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError('id不能为空');
    await deleteDeparts(ids);
    return okMsg('删除成功!');
  });

  app.delete('/sys/sysDepart/deleteBatch', { config: perm(PERM.depart.delete) }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteDeparts(ids);
    return okMsg('删除成功!');
  });

  app.get('/sys/sysDepart/queryAllParentId', { config: readTree }, async (req) => {
    const depRaw = param(q(req), 'departId')?.trim();
    const orgCode = param(q(req), 'orgCode')?.trim();
    if (!depRaw && !orgCode) throw new BizError('departId 和 orgCode 不能都为空！');
    const rows = await all();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: Record<string, string[]> = {};
    const starts = depRaw ? splitIds(depRaw) : orgCode!.split(',').map((c) => rows.find((r) => r.org_code === c.trim())?.id).filter((x): x is string => !!x);
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
  });

  // --- department data rules (perm depart:authorize) ---
  app.get('/sys/sysDepartPermission/datarule/:permissionId/:departId', { config: perm(PERM.depart.authorize) }, async (req) => {
    const prm = req.params as { permissionId?: string; departId?: string };
    const permissionId = checkId(prm.permissionId);
    const departId = checkId(prm.departId);
    const rules = await db.selectFrom('sys_permission_data_rule').selectAll().where('permission_id', '=', permissionId).where('status', '=', '1').orderBy('create_time').orderBy('id').execute();
    if (!rules.length) throw new BizError('未找到权限配置信息');
    const out: Record<string, unknown> = { datarule: rules.map(ruleWire) };
    const grant = await db.selectFrom('sys_depart_permission').select('data_rule_ids').where('depart_id', '=', departId).where('permission_id', '=', permissionId).executeTakeFirst();
    if (grant?.data_rule_ids) out.drChecked = grant.data_rule_ids;
    return ok(out);
  });

  app.post('/sys/sysDepartPermission/datarule', { config: perm(PERM.depart.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const permissionId = checkId(body.permissionId);
    const departId = checkId(body.departId);
    const ruleIds = idList(body.dataRuleIds, 'dataRuleIds');
    await db.transaction().execute(async (trx) => {
      const grant = await trx.selectFrom('sys_depart_permission').select('id').where('depart_id', '=', departId).where('permission_id', '=', permissionId).executeTakeFirst();
      if (!grant) throw new BizError('请先保存部门菜单权限!');
      if (ruleIds.length) {
        const known = await trx.selectFrom('sys_permission_data_rule').select('id').where('id', 'in', ruleIds).where('permission_id', '=', permissionId).execute();
        if (known.length !== ruleIds.length) throw new BizError('未找到权限配置信息');
      }
      await trx.updateTable('sys_depart_permission').set({ data_rule_ids: ruleIds.length ? ruleIds.join(',') : null }).where('id', '=', grant.id).execute();
    });
    return okMsg('保存成功!');
  });

  // --- department users (perm depart:users) ---
  app.post('/sys/user/editSysDepartWithUser', { config: perm(PERM.depart.users) }, async (req) => {
    const body = bodyObject(req.body);
    const depId = checkId(body.depId);
    const userIds = idList(body.userIdList, 'userIdList');
    if (!userIds.length) throw new BadRequestError('userIdList不能为空');
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, depId);
      const users = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', 'in', userIds)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .execute();
      if (users.length !== userIds.length) throw new BizError('未找到用户信息');
      const have = new Set((await trx.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute()).map((r) => r.user_id));
      const rows = userIds.filter((u) => !have.has(u)).map((u) => ({ id: newId(), user_id: u, dep_id: depId }));
      if (rows.length) await trx.insertInto('sys_user_depart').values(rows).execute();
    });
    return okMsg('添加成功!');
  });

  async function removeFromDepart(req: FastifyRequest, depId: string, raw: string[]): Promise<void> {
    if (!raw.length) throw new BadRequestError('userId不能为空');
    // Only users the caller may see (tenant scope, security §1.11).
    const userIds = (await db.selectFrom('sys_user').select('id').where('id', 'in', raw).where((eb) => userScope(eb, req)).execute()).map((r) => r.id);
    if (!userIds.length) throw new BizError(DEPART_MSG.notLinked);
    await db.transaction().execute(async (trx) => {
      const linked = await trx.selectFrom('sys_user_depart').select('id').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute();
      if (!linked.length) throw new BizError(DEPART_MSG.notLinked);
      await trx.deleteFrom('sys_user_depart').where('dep_id', '=', depId).where('user_id', 'in', userIds).execute();
      await trx
        .deleteFrom('sys_depart_role_user')
        .where('user_id', 'in', userIds)
        .where('drole_id', 'in', trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', depId))
        .execute();
    });
    await bumpPermissionVersion(ctx);
  }
  app.delete('/sys/user/deleteUserInDepart', { config: perm(PERM.depart.users) }, async (req) => {
    await removeFromDepart(req, checkId(param(q(req), 'depId')), idList(param(q(req), 'userId'), 'userId'));
    return okMsg('删除成功!');
  });
  app.delete('/sys/user/deleteUserInDepartBatch', { config: perm(PERM.depart.users) }, async (req) => {
    await removeFromDepart(req, checkId(param(q(req), 'depId')), idList(param(q(req), 'userIds'), 'userIds'));
    return okMsg('删除成功!');
  });

  // --- department permissions (perm depart:authorize) ---
  app.get('/sys/permission/queryDepartPermission', { config: perm(PERM.depart.authorize) }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    return ok((await db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id));
  });

  app.post('/sys/permission/saveDepartPermission', { config: perm(PERM.depart.authorize) }, async (req) => {
    const body = bodyObject(req.body);
    const departId = checkId(body.departId);
    const next = idList(body.permissionIds, 'permissionIds');
    const last = idList(body.lastpermissionIds, 'lastpermissionIds');
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, departId);
      await assertCanGrantPermissions(trx, req, next.filter((i) => !last.includes(i)));
      await saveGrants(trx, 'sys_depart_permission', { column: 'depart_id', value: departId }, next, last);
      // A department role cannot keep what its department lost.
      const removed = last.filter((i) => !next.includes(i));
      if (removed.length) await trx.deleteFrom('sys_depart_role_permission').where('depart_id', '=', departId).where('permission_id', 'in', removed).execute();
    });
    await bumpPermissionVersion(ctx);
    return okMsg('保存成功！');
  });

  // --- department roles (perm depart:roles) ---
  const roles = perm(PERM.depart.roles);
  const roleWire = (r: Record<string, unknown>) => toWire(departRoleResolved, r);

  app.get('/sys/sysDepartRole/list', { config: roles }, async (req) => {
    const p = q(req);
    const deptRaw = (param(p, 'deptId') ?? param(p, 'departId'))?.trim();
    const deptId = deptRaw ? checkId(deptRaw) : null;
    const roleName = param(p, 'roleName')?.trim();
    const pageNo = Math.max(1, Number(/^\d{1,6}$/.test(param(p, 'pageNo') ?? '') ? param(p, 'pageNo') : 1));
    let pageSize = Number(/^-?\d{1,6}$/.test(param(p, 'pageSize') ?? '') ? param(p, 'pageSize') : 10);
    if (pageSize <= 0 || pageSize > 10000) pageSize = 10000;
    const base = db
      .selectFrom('sys_depart_role')
      .$if(!!deptId, (s) => s.where('depart_id', '=', deptId!))
      .$if(!!roleName, (s) => s.where(likeExpr('role_name', 'like', roleName!, ctx.db.dialect)));
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base.selectAll().orderBy('create_time', 'desc').orderBy('id').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
    return ok(page(rows.map((r) => roleWire(r as unknown as Record<string, unknown>)), total, pageNo, pageSize));
  });

  const checkRoleCode = async (trx: Trx, departId: string, code: string, id: string | null) => {
    let s = trx.selectFrom('sys_depart_role').select('id').where('depart_id', '=', departId).where('role_code', '=', code);
    if (id) s = s.where('id', '<>', id);
    if (await s.limit(1).executeTakeFirst()) throw new BizError(DEPART_MSG.roleCodeUsed);
  };

  app.post('/sys/sysDepartRole/add', { config: roles }, async (req) => {
    const { values } = validateBody(departRoleResolved, req.body, 'add');
    const departId = checkId(values.departId);
    await db.transaction().execute(async (trx) => {
      await requireDepart(trx, departId);
      await checkRoleCode(trx, departId, values.roleCode as string, null);
      await trx
        .insertInto('sys_depart_role')
        .values({
          id: newId(),
          depart_id: departId,
          role_name: values.roleName as string,
          role_code: values.roleCode as string,
          description: (values.description as string | null) ?? null,
          create_by: req.user?.username ?? null,
          create_time: now(),
        })
        .execute();
    });
    return okMsg('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: roles,
    handler: async (req) => {
      const { id, values } = validateBody(departRoleResolved, req.body, 'edit');
      delete values.departId; // a role stays in its department
      await db.transaction().execute(async (trx) => {
        const cur = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', id!).executeTakeFirst();
        if (!cur) throw new BizError(MSG.notFound);
        if (values.roleCode) await checkRoleCode(trx, cur.depart_id ?? '', values.roleCode as string, id);
        const set: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(values)) if (v !== undefined) set[departRoleResolved.columnOf(k)] = v;
        await trx.updateTable('sys_depart_role').set({ ...set, update_by: req.user?.username ?? null, update_time: now() }).where('id', '=', id!).execute();
      });
      await bumpPermissionVersion(ctx);
      return okMsg('修改成功!');
    },
  });

  async function deleteDeptRoles(ids: string[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const found = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', ids).execute();
      if (found.length !== ids.length) throw new BizError(MSG.notFound);
      await trx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role_permission').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_depart_role').where('id', 'in', ids).execute();
    });
    await bumpPermissionVersion(ctx);
  }
  app.delete('/sys/sysDepartRole/delete', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError('id不能为空');
    await deleteDeptRoles(ids);
    return okMsg('删除成功!');
  });
  app.delete('/sys/sysDepartRole/deleteBatch', { config: roles }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteDeptRoles(ids);
    return okMsg('删除成功!');
  });

  app.get('/sys/sysDepartRole/getDeptRoleList', { config: roles }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    const rows = await db.selectFrom('sys_depart_role').selectAll().where('depart_id', '=', departId).orderBy('create_time').orderBy('id').execute();
    return ok(rows.map((r) => roleWire(r as unknown as Record<string, unknown>)));
  });

  app.get('/sys/sysDepartRole/getDeptRoleByUserId', { config: roles }, async (req) => {
    const userId = checkId(param(q(req), 'userId'));
    const departRaw = param(q(req), 'departId')?.trim();
    let s = db.selectFrom('sys_depart_role_user as u').innerJoin('sys_depart_role as r', 'r.id', 'u.drole_id').where('u.user_id', '=', userId).select(['u.id', 'u.user_id', 'u.drole_id']);
    if (departRaw) s = s.where('r.depart_id', '=', checkId(departRaw));
    return ok((await s.execute()).map((r) => ({ id: r.id, userId: r.user_id, droleId: r.drole_id })));
  });

  app.post('/sys/sysDepartRole/deptRoleUserAdd', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const userId = checkId(body.userId);
    const next = idList(body.newRoleId, 'newRoleId');
    const last = idList(body.oldRoleId, 'oldRoleId');
    assertNotSelf(req, userId);
    await db.transaction().execute(async (trx) => {
      const u = await trx
        .selectFrom('sys_user')
        .select('id')
        .where('id', '=', userId)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .executeTakeFirst();
      if (!u) throw new BizError('未找到用户信息');
      const add = next.filter((i) => !last.includes(i));
      const del = last.filter((i) => !next.includes(i));
      if (add.length) {
        const known = await trx.selectFrom('sys_depart_role').select('id').where('id', 'in', add).execute();
        if (known.length !== add.length) throw new BizError(MSG.notFound);
        const have = new Set((await trx.selectFrom('sys_depart_role_user').select('drole_id').where('user_id', '=', userId).where('drole_id', 'in', add).execute()).map((r) => r.drole_id));
        const rows = add.filter((i) => !have.has(i)).map((i) => ({ id: newId(), user_id: userId, drole_id: i }));
        if (rows.length) await trx.insertInto('sys_depart_role_user').values(rows).execute();
      }
      if (del.length) await trx.deleteFrom('sys_depart_role_user').where('user_id', '=', userId).where('drole_id', 'in', del).execute();
    });
    await bumpPermissionVersion(ctx);
    return okMsg('添加成功!');
  });

  app.get('/sys/sysDepartPermission/queryTreeListForDeptRole', { config: roles }, async (req) => {
    const departId = checkId(param(q(req), 'departId'));
    const granted = new Set((await db.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', departId).execute()).map((r) => r.permission_id));
    const rows = (await allMenus(ctx)).filter((r) => granted.has(r.id));
    return ok({ treeList: nest(rows, treeModel), ids: sortRows(rows).map((r) => r.id) });
  });

  app.get('/sys/sysDepartPermission/queryDeptRolePermission', { config: roles }, async (req) => {
    const roleId = checkId(param(q(req), 'roleId'));
    return ok((await db.selectFrom('sys_depart_role_permission').select('permission_id').where('role_id', '=', roleId).execute()).map((r) => r.permission_id));
  });

  app.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: roles }, async (req) => {
    const body = bodyObject(req.body);
    const roleId = checkId(body.roleId);
    const next = idList(body.permissionIds, 'permissionIds');
    const last = idList(body.lastpermissionIds, 'lastpermissionIds');
    await db.transaction().execute(async (trx) => {
      const role = await trx.selectFrom('sys_depart_role').select(['id', 'depart_id']).where('id', '=', roleId).executeTakeFirst();
      if (!role) throw new BizError(MSG.notFound);
      const allowed = new Set((await trx.selectFrom('sys_depart_permission').select('permission_id').where('depart_id', '=', role.depart_id ?? '').execute()).map((r) => r.permission_id));
      if (next.filter((i) => !last.includes(i)).some((i) => !allowed.has(i))) throw new BizError('只能授予部门已有的权限');
      await assertCanGrantPermissions(trx, req, next.filter((i) => !last.includes(i)));
      await saveGrants(trx, 'sys_depart_role_permission', { column: 'role_id', value: roleId }, next, last, { depart_id: role.depart_id });
    });
    await bumpPermissionVersion(ctx);
    return okMsg('保存成功！');
  });
}
