import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import type { RouteAuth } from '../src/core/access/types.js';
import { hashPassword } from '../src/core/auth/password.js';
import { listSessions } from '../src/core/auth/session.js';
import { newId } from '../src/core/id.js';
import { now } from '../src/core/time.js';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { createTestApp, TEST_API_PREFIX } from './harness.js';
import { bareUser, fastUser, nextSeq, registeredRoutes, xlsxUpload } from './helpers/iamFixtures.js';

/**
 * Issue 3 point 9: the permission matrix of every identity-and-access endpoint (contract §4, §12.1–§12.5, §12.8;
 * security §1.2, §1.14). Table-driven: each route of these modules has a fixture making a valid request.
 *  - The fixture table and the registered routes must match exactly: a new route without a fixture fails here.
 *  - The declared codes must equal the fixture's (a silently widened route fails here).
 *  - A user holding every other code of these modules gets 510 and the database (and the sessions) stay unchanged.
 *  - A user holding just one of the route's codes succeeds (each code is tried).
 */
const MODULE_PREFIX = /^\/sys\/(user|role|permission|sysDepart|sysDepartRole|sysDepartPermission|tenant|online)\//;
/** Tables these modules write; compared row by row. */
const TABLES = [
  'sys_user',
  'sys_user_role',
  'sys_user_depart',
  'sys_role',
  'sys_role_permission',
  'sys_permission',
  'sys_permission_data_rule',
  'sys_depart',
  'sys_depart_permission',
  'sys_depart_role',
  'sys_depart_role_user',
  'sys_depart_role_permission',
  'sys_tenant',
] as const;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Caller {
  userId: string;
  roleId: string;
  username: string;
}
interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
/** `user` = any signed-in user; otherwise the codes that open the route. `reply`: how success looks. */
interface Fixture {
  auth: 'user' | string[];
  make(c: Caller): Promise<Req>;
  reply?: 'envelope' | 'array' | 'file';
}

