import multipart from '@fastify/multipart';
import { permCode, userEntity } from '@pk/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { perm, SIGNED_IN } from '../../../core/access/guard.js';
import { bumpPermissionVersion, endUserSessions, invalidateUser } from '../../../core/auth/index.js';
import { hashPassword } from '../../../core/auth/password.js';
import { CrudService, IMPORT_LIMITS, PAGE_LIMITS, resolveBinding, splitIds, toWire, validateBody, checkId } from '../../../core/crud/index.js';
import { exportWorkbook, importResult, importRows, readAll } from '../../../core/crud/excel.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { ok, okMsg, page } from '../../../core/envelope/result.js';
import { dictService } from '../../../core/dict/service.js';
import { XLS_CONTENT_TYPE } from '../../../core/excel/index.js';
import { attachmentHeader } from '../../../core/files/routes.js';
import { likeExpr, param, type RawParams } from '../../../core/query/index.js';
import { writeStamp } from '../../../core/crud/countCache.js';
import { now } from '../../../core/time.js';
import type { Database } from '../../../db/schema.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { dataRuleLoader } from '../../../core/datarule/index.js';
import { ADMIN_USERNAME, assertMayManage, codeIds, extrasOf, isSuperAdmin, USER_MENU, USER_MSG, userBinding, userScope, type UserExtras } from './definition.js';

type Row = Record<string, unknown>;
const U = '/sys/user';

/** Keys the Vue client echoes back (or sends alongside) that never reach an UPDATE (security §1.10). */
const EDIT_IGNORED = ['password', 'salt', 'status', 'delFlag', 'confirmpassword', 'orgCodeTxt', 'activitiSync', 'thirdId', 'thirdType', 'clientId', 'username', 'selectedroles', 'selecteddeparts'];
const ADD_IGNORED = ['password', 'salt', 'status', 'delFlag', 'confirmpassword', 'orgCodeTxt', 'activitiSync', 'thirdId', 'thirdType', 'clientId', 'selectedroles', 'selecteddeparts'];

/** Safe columns for pickers and lookups: no phone, e-mail, password or salt. */
const PICKER_COLUMNS = ['id', 'username', 'realname', 'avatar', 'sex', 'status', 'org_code', 'depart_ids', 'post', 'work_no'] as const;

function asObject(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('请求内容必须是JSON对象');
  return body as Record<string, unknown>;
}

/** `selectedroles` / `selecteddeparts`: comma ids; undefined when absent. */
function idList(v: unknown, name: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (v === null) return [];
  if (typeof v !== 'string') throw new BadRequestError(`参数${name}格式不正确`);
  return splitIds(v);
}

function strip(body: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...body };
  for (const k of keys) delete out[k];
  // The database returns a date column as `yyyy-MM-dd 00:00:00` on PostgreSQL/MySQL; the client echoes it back.
  if (typeof out.birthday === 'string' && /^\d{4}-\d{2}-\d{2} 00:00:00$/.test(out.birthday)) out.birthday = out.birthday.slice(0, 10);
  return out;
}

function db(app: FastifyInstance): Kysely<Database> {
  return app.ctx.db.db;
}

/** userId → comma-joined names of the user's departments (`orgCodeTxt`). */
export async function departNamesOf(d: Kysely<Database>, userIds: string[], sep = ','): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const rows = await d
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
    .select(['ud.user_id', 'dp.depart_name', 'dp.id'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('dp.org_code')
    .execute();
  const by = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.user_id) continue;
    const list = by.get(r.user_id) ?? [];
    list.push(r.depart_name);
    by.set(r.user_id, list);
  }
  for (const [k, v] of by) out.set(k, v.join(sep));
  return out;
}

/**
 * `orgCodeTxt` of the listed users, reused while this node has not written sys_user_depart or sys_depart (and for
 * at most 3 s, for writes made by other nodes): a list page then costs one query less (issue 3 point 12).
 * One cache per database handle, so two apps in one process (tests, benchmarks) never share entries.
 */
