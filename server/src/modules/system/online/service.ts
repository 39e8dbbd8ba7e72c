import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { callerTenants, userScope } from '../user/definition.js';

/** The user reads of the online-user screen (contract §12.8): tenant visibility, the listed users' details. */

/** The sex dictionary's texts by value. */
async function sexTexts(ctx: AppContext): Promise<Map<string, string>> {
  const rows = await ctx.db.db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select(['i.item_value', 'i.item_text'])
    .where('d.dict_code', '=', 'sex')
    .where((eb) => eb.or([eb('d.del_flag', '=', 0), eb('d.del_flag', 'is', null)]))
    .execute();
  return new Map(rows.map((r) => [r.item_value, r.item_text]));
}

/**
 * Of `userIds`, the users the caller may see (security §1.11: a tenant member only its tenants' users); all of them
 * for a platform user.
 */
export async function visibleUserIds(ctx: AppContext, req: FastifyRequest, userIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(userIds)];
  if (!callerTenants(req) || !ids.length) return new Set(ids);
  const visible = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await ctx.db.db
      .selectFrom('sys_user')
      .select('id')
      .where('id', 'in', ids.slice(i, i + 500))
      .where((eb) => userScope(eb, req))
      .execute();
    for (const r of rows) visible.add(r.id);
  }
  return visible;
}

export interface OnlineUserDetails {
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  sex_dictText: string | null;
  phone: string | null;
}

/** Avatar, birthday, sex (with its text) and phone of the listed users, by id. */
export async function userDetails(ctx: AppContext, userIds: string[]): Promise<Map<string, OnlineUserDetails>> {
  const ids = [...new Set(userIds)];
  const [users, sex] = await Promise.all([
    ids.length ? ctx.db.db.selectFrom('sys_user').select(['id', 'avatar', 'birthday', 'sex', 'phone']).where('id', 'in', ids).execute() : Promise.resolve([]),
    sexTexts(ctx),
  ]);
  return new Map(
    users.map((u) => {
      const sexValue = u.sex ?? null;
      return [
        u.id,
        {
          avatar: u.avatar ?? null,
          birthday: u.birthday ? String(u.birthday).slice(0, 10) : null,
          sex: sexValue,
          sex_dictText: sexValue === null ? null : (sex.get(String(sexValue)) ?? String(sexValue)),
          phone: u.phone ?? null,
        },
      ];
    }),
  );
}
