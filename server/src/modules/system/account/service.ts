import { createHash } from 'node:crypto';
import { FIELD_FORMATS } from '@pk/contract';
import type { AppContext } from '../../../core/context.js';
import type { SessionUser } from '../../../core/access/types.js';
import { endUserSessions, listSessions } from '../../../core/auth/session.js';
import { invalidateUser } from '../../../core/auth/users.js';
import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { retryOnDeadlock } from '../../../core/db/deadlock.js';
import { newId } from '../../../core/id.js';
import { now, parseWireDate } from '../../../core/time.js';
import { userInfoOf } from '../auth/rows.js';
import { ACCOUNT_MSG, readSetting, type UserSettings } from './settings.js';

/**
 * The signed-in user's own account (issue 14 point 6, 个人中心 / 个人设置): profile with departments and roles, the
 * whitelisted profile edit, the settings of sys_user_setting, the user's recent operations and own sessions.
 * Everything here acts on the caller's own id from the session, never on an id from the request.
 */

/** The fields 基本设置 may change (nothing that changes rights: username, roles, departments, status, tenants, password). */
export const PROFILE_FIELDS = ['realname', 'avatar', 'email', 'birthday', 'sex'] as const;

export interface ProfileEdit {
  realname?: string;
  avatar?: string | null;
  email?: string | null;
  birthday?: string | null;
  sex?: number | null;
}

/** The caller's profile: userInfo (no password, no salt), departments and roles. */
export async function ownProfile(ctx: AppContext, me: SessionUser) {
  const db = ctx.db.db;
  const [user, departs, roles] = await Promise.all([
    db.selectFrom('sys_user').selectAll().where('id', '=', me.id).executeTakeFirst(),
    db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select(['d.id', 'd.depart_name', 'd.org_code'])
      .where('ud.user_id', '=', me.id)
      .where((eb) => eb.or([eb('d.del_flag', '=', '0'), eb('d.del_flag', 'is', null)]))
      .orderBy('d.org_code')
      .limit(100)
      .execute(),
    db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
      .select(['r.id', 'r.role_name', 'r.role_code'])
      .where('ur.user_id', '=', me.id)
      .orderBy('r.role_code')
      .limit(100)
      .execute(),
  ]);
  if (!user) throw new BizError(MSG.userMissing);
  return {
    userInfo: userInfoOf(user),
    departs: departs.map((d) => ({ id: d.id, departName: d.depart_name, orgCode: d.org_code, current: d.org_code === user.org_code })),
    roles: roles.map((r) => ({ id: r.id, roleName: r.role_name, roleCode: r.role_code })),
  };
}

/**
 * Check the whitelisted fields of a profile body; every other property is ignored. Returns the values to write or
 * throws BizError with the field's message.
 */