const ORG_TXT_TTL_MS = 3_000;
const ORG_TXT_MAX = 5_000;
const orgTxtCaches = new WeakMap<Kysely<Database>, Map<string, { txt: string | null; at: number; stamp: string }>>();

async function withOrgCodeTxt(d: Kysely<Database>, records: Row[]): Promise<Row[]> {
  let cache = orgTxtCaches.get(d);
  if (!cache) orgTxtCaches.set(d, (cache = new Map()));
  const t = Date.now();
  const stamp = writeStamp(['sys_user_depart', 'sys_depart']);
  const ids = records.map((r) => String(r.id));
  const missing = ids.filter((id) => {
    const e = cache.get(id);
    return !e || e.stamp !== stamp || t - e.at >= ORG_TXT_TTL_MS;
  });
  if (missing.length) {
    const names = await departNamesOf(d, missing);
    if (cache.size > ORG_TXT_MAX) cache.clear();
    for (const id of missing) cache.set(id, { txt: names.get(id) ?? null, at: t, stamp });
  }
  return records.map((r) => ({ ...r, orgCodeTxt: cache.get(String(r.id))?.txt ?? null }));
}

function pageParams(q: RawParams, fallback = PAGE_LIMITS.defaultPageSize): { pageNo: number; pageSize: number } {
  const num = (name: string, def: number) => {
    const raw = param(q, name)?.trim();
    if (!raw) return def;
    if (!/^-?\d{1,9}$/.test(raw)) throw new BadRequestError(`参数${name}必须是整数`);
    return Number(raw);
  };
  const pageNo = Math.max(1, num('pageNo', 1));
  let pageSize = num('pageSize', fallback);
  if (pageSize <= 0) pageSize = fallback;
  return { pageNo, pageSize: Math.min(pageSize, PAGE_LIMITS.maxRows) };
}


/**
 * `/sys/user/*` (contract §12.1, §3.6): the CRUD endpoints over the engine's service (the list adds `departId` and
 * `orgCodeTxt`), frozenBatch, changePassword, the recycle bin, lookups for pickers (signed in, safe fields) and
 * the address list. Permission codes: PERM.user.
 */