describe('identity and access: permission matrix of every endpoint (issue 3 point 9)', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let routes: Map<string, RouteAuth | undefined>;
  const db = () => ctx.db.db;

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    routes = await registeredRoutes(ctx);
  });
  afterAll(async () => close?.());

  // --- fresh rows for fixtures (direct inserts: fast, independent of the endpoints under test) ---
  const k = () => nextSeq();
  const menuId = async (perms: string) => (await db().selectFrom('sys_permission').select('id').where('perms', '=', perms).executeTakeFirstOrThrow()).id;
  const freshMenu = async () => {
    const id = newId();
    const n = k();
    await db()
      .insertInto('sys_permission')
      .values({ id, name: `mx${n}`, menu_type: 1, is_leaf: 1, del_flag: 0, url: `/mx${n}`, component: 'x/Y', status: '1' })
      .execute();
    return id;
  };
  const freshRule = async (permissionId?: string) => {
    const id = newId();
    await db()
      .insertInto('sys_permission_data_rule')
      .values({
        id,
        permission_id: permissionId ?? (await freshMenu()),
        rule_name: 'r',
        rule_column: 'code',
        rule_conditions: '=',
        rule_value: 'x',
        status: '1',
      })
      .execute();
    return id;
  };
  const freshRole = async () => {
    const id = newId();
    await db()
      .insertInto('sys_role')
      .values({ id, role_name: 'mx', role_code: `mxr${k()}`, create_time: now() })
      .execute();
    return id;
  };
  const freshDepart = async () => {
    const id = newId();
    const n = k();
    await db()
      .insertInto('sys_depart')
      .values({ id, parent_id: '', depart_name: `mxd${n}`, org_code: `Y${String(n % 100).padStart(2, '0')}${n}`, org_type: '1', create_time: now() })
      .execute();
    return id;
  };
  const freshDeptRole = async () => {
    const id = newId();
    await db()
      .insertInto('sys_depart_role')
      .values({ id, depart_id: await freshDepart(), role_name: 'r', role_code: `mxdr${k()}` })
      .execute();
    return id;
  };
  const freshTenant = async () => {
    const id = 5000 + k();
    await db()
      .insertInto('sys_tenant')
      .values({ id, name: `t${id}`, status: 1 })
      .execute();
    return id;
  };

  const U = PERM.user;
  const R = PERM.role;
  const M = PERM.permission;
  const D = PERM.depart;
  const T = PERM.tenant;
  // 通讯录 (user:addressList) shows the department tree beside its users.
  const treeReaders = [D.list, D.my, U.list, U.add, U.edit, U.addressList];

  const fixtures: Record<string, Fixture> = {};
  const add = (methods: Method[], path: string, fx: Fixture) => {
    for (const m of methods) fixtures[`${m} ${path}`] = fx;
  };
  const GET = (p: string, fx: Fixture) => add(['GET'], p, fx);
  const POST = (p: string, fx: Fixture) => add(['POST'], p, fx);
  const PUT = (p: string, fx: Fixture) => add(['PUT'], p, fx);
  const DEL = (p: string, fx: Fixture) => add(['DELETE'], p, fx);

  // ---------------- users (contract §12.1, §3.6) ----------------
  GET('/sys/user/list', { auth: [U.list], make: async () => ({ url: '/sys/user/list' }) });
  GET('/sys/user/queryById', { auth: [U.list], make: async () => ({ url: `/sys/user/queryById?id=${(await bareUser(ctx)).id}` }) });
  POST('/sys/user/add', {
    auth: [U.add],
    make: async () => ({ url: '/sys/user/add', payload: { username: `nu${k()}`, realname: 'n', password: 'Pw@1xyz', confirmpassword: 'Pw@1xyz' } }),
  });
  add(['PUT', 'POST'], '/sys/user/edit', {
    auth: [U.edit],
    make: async () => ({ url: '/sys/user/edit', payload: { id: (await bareUser(ctx)).id, realname: 'e' } }),
  });
  DEL('/sys/user/delete', { auth: [U.delete], make: async () => ({ url: `/sys/user/delete?id=${(await bareUser(ctx)).id}` }) });
  DEL('/sys/user/deleteBatch', { auth: [U.deleteBatch], make: async () => ({ url: `/sys/user/deleteBatch?ids=${(await bareUser(ctx)).id},` }) });
  PUT('/sys/user/frozenBatch', {
    auth: [U.frozen],
    make: async () => ({ url: '/sys/user/frozenBatch', payload: { ids: (await bareUser(ctx)).id, status: '2' } }),
  });
  PUT('/sys/user/changePassword', {
    auth: [U.changePassword],
    make: async () => ({
      url: '/sys/user/changePassword',
      payload: { username: (await bareUser(ctx)).username, password: 'N@1xyz', confirmpassword: 'N@1xyz' },
    }),
  });
  GET('/sys/user/checkOnlyUser', { auth: 'user', make: async () => ({ url: `/sys/user/checkOnlyUser?username=free${k()}` }) });
  GET('/sys/user/queryUserRole', {
    auth: [U.list, U.edit],
    make: async (c) => {
      const u = await bareUser(ctx);
      await db().insertInto('sys_user_role').values({ id: newId(), user_id: u.id, role_id: c.roleId }).execute();
      return { url: `/sys/user/queryUserRole?userid=${u.id}` };
    },
  });
  GET('/sys/user/queryUserByDepId', { auth: [U.list, D.users], make: async () => ({ url: `/sys/user/queryUserByDepId?id=${DEPART_IDS.A01A01}` }) });
  GET('/sys/user/queryUserComponentData', { auth: 'user', make: async () => ({ url: '/sys/user/queryUserComponentData' }) });
  GET('/sys/user/getMultiUser', { auth: 'user', reply: 'array', make: async () => ({ url: '/sys/user/getMultiUser?username=admin,' }) });
  GET('/sys/user/recycleBin', { auth: [U.recycleBin], make: async () => ({ url: '/sys/user/recycleBin' }) });
  PUT('/sys/user/putRecycleBin', {
    auth: [U.recycleBin],
    make: async () => ({ url: '/sys/user/putRecycleBin', payload: { userIds: (await bareUser(ctx, { delFlag: 1 })).id } }),
  });
  DEL('/sys/user/deleteRecycleBin', {
    auth: [U.recycleBin],
    make: async () => ({ url: `/sys/user/deleteRecycleBin?userIds=${(await bareUser(ctx, { delFlag: 1 })).id}` }),
  });
  GET('/sys/user/queryByOrgCodeForAddressList', { auth: [U.addressList], make: async () => ({ url: '/sys/user/queryByOrgCodeForAddressList?orgCode=A01' }) });
  GET('/sys/user/queryByOrgCode', { auth: [U.addressList], make: async () => ({ url: '/sys/user/queryByOrgCode?orgCode=A01' }) });
  GET('/sys/user/generateUserId', { auth: 'user', make: async () => ({ url: '/sys/user/generateUserId' }) });
  GET('/sys/user/queryByIds', { auth: 'user', make: async () => ({ url: `/sys/user/queryByIds?userIds=${(await bareUser(ctx)).id},` }) });
  add(['GET', 'POST'], '/sys/user/exportXls', { auth: [U.exportXls], reply: 'file', make: async () => ({ url: '/sys/user/exportXls' }) });
  POST('/sys/user/importExcel', {
    auth: [U.importExcel],
    make: async () => {
      const mp = await xlsxUpload(['登录账号', '真实姓名', '密码'], [[`imp${k()}`, '导入', 'Imp@1xyz']]);
      return { url: '/sys/user/importExcel', payload: mp.payload, headers: mp.headers };
    },
  });
  GET('/sys/user/userDepartList', {
    auth: [U.list, U.edit, D.users],
    make: async () => ({ url: `/sys/user/userDepartList?userId=${(await bareUser(ctx, { departId: DEPART_IDS.A01A01 })).id}` }),
  });
  GET('/sys/user/departUserList', {
    auth: [D.users, D.my],
    // with depart:my alone a caller sees their own departments' subtrees only: make A01 the caller's department
    make: async (c) => {
      await db().insertInto('sys_user_depart').values({ id: newId(), user_id: c.userId, dep_id: DEPART_IDS.A01 }).execute();
      return { url: `/sys/user/departUserList?depId=${DEPART_IDS.A01}` };
    },
  });
  add(['PUT', 'POST'], '/sys/user/updatePassword', {
    auth: 'user',
    make: async (c) => {
      await db()
        .updateTable('sys_user')
        .set({ password: await hashPassword('Old@1xyz') })
        .where('id', '=', c.userId)
        .execute();
      return { url: '/sys/user/updatePassword', payload: { username: c.username, oldpassword: 'Old@1xyz', password: 'New@1xyz', confirmpassword: 'New@1xyz' } };
    },
  });
  GET('/sys/user/getCurrentUserDeparts', { auth: 'user', make: async () => ({ url: '/sys/user/getCurrentUserDeparts' }) });
  GET('/sys/permission/getUserPermissionByToken', { auth: 'user', make: async () => ({ url: '/sys/permission/getUserPermissionByToken' }) });

  // ---------------- role users (contract §12.1) ----------------
  GET('/sys/user/userRoleList', { auth: [R.users], make: async (c) => ({ url: `/sys/user/userRoleList?roleId=${c.roleId}` }) });
  POST('/sys/user/addSysUserRole', {
    auth: [R.users],
    make: async (c) => ({ url: '/sys/user/addSysUserRole', payload: { roleId: c.roleId, userIdList: [(await bareUser(ctx)).id] } }),
  });
  const linkedToCallerRole = async (c: Caller) => {
    const u = await bareUser(ctx);
    await db().insertInto('sys_user_role').values({ id: newId(), user_id: u.id, role_id: c.roleId }).execute();
    return u.id;
  };
  DEL('/sys/user/deleteUserRole', {
    auth: [R.users],
    make: async (c) => ({ url: `/sys/user/deleteUserRole?roleId=${c.roleId}&userId=${await linkedToCallerRole(c)}` }),
  });
  DEL('/sys/user/deleteUserRoleBatch', {
    auth: [R.users],
    make: async (c) => ({ url: `/sys/user/deleteUserRoleBatch?roleId=${c.roleId}&userIds=${await linkedToCallerRole(c)},` }),
  });

  // ---------------- department users (contract §12.1) ----------------
  POST('/sys/user/editSysDepartWithUser', {
    auth: [D.users],
    make: async () => ({ url: '/sys/user/editSysDepartWithUser', payload: { depId: await freshDepart(), userIdList: [(await bareUser(ctx)).id] } }),
  });
  const member = async () => {
    const dep = await freshDepart();
    return { dep, user: (await bareUser(ctx, { departId: dep })).id };
  };
  DEL('/sys/user/deleteUserInDepart', {
    auth: [D.users],
    make: async () => {
      const m = await member();
      return { url: `/sys/user/deleteUserInDepart?depId=${m.dep}&userId=${m.user}` };
    },
  });
  DEL('/sys/user/deleteUserInDepartBatch', {
    auth: [D.users],
    make: async () => {
      const m = await member();
      return { url: `/sys/user/deleteUserInDepartBatch?depId=${m.dep}&userIds=${m.user}` };
    },
  });

  // ---------------- roles (contract §12.2, §4.3) ----------------
  GET('/sys/role/list', { auth: [R.list], make: async () => ({ url: '/sys/role/list' }) });
  GET('/sys/role/queryById', { auth: [R.list], make: async () => ({ url: `/sys/role/queryById?id=${await freshRole()}` }) });
  POST('/sys/role/add', { auth: [R.add], make: async () => ({ url: '/sys/role/add', payload: { roleName: 'n', roleCode: `ra${k()}` } }) });
  add(['PUT', 'POST'], '/sys/role/edit', { auth: [R.edit], make: async () => ({ url: '/sys/role/edit', payload: { id: await freshRole(), roleName: 'e' } }) });
  DEL('/sys/role/delete', { auth: [R.delete], make: async () => ({ url: `/sys/role/delete?id=${await freshRole()}` }) });
  DEL('/sys/role/deleteBatch', { auth: [R.deleteBatch], make: async () => ({ url: `/sys/role/deleteBatch?ids=${await freshRole()},` }) });
  add(['GET', 'POST'], '/sys/role/exportXls', { auth: [R.exportXls], reply: 'file', make: async () => ({ url: '/sys/role/exportXls' }) });
  POST('/sys/role/importExcel', {
    auth: [R.importExcel],
    make: async () => {
      const mp = await xlsxUpload(['角色名', '角色编码', '描述'], [['导入角色', `ri${k()}`, 'd']]);
      return { url: '/sys/role/importExcel', payload: mp.payload, headers: mp.headers };
    },
  });
  GET('/sys/role/queryall', { auth: 'user', make: async () => ({ url: '/sys/role/queryall' }) });
  GET('/sys/role/checkRoleCode', { auth: [R.list, R.add, R.edit], make: async () => ({ url: `/sys/role/checkRoleCode?roleCode=free${k()}` }) });
  GET('/sys/role/queryTreeList', { auth: [R.authorize], make: async () => ({ url: '/sys/role/queryTreeList' }) });
  GET('/sys/permission/queryRolePermission', {
    auth: [R.authorize],
    make: async () => ({ url: `/sys/permission/queryRolePermission?roleId=${await freshRole()}` }),
  });
  POST('/sys/permission/saveRolePermission', {
    auth: [R.authorize],
    // a grant the caller holds itself (security §1.10)
    make: async () => ({
      url: '/sys/permission/saveRolePermission',
      payload: { roleId: await freshRole(), permissionIds: await menuId(R.authorize), lastpermissionIds: '' },
    }),
  });
  GET('/sys/role/datarule/:permissionId/:roleId', {
    auth: [R.authorize],
    make: async () => {
      const pid = await freshMenu();
      await freshRule(pid);
      return { url: `/sys/role/datarule/${pid}/${await freshRole()}` };
    },
  });
  POST('/sys/role/datarule', {
    auth: [R.authorize],
    make: async () => {
      const roleId = await freshRole();
      const pid = await freshMenu();
      await db().insertInto('sys_role_permission').values({ id: newId(), role_id: roleId, permission_id: pid }).execute();
      return { url: '/sys/role/datarule', payload: { permissionId: pid, roleId, dataRuleIds: '' } };
    },
  });

  // ---------------- menus and data rules (contract §4.2–§4.4) ----------------
  GET('/sys/permission/list', { auth: [M.list], make: async () => ({ url: '/sys/permission/list' }) });
  GET('/sys/permission/getSystemMenuList', { auth: [M.list], make: async () => ({ url: '/sys/permission/getSystemMenuList' }) });
  GET('/sys/permission/getSystemSubmenu', { auth: [M.list], make: async () => ({ url: `/sys/permission/getSystemSubmenu?parentId=${await freshMenu()}` }) });
  GET('/sys/permission/getSystemSubmenuBatch', {
    auth: [M.list],
    make: async () => ({ url: `/sys/permission/getSystemSubmenuBatch?parentIds=${await freshMenu()}` }),
  });
  GET('/sys/permission/queryListAsync', { auth: [M.list], make: async () => ({ url: '/sys/permission/queryListAsync' }) });
  GET('/sys/permission/queryTreeList', { auth: [M.list, R.authorize, D.authorize, D.roles], make: async () => ({ url: '/sys/permission/queryTreeList' }) });
  POST('/sys/permission/add', { auth: [M.add], make: async () => ({ url: '/sys/permission/add', payload: { name: `n${k()}`, menuType: 0 } }) });
  add(['PUT', 'POST'], '/sys/permission/edit', {
    auth: [M.edit],
    make: async () => ({ url: '/sys/permission/edit', payload: { id: await freshMenu(), name: 'e' } }),
  });
  DEL('/sys/permission/delete', { auth: [M.delete], make: async () => ({ url: `/sys/permission/delete?id=${await freshMenu()}` }) });
  DEL('/sys/permission/deleteBatch', { auth: [M.delete], make: async () => ({ url: `/sys/permission/deleteBatch?ids=${await freshMenu()},` }) });
  GET('/sys/permission/getPermRuleListByPermId', {
    auth: [M.dataRule, R.authorize],
    make: async () => ({ url: `/sys/permission/getPermRuleListByPermId?permissionId=${await freshMenu()}` }),
  });
  GET('/sys/permission/queryPermissionRule', { auth: [M.dataRule, R.authorize], make: async () => ({ url: '/sys/permission/queryPermissionRule' }) });
  POST('/sys/permission/addPermissionRule', {
    auth: [M.dataRule],
    make: async () => ({
      url: '/sys/permission/addPermissionRule',
      payload: { permissionId: await freshMenu(), ruleName: 'a', ruleColumn: 'code', ruleConditions: '=', ruleValue: '1' },
    }),
  });
  add(['PUT', 'POST'], '/sys/permission/editPermissionRule', {
    auth: [M.dataRule],
    make: async () => ({ url: '/sys/permission/editPermissionRule', payload: { id: await freshRule(), ruleValue: '2' } }),
  });
  DEL('/sys/permission/deletePermissionRule', {
    auth: [M.dataRule],
    make: async () => ({ url: `/sys/permission/deletePermissionRule?id=${await freshRule()}` }),
  });

  // ---------------- departments (contract §12.3, §4.3) ----------------
  GET('/sys/sysDepart/queryTreeList', { auth: 'user', make: async () => ({ url: '/sys/sysDepart/queryTreeList' }) });
  GET('/sys/sysDepart/queryDepartTreeSync', { auth: treeReaders, make: async () => ({ url: '/sys/sysDepart/queryDepartTreeSync' }) });
  GET('/sys/sysDepart/queryIdTree', { auth: treeReaders, make: async () => ({ url: '/sys/sysDepart/queryIdTree' }) });
  GET('/sys/sysDepart/searchBy', { auth: 'user', make: async () => ({ url: `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('海盗')}` }) });
  GET('/sys/sysDepart/queryAllParentId', { auth: treeReaders, make: async () => ({ url: `/sys/sysDepart/queryAllParentId?departId=${DEPART_IDS.A01A01}` }) });
  GET('/sys/sysDepart/queryMyDeptTreeList', { auth: 'user', make: async () => ({ url: '/sys/sysDepart/queryMyDeptTreeList' }) });
  GET('/sys/sysDepart/listAll', { auth: treeReaders, make: async () => ({ url: '/sys/sysDepart/listAll' }) });
  GET('/sys/sysDepart/queryTreeByKeyWord', {
    auth: treeReaders,
    make: async () => ({ url: `/sys/sysDepart/queryTreeByKeyWord?keyWord=${encodeURIComponent('海盗')}` }),
  });
  GET('/sys/sysDepart/getDepartName', { auth: treeReaders, make: async () => ({ url: '/sys/sysDepart/getDepartName?orgCode=A01' }) });
  GET('/sys/sysDepart/getUsersByDepartId', {
    auth: [U.list, D.users],
    make: async () => ({ url: `/sys/sysDepart/getUsersByDepartId?id=${DEPART_IDS.A01A01}` }),
  });
  POST('/sys/sysDepart/add', { auth: [D.add], make: async () => ({ url: '/sys/sysDepart/add', payload: { departName: `n${k()}` } }) });
  add(['PUT', 'POST'], '/sys/sysDepart/edit', {
    auth: [D.edit],
    make: async () => ({ url: '/sys/sysDepart/edit', payload: { id: await freshDepart(), departName: 'e' } }),
  });
  DEL('/sys/sysDepart/delete', { auth: [D.delete], make: async () => ({ url: `/sys/sysDepart/delete?id=${await freshDepart()}` }) });
  DEL('/sys/sysDepart/deleteBatch', { auth: [D.delete], make: async () => ({ url: `/sys/sysDepart/deleteBatch?ids=${await freshDepart()},` }) });
  add(['GET', 'POST'], '/sys/sysDepart/exportXls', { auth: [D.exportXls], reply: 'file', make: async () => ({ url: '/sys/sysDepart/exportXls' }) });
  POST('/sys/sysDepart/importExcel', {
    auth: [D.importExcel],
    make: async () => {
      const mp = await xlsxUpload(['机构/部门名称', '机构编码', '机构类别'], [[`imp${k()}`, `X${String((k() % 90) + 10)}`, '公司']]);
      return { url: '/sys/sysDepart/importExcel', payload: mp.payload, headers: mp.headers };
    },
  });
  GET('/sys/permission/queryDepartPermission', {
    auth: [D.authorize],
    make: async () => ({ url: `/sys/permission/queryDepartPermission?departId=${await freshDepart()}` }),
  });
  POST('/sys/permission/saveDepartPermission', {
    auth: [D.authorize],
    make: async () => ({
      url: '/sys/permission/saveDepartPermission',
      payload: { departId: await freshDepart(), permissionIds: await menuId(D.authorize), lastpermissionIds: '' },
    }),
  });
  GET('/sys/sysDepartPermission/datarule/:permissionId/:departId', {
    auth: [D.authorize],
    make: async () => {
      const pid = await freshMenu();
      await freshRule(pid);
      return { url: `/sys/sysDepartPermission/datarule/${pid}/${await freshDepart()}` };
    },
  });
  POST('/sys/sysDepartPermission/datarule', {
    auth: [D.authorize],
    make: async () => {
      const dep = await freshDepart();
      const pid = await freshMenu();
      await db().insertInto('sys_depart_permission').values({ id: newId(), depart_id: dep, permission_id: pid }).execute();
      return { url: '/sys/sysDepartPermission/datarule', payload: { permissionId: pid, departId: dep, dataRuleIds: '' } };
    },
  });
  GET('/sys/sysDepartRole/list', { auth: [D.roles], make: async () => ({ url: '/sys/sysDepartRole/list' }) });
  POST('/sys/sysDepartRole/add', {
    auth: [D.roles],
    make: async () => ({ url: '/sys/sysDepartRole/add', payload: { departId: await freshDepart(), roleName: 'a', roleCode: `dra${k()}` } }),
  });
  add(['PUT', 'POST'], '/sys/sysDepartRole/edit', {
    auth: [D.roles],
    make: async () => ({ url: '/sys/sysDepartRole/edit', payload: { id: await freshDeptRole(), roleName: 'b' } }),
  });
  DEL('/sys/sysDepartRole/delete', { auth: [D.roles], make: async () => ({ url: `/sys/sysDepartRole/delete?id=${await freshDeptRole()}` }) });
  DEL('/sys/sysDepartRole/deleteBatch', { auth: [D.roles], make: async () => ({ url: `/sys/sysDepartRole/deleteBatch?ids=${await freshDeptRole()}` }) });
  GET('/sys/sysDepartRole/getDeptRoleList', {
    auth: [D.roles],
    make: async () => ({ url: `/sys/sysDepartRole/getDeptRoleList?departId=${await freshDepart()}` }),
  });
  GET('/sys/sysDepartRole/getDeptRoleByUserId', {
    auth: [D.roles],
    make: async () => ({ url: `/sys/sysDepartRole/getDeptRoleByUserId?userId=${(await bareUser(ctx)).id}` }),
  });
  POST('/sys/sysDepartRole/deptRoleUserAdd', {
    auth: [D.roles],
    make: async () => {
      // a member of the role's department (a department role is given only inside its department)
      const roleId = await freshDeptRole();
      const role = await db().selectFrom('sys_depart_role').select('depart_id').where('id', '=', roleId).executeTakeFirstOrThrow();
      const user = await bareUser(ctx, { departId: role.depart_id! });
      return { url: '/sys/sysDepartRole/deptRoleUserAdd', payload: { userId: user.id, newRoleId: roleId, oldRoleId: '' } };
    },
  });
  GET('/sys/sysDepartPermission/queryTreeListForDeptRole', {
    auth: [D.roles],
    make: async () => ({ url: `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${await freshDepart()}` }),
  });
  GET('/sys/sysDepartPermission/queryDeptRolePermission', {
    auth: [D.roles],
    make: async () => ({ url: `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${await freshDeptRole()}` }),
  });
  /** A department role whose department granted rule(s) on a fresh menu, and the role's grant on that menu. */
  const deptRoleWithRule = async () => {
    const dep = await freshDepart();
    const roleId = newId();
    await db()
      .insertInto('sys_depart_role')
      .values({ id: roleId, depart_id: dep, role_name: 'r', role_code: `mxdr${k()}` })
      .execute();
    const pid = await freshMenu();
    const rule = await freshRule(pid);
    await db().insertInto('sys_depart_permission').values({ id: newId(), depart_id: dep, permission_id: pid, data_rule_ids: rule }).execute();
    await db().insertInto('sys_depart_role_permission').values({ id: newId(), depart_id: dep, role_id: roleId, permission_id: pid }).execute();
    return { dep, roleId, pid, rule };
  };
  GET('/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId', {
    auth: [D.roles],
    make: async () => {
      const { dep, roleId, pid } = await deptRoleWithRule();
      return { url: `/sys/sysDepartRole/datarule/${pid}/${dep}/${roleId}` };
    },
  });
  POST('/sys/sysDepartRole/datarule', {
    auth: [D.roles],
    make: async () => {
      const { dep, roleId, pid, rule } = await deptRoleWithRule();
      return { url: '/sys/sysDepartRole/datarule', payload: { permissionId: pid, departId: dep, roleId, dataRuleIds: rule } };
    },
  });
  POST('/sys/sysDepartPermission/saveDeptRolePermission', {
    auth: [D.roles],
    make: async () => ({
      url: '/sys/sysDepartPermission/saveDeptRolePermission',
      payload: { roleId: await freshDeptRole(), permissionIds: '', lastpermissionIds: '' },
    }),
  });

  // ---------------- tenants (contract §12.5, §3.6) ----------------
  GET('/sys/tenant/list', { auth: [T.list], make: async () => ({ url: '/sys/tenant/list' }) });
  GET('/sys/tenant/queryById', { auth: [T.list], make: async () => ({ url: `/sys/tenant/queryById?id=${await freshTenant()}` }) });
  POST('/sys/tenant/add', { auth: [T.add], make: async () => ({ url: '/sys/tenant/add', payload: { id: 8000 + k(), name: 'n', status: 1 } }) });
  add(['PUT', 'POST'], '/sys/tenant/edit', {
    auth: [T.edit],
    make: async () => ({ url: '/sys/tenant/edit', payload: { id: await freshTenant(), name: 'e' } }),
  });
  add(['DELETE', 'POST'], '/sys/tenant/delete', { auth: [T.delete], make: async () => ({ url: `/sys/tenant/delete?id=${await freshTenant()}` }) });
  DEL('/sys/tenant/deleteBatch', { auth: [T.deleteBatch], make: async () => ({ url: `/sys/tenant/deleteBatch?ids=${await freshTenant()}` }) });
  GET('/sys/tenant/getCurrentUserTenant', { auth: 'user', make: async () => ({ url: '/sys/tenant/getCurrentUserTenant' }) });
  GET('/sys/tenant/queryList', { auth: 'user', make: async () => ({ url: '/sys/tenant/queryList' }) });

  // ---------------- online users (contract §12.8, §3.5) ----------------
  GET('/sys/online/list', { auth: [PERM.online.list], make: async () => ({ url: '/sys/online/list' }) });
  POST('/sys/online/forceLogout', {
    auth: [PERM.online.forceLogout],
    make: async () => ({ url: '/sys/online/forceLogout', payload: { token: (await fastUser(ctx, [])).sessionId } }),
  });

  const keyOf = (k: string) => k.split(' ') as [Method, string];
  // Not in this matrix: public routes (access.routes.test.ts lists each with its reason) and the caller's own
  // self-service routes of issue 14 (个人设置, phone change), signed-in and acting on the caller only — account.test.ts
  // and smsLogin.test.ts check their sign-in refusals and that nobody else's row changes.
  const SELF_SERVICE = /^\/sys\/user\/(account\/|phoneChange)/;
  const moduleRoutes = () =>
    [...routes.entries()].filter(([key, a]) => a !== 'public' && MODULE_PREFIX.test(keyOf(key)[1]) && !SELF_SERVICE.test(keyOf(key)[1])).map(([key]) => key);
  const permRoutes = () => Object.entries(fixtures).filter(([, f]) => f.auth !== 'user') as Array<[string, Fixture & { auth: string[] }]>;
  const allCodes = () => [...new Set(permRoutes().flatMap(([, f]) => f.auth))];

  const send = async (key: string, r: Req, h: Record<string, string>) => {
    const [method] = keyOf(key);
    return app.inject({
      method,
      url: `${TEST_API_PREFIX}${r.url}`,
      headers: { ...h, ...r.headers },
      ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
    });
  };
  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const t of TABLES) out[t] = await db().selectFrom(t).selectAll().orderBy('id').execute();
    out.sessions = (await listSessions(ctx)).map((s) => s.sessionId).sort();
    return out;
  };

  it('every route of these modules has a fixture, and every fixture a route (a new route without a fixture fails)', () => {
    const registered = moduleRoutes().sort();
    expect(registered.length).toBeGreaterThan(100);
    expect(registered).toEqual(Object.keys(fixtures).sort());
  });

  it('each route declares exactly the codes of its fixture', () => {
    const wrong: string[] = [];
    for (const [key, f] of Object.entries(fixtures)) {
      const declared = routes.get(key);
      const want = f.auth === 'user' ? 'user' : JSON.stringify([...f.auth].sort());
      const got = declared === 'user' || declared === 'public' || declared === undefined ? String(declared) : JSON.stringify([...declared.perms].sort());
      if (want !== got) wrong.push(`${key}: declared ${got}, fixture ${want}`);
    }
    expect(wrong).toEqual([]);
  });

  // ~120 requests plus their fixtures: generous limits for PostgreSQL/MariaDB on a loaded CI machine.
  it('without the code: 510, success false, and no table row or session changes', { timeout: 120_000 }, async () => {
    const codes = allCodes();
    const callers = new Map<string, Awaited<ReturnType<typeof fastUser>>>();
    const prepared: Array<{ key: string; req: Req; h: Record<string, string> }> = [];
    for (const [key, f] of permRoutes()) {
      const setKey = [...f.auth].sort().join('|');
      let caller = callers.get(setKey);
      if (!caller) {
        caller = await fastUser(
          ctx,
          codes.filter((c) => !f.auth.includes(c)),
        );
        callers.set(setKey, caller);
      }
      prepared.push({ key, req: await f.make(caller), h: caller.h });
    }
    const before = await snapshot();
    const allowed: string[] = [];
    for (const p of prepared) {
      const res = await send(p.key, p.req, p.h);
      const body = res.json() as { success: boolean; code: number };
      if (res.statusCode !== 200 || body.code !== 510 || body.success !== false) allowed.push(`${p.key} → HTTP ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(allowed).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('with one of the route codes (each in turn) or, for signed-in routes, no code at all: success', { timeout: 120_000 }, async () => {
    const byCode = new Map<string, Awaited<ReturnType<typeof fastUser>>>();
    const holder = async (code: string | null) => {
      const key = code ?? '';
      let u = byCode.get(key);
      if (!u) {
        u = await fastUser(ctx, code ? [code] : []);
        byCode.set(key, u);
      }
      return u;
    };
    const failed: string[] = [];
    for (const [key, f] of Object.entries(fixtures)) {
      for (const code of f.auth === 'user' ? [null] : f.auth) {
        // the signed-in routes that change the caller (updatePassword) get a caller of their own
        const u = key.includes('updatePassword') ? await fastUser(ctx, []) : await holder(code);
        const res = await send(key, await f.make(u), u.h);
        const type = String(res.headers['content-type'] ?? '');
        const reply = f.reply ?? 'envelope';
        let good = res.statusCode === 200;
        if (good && reply === 'file') good = !type.includes('json') && res.rawPayload.length > 0;
        if (good && reply === 'array') good = Array.isArray(res.json());
        if (good && reply === 'envelope') good = (res.json() as { success: boolean }).success === true;
        if (!good) failed.push(`${key} with ${code ?? 'a token'} → HTTP ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failed).toEqual([]);
  });
});
