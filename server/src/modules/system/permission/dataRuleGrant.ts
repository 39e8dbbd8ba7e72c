import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { ruleWire } from './dataRule.service.js';
import type { RuleRow } from './menu.common.js';
import type { GrantTable } from './grants.service.js';

/**
 * The data rules a grant chooses (contract §4.3 `…/datarule` of roles, departments and department roles): a grant
 * row (sys_role_permission, sys_depart_permission, sys_depart_role_permission) keeps the ids of the rules it applies
 * on its menu as a comma list in `data_rule_ids`.
 */
export const DATA_RULE_MSG = {
  noRules: '未找到权限配置信息',
} as const;

/** `a,b,` (as stored in data_rule_ids) → the ids, blanks and a trailing comma dropped. */
export function ruleIdsOf(stored: string | null | undefined): string[] {
  return (stored ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The enabled rules of menu `permissionId` (only `ids` among them when given), in creation order. */
export async function enabledRules(db: Kysely<Database>, permissionId: string, ids?: readonly string[]): Promise<RuleRow[]> {
  if (ids && !ids.length) return [];
  return db
    .selectFrom('sys_permission_data_rule')
    .selectAll()
    .where('permission_id', '=', permissionId)
    .where('status', '=', '1')
    .$if(!!ids, (s) => s.where('id', 'in', ids as string[]))
    .orderBy('create_time')
    .orderBy('id')
    .execute();
}

/**
 * The answer of a `GET …/datarule`: `{datarule, drChecked?}` — the rules offered and the grant's choice
 * (`data_rule_ids` without its trailing comma); none offered → `未找到权限配置信息`.
 */
export function dataRuleChoice(offered: readonly RuleRow[], chosen: string | null | undefined): Record<string, unknown> {
  if (!offered.length) throw new BizError(DATA_RULE_MSG.noRules);
  const out: Record<string, unknown> = { datarule: offered.map(ruleWire) };
  const ids = ruleIdsOf(chosen);
  if (ids.length) out.drChecked = ids.join(',');
  return out;
}

/** One grant row: the table and the owner (a role, a department or a department role) that holds a menu. */
export interface GrantOwner {
  table: GrantTable;
  column: 'role_id' | 'depart_id';
  value: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (db: Kysely<Database>) => db as unknown as Kysely<any>;

/** The owner's grant of menu `permissionId`: its row id and chosen rules; undefined when the menu is not granted. */
export async function grantOf(
  db: Kysely<Database>,
  owner: GrantOwner,
  permissionId: string,
): Promise<{ id: string; data_rule_ids: string | null } | undefined> {
  return loose(db)
    .selectFrom(owner.table)
    .select(['id', 'data_rule_ids'])
    .where(owner.column, '=', owner.value)
    .where('permission_id', '=', permissionId)
    .executeTakeFirst();
}

/**
 * Save the rules a grant applies on menu `permissionId` (POST …/datarule). The menu must be granted to the owner
 * (else `messages.notGranted`); every id must be a rule of that menu and, when `allowed` is given, one of those
 * (else `messages.notAllowed`, by default 未找到权限配置信息). Returns the ids saved.
 */
export async function saveGrantRules(
  trx: Kysely<Database>,
  owner: GrantOwner,
  permissionId: string,
  ruleIds: string[],
  messages: { notGranted: string; notAllowed?: string },
  allowed?: readonly string[],
): Promise<string[]> {
  const grant = await grantOf(trx, owner, permissionId);
  if (!grant) throw new BizError(messages.notGranted);
  const wanted = allowed ? ruleIds.filter((i) => allowed.includes(i)) : ruleIds;
  if (ruleIds.length) {
    const known = wanted.length
      ? await trx.selectFrom('sys_permission_data_rule').select('id').where('id', 'in', wanted).where('permission_id', '=', permissionId).execute()
      : [];
    if (known.length !== ruleIds.length) throw new BizError(messages.notAllowed ?? DATA_RULE_MSG.noRules);
  }
  await loose(trx)
    .updateTable(owner.table)
    .set({ data_rule_ids: ruleIds.length ? ruleIds.join(',') : null })
    .where('id', '=', grant.id)
    .execute();
  return ruleIds;
}