export async function userModule(app: FastifyInstance): Promise<void> {
  const b = resolveBinding(userBinding);
  const svc = new CrudService(app.ctx, b);
  const ctx = app.ctx;
  const auth = (action: 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel') => perm(permCode(userEntity, action));

  /** Users visible to the request among `ids` (tenant scope, not the reserved user), with their usernames. */
  const visibleUsers = async (req: FastifyRequest, ids: string[], deleted: 0 | 1 | null = 0) => {
    if (!ids.length) return [];
    return db(app)
      .selectFrom('sys_user')
      .select(['id', 'username'])
      .where('id', 'in', ids)
      .where((eb) => {
        const s = userScope(eb, req);
        return deleted === null ? s : eb.and([s, eb('del_flag', '=', deleted)]);
      })
      .execute();
  };

  const endSessions = async (ids: string[]) => {
    for (const id of ids) {
      invalidateUser(id);
      await endUserSessions(ctx, id);
    }
  };

  await app.register(async (sub) => {
    await sub.register(multipart, { limits: IMPORT_LIMITS });

    const rules = dataRuleLoader(ctx, USER_MENU);
    sub.get(`${U}/list`, { config: auth('list'), preHandler: rules }, async (req) => {
      // `code` (comma ids): the page is as large as the list of ids (contract §12.1)
      const q = req.query as RawParams;
      const codes = codeIds(q);
      const res = await svc.list(req, codes.length ? { ...q, pageNo: '1', pageSize: String(codes.length) } : q);
      return ok({ ...res, records: await withOrgCodeTxt(db(app), res.records) });
    });

    sub.get(`${U}/queryById`, { config: auth('list') }, async (req) => ok(await svc.queryById(req, param(req.query as RawParams, 'id'))));

    sub.post(`${U}/add`, { config: auth('add') }, async (req) => {
      const body = asObject(req.body);
      const password = body.password;
      if (password !== undefined && password !== null && typeof password !== 'string') throw new BadRequestError('参数password格式不正确');
      if (typeof password !== 'string' || !password.trim()) throw new BizError(USER_MSG.passwordRequired);
      if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw new BizError(USER_MSG.passwordMismatch);
      const extras: UserExtras = { password, roles: idList(body.selectedroles, 'selectedroles'), departs: idList(body.selecteddeparts, 'selecteddeparts') };
      const { values } = validateBody(b, strip(body, ADD_IGNORED), 'add');
      extrasOf.set(req, extras);
      await svc.insert(req, values);
      if (extras.roles?.length) await bumpPermissionVersion(ctx);
      return okMsg(MSG.added);
    });

    sub.route({
      method: ['PUT', 'POST'],
      url: `${U}/edit`,
      config: auth('edit'),
      handler: async (req) => {
        const body = asObject(req.body);
        const extras: UserExtras = { roles: idList(body.selectedroles, 'selectedroles'), departs: idList(body.selecteddeparts, 'selecteddeparts') };
        const rest = strip(body, EDIT_IGNORED);
        // Empty selecteddeparts → the departIds of the body (contract §12.1).
        if (extras.departs && !extras.departs.length && typeof rest.departIds === 'string' && rest.departIds) extras.departs = splitIds(rest.departIds);
        extrasOf.set(req, extras);
        await svc.edit(req, rest);
        const id = checkId(body.id);
        invalidateUser(id);
        if (extras.roles) await bumpPermissionVersion(ctx);
        return okMsg(MSG.edited);
      },
    });

    const removeUsers = async (req: FastifyRequest, ids: string[]) => {
      const me = req.user!;
      if (ids.includes(me.id)) throw new BizError(USER_MSG.deleteSelf);
      const rows = await visibleUsers(req, ids);
      if (rows.some((r) => r.username === ADMIN_USERNAME)) throw new BizError(USER_MSG.deleteAdmin);
      await assertMayManage(db(app), req, rows.map((r) => r.id));
      await svc.remove(req, ids);
      await endSessions(ids);
    };

    sub.delete(`${U}/delete`, { config: auth('delete') }, async (req) => {
      const ids = splitIds(param(req.query as RawParams, 'id'));
      if (ids.length !== 1) throw new BadRequestError(ids.length ? '只能删除一条记录，批量删除请使用deleteBatch' : 'id不能为空');
      await removeUsers(req, ids);
      return okMsg('删除用户成功');
    });

    sub.delete(`${U}/deleteBatch`, { config: auth('deleteBatch') }, async (req) => {
      const ids = splitIds(param(req.query as RawParams, 'ids'));
      if (!ids.length) throw new BizError(MSG.badParams);
      await removeUsers(req, ids);
      return okMsg('批量删除用户成功');
    });

    sub.put(`${U}/frozenBatch`, { config: perm(PERM.user.frozen) }, async (req) => {
      const body = asObject(req.body);
      const rawIds = typeof body.ids === 'number' ? String(body.ids) : body.ids;
      if (typeof rawIds !== 'string') throw new BizError(MSG.badParams);
      const ids = splitIds(rawIds);
      if (!ids.length) throw new BizError(MSG.badParams);
      const status = String(body.status ?? '');
      if (status !== '1' && status !== '2') throw new BadRequestError('参数status必须是1或2');
      const me = req.user!;
      const rows = await visibleUsers(req, ids);
      if (rows.length !== ids.length) throw new BizError(MSG.notFound);
      if (status === '2') {
        if (ids.includes(me.id)) throw new BizError(USER_MSG.freezeSelf);
        if (rows.some((r) => r.username === ADMIN_USERNAME)) throw new BizError(USER_MSG.freezeAdmin);
        await assertMayManage(db(app), req, ids);
      }
      await db(app).updateTable('sys_user').set({ status: Number(status), update_by: me.username, update_time: now() }).where('id', 'in', ids).execute();
      svc.invalidate();
      if (status === '2') await endSessions(ids);
      else for (const id of ids) invalidateUser(id);
      return okMsg('操作成功!');
    });

    sub.put(`${U}/changePassword`, { config: perm(PERM.user.changePassword) }, async (req) => {
      const body = asObject(req.body);
      const username = typeof body.username === 'string' ? body.username.trim() : '';
      const password = body.password;
      if (!username) throw new BizError(USER_MSG.userMissing);
      if (password !== undefined && password !== null && typeof password !== 'string') throw new BadRequestError('参数password格式不正确');
      if (typeof password !== 'string' || !password.trim()) throw new BizError('新密码不允许为空!');
      if (password.length > 100) throw new BizError(USER_MSG.passwordTooLong);
      if (body.confirmpassword !== undefined && body.confirmpassword !== password) throw new BizError(USER_MSG.passwordMismatch);
      const user = await db(app)
        .selectFrom('sys_user')
        .select(['id', 'username'])
        .where('username', '=', username)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .executeTakeFirst();
      if (!user) throw new BizError(USER_MSG.userMissing);
      if (user.username === ADMIN_USERNAME && user.id !== req.user!.id) {
        if (!(await isSuperAdmin(db(app), req.user!.id))) throw new BizError(USER_MSG.editAdmin);
      }
      await assertMayManage(db(app), req, [user.id]);
      const hash = await hashPassword(password);
      await db(app).updateTable('sys_user').set({ password: hash, salt: null, update_by: req.user!.username, update_time: now() }).where('id', '=', user.id).execute();
      await endSessions([user.id]);
      return okMsg('密码修改成功!');
    });

    sub.get(`${U}/checkOnlyUser`, { config: SIGNED_IN }, async (req) => {
      const q = req.query as RawParams;
      const checks: Array<[string, 'username' | 'phone' | 'email' | 'work_no']> = [
        ['username', 'username'],
        ['phone', 'phone'],
        ['email', 'email'],
        ['workNo', 'work_no'],
      ];
      const given = checks.map(([p, c]) => [param(q, p)?.trim(), c] as const).filter(([v]) => v);
      if (!given.length) throw new BadRequestError('参数不能为空');
      const exclude = param(q, 'id')?.trim();
      let query = db(app).selectFrom('sys_user').select('id');
      for (const [v, c] of given) query = query.where(c, '=', v!);
      if (exclude) query = query.where('id', '<>', checkId(exclude));
      const taken = await query.limit(1).executeTakeFirst();
      if (taken) throw new BizError(USER_MSG.userTaken);
      return ok(true);
    });

    sub.get(`${U}/queryUserRole`, { config: perm(PERM.user.list, PERM.user.edit) }, async (req) => {
      const userId = checkId(param(req.query as RawParams, 'userid'));
      const visible = await visibleUsers(req, [userId], null);
      if (!visible.length) throw new BizError(MSG.notFound);
      const rows = await db(app).selectFrom('sys_user_role').select('role_id').where('user_id', '=', userId).execute();
      const ids = rows.map((r) => r.role_id).filter((x): x is string => !!x);
      if (!ids.length) throw new BizError(USER_MSG.noRoles);
      return ok(ids);
    });

    // The edit dialog's departments (contract §12.1 userDepartList): `[{key, value, title}]` plus `orgCode`, so the
    // dialog can tell which one is the user's current department (sys_user.org_code).
    sub.get(`${U}/userDepartList`, { config: perm(PERM.user.list, PERM.user.edit, PERM.depart.users) }, async (req) => {
      const userId = checkId(param(req.query as RawParams, 'userId'));
      const visible = await visibleUsers(req, [userId], null);
      if (!visible.length) throw new BizError('查找失败');
      const rows = await db(app)
        .selectFrom('sys_user_depart as ud')
        .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
        .select(['dp.id', 'dp.depart_name', 'dp.org_code'])
        .where('ud.user_id', '=', userId)
        .orderBy('dp.org_code')
        .execute();
      return ok(rows.map((r) => ({ key: r.id, value: r.id, title: r.depart_name, orgCode: r.org_code })));
    });

    sub.get(`${U}/queryUserByDepId`, { config: perm(PERM.user.list, PERM.depart.users) }, async (req) => {
      const q = req.query as RawParams;
      const depId = checkId(param(q, 'id'));
      const realname = param(q, 'realname')?.trim();
      let query = db(app)
        .selectFrom('sys_user')
        .select(b.selectColumns as never)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
        .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', depId));
      if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
      const rows = (await query.orderBy('create_time', 'desc').orderBy('id').limit(PAGE_LIMITS.maxRows).execute()) as Row[];
      return ok(await withOrgCodeTxt(db(app), rows.map((r) => toWire(b, r))));
    });

    /**
     * 部门用户 / 我的部门 (contract §12.1 departUserList): users of the department and all its sub-departments, paged,
     * `orgCode` overwritten by the users' department names. No depId → the caller's own departments. A caller who
     * holds only depart:my may ask for departments of their own subtree only.
     */
    sub.get(`${U}/departUserList`, { config: perm(PERM.depart.users, PERM.depart.my) }, async (req) => {
      const q = req.query as RawParams;
      const { pageNo, pageSize } = pageParams(q);
      const depRaw = param(q, 'depId')?.trim();
      const username = param(q, 'username')?.trim();
      const realname = param(q, 'realname')?.trim();
      const subtree = async (roots: string[]): Promise<string[]> => {
        const all = new Set(roots);
        let frontier = roots;
        for (let d = 0; frontier.length && d < 64; d++) {
          const rows = await db(app).selectFrom('sys_depart').select('id').where('parent_id', 'in', frontier).execute();
          frontier = rows.map((r) => r.id).filter((i) => !all.has(i));
          for (const i of frontier) all.add(i);
        }
        return [...all];
      };
      const mine = async (): Promise<string[]> => {
        const u = await db(app).selectFrom('sys_user').select(['user_identity', 'depart_ids']).where('id', '=', req.user!.id).executeTakeFirst();
        const ids = new Set<string>();
        if (Number(u?.user_identity) === 2) for (const i of (u?.depart_ids ?? '').split(',')) if (i.trim()) ids.add(i.trim());
        for (const r of await db(app).selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', req.user!.id).execute()) if (r.dep_id) ids.add(r.dep_id);
        return ids.size ? subtree([...ids]) : [];
      };
      let departIds: string[];
      if (depRaw) {
        const depId = checkId(depRaw);
        const codes = await app.authn.permissionCodes(req.user!);
        if (!codes.has(PERM.depart.users) && !(await mine()).includes(depId)) throw new BizError(MSG.notFound);
        departIds = await subtree([depId]);
      } else departIds = await mine();
      if (!departIds.length) return ok(null);
      const base = () => {
        let query = db(app)
          .selectFrom('sys_user')
          .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
          .where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', 'in', departIds));
        if (username) query = query.where(likeExpr('username', 'like', username.replace(/^\*|\*$/g, ''), app.ctx.db.dialect));
        if (realname) query = query.where(likeExpr('realname', 'like', realname.replace(/^\*|\*$/g, ''), app.ctx.db.dialect));
        return query;
      };
      const rows = (await base().select(b.selectColumns as never).orderBy('create_time', 'desc').orderBy('id').limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as Row[];
      const total = Number((await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const names = await departNamesOf(db(app), rows.map((r) => String(r.id)));
      const records = rows.map((r) => ({ ...toWire(b, r), orgCode: names.get(String(r.id)) ?? null }));
      return ok(page(await dictService(ctx).translate(records, userEntity), total, pageNo, pageSize));
    });

    sub.get(`${U}/queryUserComponentData`, { config: SIGNED_IN }, async (req) => {
      const q = req.query as RawParams;
      const { pageNo, pageSize } = pageParams(q);
      const departId = param(q, 'departId')?.trim();
      const username = param(q, 'username')?.trim();
      const realname = param(q, 'realname')?.trim();
      const base = () => {
        let query = db(app)
          .selectFrom('sys_user')
          .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
        if (departId) {
          const dep = checkId(departId);
          query = query.where('id', 'in', (eb) => eb.selectFrom('sys_user_depart').select('user_id').where('dep_id', '=', dep));
        }
        if (username) query = query.where(likeExpr('username', 'like', username, app.ctx.db.dialect));
        if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
        return query;
      };
      const rows = await base()
        .select([...PICKER_COLUMNS])
        .orderBy('create_time', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const total = Number((await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const records = rows.map((r) => ({
        id: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex, status: r.status,
        orgCode: r.org_code, departIds: r.depart_ids, post: r.post, workNo: r.work_no,
      }));
      return ok(page(await withOrgCodeTxt(db(app), records), total, pageNo, pageSize));
    });

    sub.get(`${U}/getMultiUser`, { config: SIGNED_IN }, async (req, reply: FastifyReply) => {
      const q = req.query as RawParams;
      const listOf = (name: string) => (param(q, name) ?? '').split(',').map((s) => s.trim()).filter(Boolean).slice(0, 1000);
      const usernames = listOf('username');
      const ids = listOf('id').map(checkId);
      let query = db(app)
        .selectFrom('sys_user')
        .select(['id', 'username', 'realname', 'avatar', 'sex', 'org_code', 'post'])
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0), eb('status', '=', 1)]));
      if (usernames.length) query = query.where('username', 'in', usernames);
      if (ids.length) query = query.where('id', 'in', ids);
      const rows = await query.orderBy('create_time', 'desc').orderBy('id').limit(1000).execute();
      return reply.send(
        rows.map((r) => ({ id: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex, orgCode: r.org_code, post: r.post })),
      );
    });

    sub.get(`${U}/recycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
      const rows = (await db(app)
        .selectFrom('sys_user')
        .select(b.selectColumns as never)
        .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 1)]))
        .orderBy('update_time', 'desc')
        .orderBy('id')
        .limit(PAGE_LIMITS.maxRows)
        .execute()) as Row[];
      const records = await withOrgCodeTxt(db(app), rows.map((r) => toWire(b, r)));
      // contract §12.1: `orgCode` carries the department names on this screen.
      return ok(records.map((r) => ({ ...r, orgCode: r.orgCodeTxt ?? r.orgCode })));
    });

    sub.put(`${U}/putRecycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
      const body = asObject(req.body);
      if (body.userIds !== undefined && typeof body.userIds !== 'string') throw new BadRequestError('参数userIds格式不正确');
      const ids = splitIds(body.userIds as string | undefined);
      if (!ids.length) throw new BizError(MSG.badParams);
      const rows = await visibleUsers(req, ids, 1);
      if (rows.length !== ids.length) throw new BizError(MSG.notFound);
      await db(app).updateTable('sys_user').set({ del_flag: 0, update_by: req.user!.username, update_time: now() }).where('id', 'in', ids).execute();
      svc.invalidate();
      for (const id of ids) invalidateUser(id);
      return okMsg('还原成功');
    });

    sub.delete(`${U}/deleteRecycleBin`, { config: perm(PERM.user.recycleBin) }, async (req) => {
      const ids = splitIds(param(req.query as RawParams, 'userIds'));
      if (!ids.length) throw new BizError(MSG.badParams);
      const rows = await visibleUsers(req, ids, 1);
      if (rows.length !== ids.length) throw new BizError(MSG.notFound);
      await db(app).transaction().execute(async (trx) => {
        await trx.deleteFrom('sys_user_role').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('sys_user_depart').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('sys_depart_role_user').where('user_id', 'in', ids).execute();
        await trx.deleteFrom('sys_user').where('id', 'in', ids).where('del_flag', '=', 1).execute();
      });
      svc.invalidate();
      await endSessions(ids);
      await bumpPermissionVersion(ctx);
      return okMsg('删除成功');
    });

    sub.get(`${U}/queryByOrgCodeForAddressList`, { config: perm(PERM.user.addressList) }, async (req) => {
      const q = req.query as RawParams;
      const { pageNo, pageSize } = pageParams(q);
      const orgCode = param(q, 'orgCode')?.trim();
      if (orgCode && !/^[A-Za-z0-9]{1,64}$/.test(orgCode)) throw new BadRequestError('参数orgCode格式不正确');
      const realname = param(q, 'realname')?.trim();
      const workNo = param(q, 'workNo')?.trim();
      const base = () => {
        let query = db(app)
          .selectFrom('sys_user')
          .where((eb) => eb.and([userScope(eb, req), eb('del_flag', '=', 0)]))
          .where('id', 'in', (eb) => {
            let sq = eb.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id').select('ud.user_id');
            if (orgCode) sq = sq.where('dp.org_code', 'like', `${orgCode}%`);
            return sq;
          });
        if (realname) query = query.where(likeExpr('realname', 'like', realname, app.ctx.db.dialect));
        if (workNo) query = query.where(likeExpr('work_no', 'like', workNo, app.ctx.db.dialect));
        return query;
      };
      const rows = await base()
        .select(['id', 'username', 'realname', 'avatar', 'sex', 'work_no', 'post', 'telephone', 'email', 'phone'])
        .orderBy('create_time', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      const total = Number((await base().select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
      const ids = rows.map((r) => r.id);
      const links = ids.length
        ? await db(app)
            .selectFrom('sys_user_depart as ud')
            .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
            .select(['ud.user_id', 'dp.id as dep_id', 'dp.depart_name'])
            .where('ud.user_id', 'in', ids)
            .orderBy('dp.org_code')
            .execute()
        : [];
      const records = rows.map((r) => {
        const mine = links.filter((l) => l.user_id === r.id);
        return {
          id: r.id, userId: r.id, username: r.username, realname: r.realname, avatar: r.avatar, sex: r.sex,
          workNo: r.work_no, post: r.post, telephone: r.telephone, email: r.email, phone: r.phone,
          departId: mine[0]?.dep_id ?? null, departName: mine.map((l) => l.depart_name).join(' | ') || null,
        };
      });
      const translated = await dictService(ctx).translate(records, userEntity);
      return ok(page(translated, total, pageNo, pageSize));
    });

    sub.route({
      method: ['GET', 'POST'],
      url: `${U}/exportXls`,
      config: auth('exportXls'),
      preHandler: rules,
      handler: async (req, reply) => {
        const params: RawParams = {};
        if (req.body && typeof req.body === 'object' && !Array.isArray(req.body)) Object.assign(params, req.body);
        Object.assign(params, req.query as RawParams);
        const { fileName, bytes } = await exportWorkbook(svc, req, params);
        return reply
          .header('Content-Type', XLS_CONTENT_TYPE)
          .header('Content-Disposition', attachmentHeader(fileName))
          .header('X-Content-Type-Options', 'nosniff')
          .send(bytes);
      },
    });

    /** Import (contract §7.5): every row needs a `密码` column value, else `密码不能为空` for that row. */
    sub.post(`${U}/importExcel`, { config: auth('importExcel') }, async (req) => {
      if (!req.isMultipart()) throw new BadRequestError('请使用multipart/form-data上传Excel文件');
      const files: Buffer[] = [];
      for await (const part of req.parts()) if (part.type === 'file') files.push(await part.toBuffer());
      if (!files.length) throw new BizError('文件导入失败:未上传文件');
      const withPassword = new CrudService(ctx, { ...b, entity: { ...b.entity, fields: [...b.entity.fields, { prop: PASSWORD_PROP, label: '密码', type: 'string' }] } });
      const sheets = await readAll(withPassword, files);
      const outcome = { total: 0, success: 0, errors: [] as string[] };
      for (const rows of sheets) {
        for (const row of rows) {
          const { [PASSWORD_LABEL]: pw, ...cells } = row.cells;
          extrasOf.set(req, { password: pw });
          const o = await importRows(svc, req, [{ ...row, cells }]);
          outcome.total += o.total;
          outcome.success += o.success;
          outcome.errors.push(...o.errors);
        }
      }
      extrasOf.delete(req);
      return importResult(ctx.config, outcome);
    });
  });


}

const PASSWORD_PROP = 'importPassword';
const PASSWORD_LABEL = '密码';