export function checkProfile(body: Record<string, unknown>): ProfileEdit {
  const out: ProfileEdit = {};
  if (body.realname !== undefined) {
    const v = typeof body.realname === 'string' ? body.realname.trim() : '';
    if (!v) throw new BizError(ACCOUNT_MSG.realnameEmpty);
    if (v.length > 100) throw new BizError(ACCOUNT_MSG.realnameTooLong);
    out.realname = v;
  }
  if (body.avatar !== undefined) {
    const v = body.avatar === null ? '' : typeof body.avatar === 'string' ? body.avatar.trim() : null;
    if (v === null) throw new BizError(ACCOUNT_MSG.avatarBad);
    if (v.length > 255) throw new BizError(ACCOUNT_MSG.avatarTooLong);
    // an upload path of /sys/common/upload (relative) or an http(s) address; never a script or data URL
    if (v && (/^[a-z][a-z0-9+.-]*:/i.test(v) ? !/^https?:\/\//i.test(v) : /[\s<>"'\\]|^\/\/|\.\./.test(v))) throw new BizError(ACCOUNT_MSG.avatarBad);
    out.avatar = v || null;
  }
  if (body.email !== undefined) {
    const v = body.email === null ? '' : typeof body.email === 'string' ? body.email.trim() : null;
    if (v === null) throw new BizError(FIELD_FORMATS.email.message);
    if (v.length > 45) throw new BizError(ACCOUNT_MSG.emailTooLong);
    if (v && !FIELD_FORMATS.email.pattern.test(v)) throw new BizError(FIELD_FORMATS.email.message);
    out.email = v || null;
  }
  if (body.birthday !== undefined) {
    const raw = body.birthday === null ? '' : typeof body.birthday === 'string' ? body.birthday : null;
    if (raw === null || raw.length > 40) throw new BizError(ACCOUNT_MSG.birthdayBad);
    if (raw.trim()) {
      const d = parseWireDate(raw, 'date');
      if (!d || d > now().slice(0, 10)) throw new BizError(ACCOUNT_MSG.birthdayBad);
      out.birthday = d;
    } else out.birthday = null;
  }
  if (body.sex !== undefined) {
    const raw = body.sex === null || body.sex === '' ? null : Number(body.sex);
    if (raw !== null && raw !== 1 && raw !== 2) throw new BizError(ACCOUNT_MSG.sexBad);
    out.sex = raw;
  }
  return out;
}

/** Write the checked fields on the caller's own row; answers the fresh userInfo. */
export async function saveProfile(ctx: AppContext, me: SessionUser, edit: ProfileEdit) {
  const db = ctx.db.db;
  if (Object.keys(edit).length) {
    try {
      await db
        .updateTable('sys_user')
        .set({ ...edit, update_by: me.username, update_time: now() })
        .where('id', '=', me.id)
        .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw new BizError(ACCOUNT_MSG.emailTaken);
      throw e;
    }
    invalidateUser(me.id);
  }
  const user = await db.selectFrom('sys_user').selectAll().where('id', '=', me.id).executeTakeFirst();
  if (!user) throw new BizError(MSG.userMissing);
  return userInfoOf(user);
}

/** An e-mail another user (recycle bin included) already has. */
export async function emailTaken(ctx: AppContext, me: SessionUser, email: string): Promise<boolean> {
  const row = await ctx.db.db.selectFrom('sys_user').select('id').where('email', '=', email).where('id', '<>', me.id).limit(1).executeTakeFirst();
  return !!row;
}

/** The caller's stored settings (only known keys with valid values; the client's defaults fill the rest). */
export async function ownSettings(ctx: AppContext, me: SessionUser): Promise<UserSettings> {
  const rows = await ctx.db.db.selectFrom('sys_user_setting').select(['setting_key', 'value']).where('user_id', '=', me.id).limit(100).execute();
  const out: Record<string, unknown> = {};
  for (const r of rows) {
    const s = readSetting(r.setting_key, r.value);
    if (s) out[s.key] = s.value;
  }
  return out as UserSettings;
}

/** Store the checked settings: one upsert per key against the unique (user_id, setting_key). */
export async function saveSettings(ctx: AppContext, me: SessionUser, values: UserSettings): Promise<void> {
  const { db, dialect } = ctx.db;
  const t = now();
  // one statement per key (each atomic on its own; no transaction holding the index locks of several keys, so
  // parallel saves of one user cannot deadlock on MariaDB's gap locks), retried when chosen as a deadlock victim
  for (const [key, v] of Object.entries(values)) {
    const value = JSON.stringify(v);
    await retryOnDeadlock(async () => {
      const q = db.insertInto('sys_user_setting').values({ id: newId(), user_id: me.id, setting_key: key, value, update_time: t });
      if (dialect === 'mysql') await q.onDuplicateKeyUpdate({ value, update_time: t }).execute();
      else await q.onConflict((oc) => oc.columns(['user_id', 'setting_key']).doUpdateSet({ value, update_time: t })).execute();
    });
  }
}

/** The caller's last operations of the operation log (sys_log type 2, their own rows only). */
export async function ownOperations(ctx: AppContext, me: SessionUser, limit: number) {
  const rows = await ctx.db.db
    .selectFrom('sys_log')
    .select(['id', 'log_content', 'method', 'request_type', 'ip', 'cost_time', 'create_time'])
    .where('log_type', '=', 2)
    .where('userid', '=', me.username)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    logContent: r.log_content,
    method: r.method,
    requestType: r.request_type,
    ip: r.ip,
    costTime: r.cost_time,
    createTime: r.create_time,
  }));
}

/** A short text for a user agent: browser and system. */
export function deviceOf(ua: string): string {
  const browser =
    /Edg\/(\d+)/.exec(ua)?.[0].replace('Edg/', 'Edge ') ??
    /(?:Chrome|Chromium)\/(\d+)/.exec(ua)?.[0].replace('/', ' ') ??
    /Firefox\/(\d+)/.exec(ua)?.[0].replace('/', ' ') ??
    (/Version\/(\d+).*Safari/.test(ua) ? 'Safari' : null);
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  const text = [browser, os].filter(Boolean).join(' · ');
  return text || (ua ? ua.slice(0, 60) : '未知设备');
}

/**
 * The caller's live sessions, newest first: device, IP, sign-in time, last seen, and which one is this one.
 * `id` is a digest of the session id (the id itself is a bearer secret of the session and never leaves the server).
 */
export async function ownSessions(ctx: AppContext, me: SessionUser) {
  const mine = (await listSessions(ctx)).filter((s) => s.userId === me.id);
  mine.sort((a, b) => (a.sessionId === me.sessionId ? -1 : b.sessionId === me.sessionId ? 1 : b.loginTime.localeCompare(a.loginTime)));
  return mine.map((s) => ({
    id: createHash('sha256').update(s.sessionId).digest('hex').slice(0, 16),
    current: s.sessionId === me.sessionId,
    device: deviceOf(s.userAgent),
    userAgent: s.userAgent,
    ip: s.ip,
    loginTime: s.loginTime,
    lastSeen: s.lastSeen,
  }));
}

/** End every other session of the caller (their live sockets close through onSessionsEnded); the current one stays. */
export function endOtherSessions(ctx: AppContext, me: SessionUser): Promise<number> {
  return endUserSessions(ctx, me.id, me.sessionId);
}
