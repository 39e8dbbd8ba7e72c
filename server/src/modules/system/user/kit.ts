import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { endUserSessions, invalidateUser } from '../../../core/auth/index.js';
import type { AppContext } from '../../../core/context.js';
import { CrudService, resolveBinding, splitIds, type ResolvedBinding } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { param, type RawParams } from '../../../core/query/index.js';
import type { Database, SysUserTable } from '../../../db/schema.js';
import { userBinding, userRuleScope, userScope } from './definition.js';

/** What the `/sys/user/*` route files share: the binding, one CRUD service (one count cache) and user helpers. */
export interface UserKit {
  ctx: AppContext;
  b: ResolvedBinding;
  svc: CrudService;
  db: () => Kysely<Database>;
  /** Users visible to the request among `ids` (tenant scope, data rules of the screen, not the reserved user), with their usernames. */
  visibleUsers: (req: FastifyRequest, ids: string[], deleted?: 0 | 1 | null) => Promise<Array<{ id: string; username: string | null }>>;
  /** Forget the users' cached logins and end their sessions. */
  endSessions: (ids: string[]) => Promise<void>;
}

export function userKit(app: FastifyInstance): UserKit {
  const ctx = app.ctx;
  const b = resolveBinding(userBinding);
  const db = () => ctx.db.db;
  return {
    ctx,
    b,
    svc: new CrudService(ctx, b),
    db,
    visibleUsers: async (req, ids, deleted = 0) => {
      if (!ids.length) return [];
      return db()
        .selectFrom('sys_user')
        .select(['id', 'username'])
        .where('id', 'in', ids)
        .where((eb) => {
          const parts = [userScope(eb, req)];
          const rules = userRuleScope(eb, req);
          if (rules) parts.push(rules);
          if (deleted !== null) parts.push(eb('del_flag', '=', deleted));
          return eb.and(parts);
        })
        .execute();
    },
    endSessions: async (ids) => {
      for (const id of ids) {
        invalidateUser(id);
        await endUserSessions(ctx, id);
      }
    },
  };
}

export type Row = Record<string, unknown>;

/**
 * Safe columns for pickers and lookups (001 §2 user picker: account, real name, birthday …): no phone, e-mail,
 * password or salt. The phone is added only for a caller who holds user:list (PICKER_PHONE_PERM).
 */
export const PICKER_COLUMNS = ['id', 'username', 'realname', 'avatar', 'sex', 'birthday', 'status', 'org_code', 'depart_ids', 'post', 'work_no'] as const;

/** A row of PICKER_COLUMNS on the wire (birthday as yyyy-MM-dd). */
export function pickerWire(r: Pick<Selectable<SysUserTable>, (typeof PICKER_COLUMNS)[number]>): Row {
  return {
    id: r.id,
    username: r.username,
    realname: r.realname,
    avatar: r.avatar,
    sex: r.sex,
    birthday: r.birthday ? String(r.birthday).slice(0, 10) : null,
    status: r.status,
    orgCode: r.org_code,
    departIds: r.depart_ids,
    post: r.post,
    workNo: r.work_no,
  };
}

/** `a,b,` (the client's trailing comma forces a list) → trimmed values, at most 1000 (a picker's limit). */
export function commaList(q: RawParams, name: string): string[] {
  return (param(q, name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 1000);
}

/** `selectedroles` / `selecteddeparts`: comma ids; undefined when absent. */
export function idList(v: unknown, name: string): string[] | undefined {
  if (v === undefined) return undefined;
  if (v === null) return [];
  if (typeof v !== 'string') throw new BadRequestError(`参数${name}格式不正确`);
  return splitIds(v);
}
