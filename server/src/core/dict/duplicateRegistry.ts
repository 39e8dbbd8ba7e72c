import { pirateRankEntity, checkRuleEntity, dataSourceEntity, dictEntity, fillRuleEntity } from '@pk/contract';
import { messageTemplateEntity } from '@pk/contract';
import { bookUserEntity, braceletEntity, greatLineEntity, pirateShipEntity, signPlaceEntity } from '@pk/contract';
import { activityTaskEntity, honorEntity, treasureChestEntity } from '@pk/contract';
import { goodsEntity } from '@pk/contract';
import type { Database } from '../../db/schema.js';
import { PERM } from '../../db/seed/permissionCodes.js';
import { BadRequestError, MSG } from '../envelope/errors.js';

/**
 * The table/column pairs `GET /sys/duplicate/check` may probe (contract §6.3; security §1.1 B). In JeecgBoot the
 * request's tableName and fieldName were pasted into the SQL text (CVE-2022-45206, CVE-2023-38905); here the pair
 * must be registered byte for byte, and the identifiers used are the literals below, never the request's text.
 * Deny by default. The database's unique index stays the real guarantee: this check only tells a form early.
 */
export interface DuplicateCheck {
  table: keyof Database & string;
  column: string;
  /**
   * The caller must hold one of these codes (the list permission of the screen whose form checks the pair), so a
   * caller who cannot list the table cannot probe it for values either.
   */
  perms: readonly string[];
  /** An integer column: a value that is not an integer is free (PostgreSQL would refuse comparing it). */
  integer?: boolean;
}

/**
 * Every unique field of the existing screens (their DB unique indexes, migration 0001). Each of these columns is
 * unique over the whole table (not per tenant), so the check counts the whole table: a value used in another
 * tenant is taken too, as the save would find. The answer is only "available" or "taken" (like checkOnlyUser).
 */
const PAIRS: ReadonlyArray<readonly [string, DuplicateCheck]> = [
  // 用户管理 dialog (contract §12.1): username, phone, email, work number.
  ['sys_user.username', { table: 'sys_user', column: 'username', perms: [PERM.user.list] }],
  ['sys_user.phone', { table: 'sys_user', column: 'phone', perms: [PERM.user.list] }],
  ['sys_user.email', { table: 'sys_user', column: 'email', perms: [PERM.user.list] }],
  ['sys_user.work_no', { table: 'sys_user', column: 'work_no', perms: [PERM.user.list] }],
  // 角色管理 (contract §12.2): role code.
  ['sys_role.role_code', { table: 'sys_role', column: 'role_code', perms: [PERM.role.list] }],
  // 职务管理 (contract §12.4): position code.
  ['sys_position.code', { table: 'sys_position', column: 'code', perms: [PERM.position.list] }],
  // 多数据源管理 (contract §12.6): data-source code.
  ['sys_data_source.code', { table: 'sys_data_source', column: 'code', perms: [dataSourceEntity.perms.list] }],
  // 系统校验规则 / 系统编码规则 (contract §6.4, §6.5): rule code.
  ['sys_check_rule.rule_code', { table: 'sys_check_rule', column: 'rule_code', perms: [checkRuleEntity.perms.list] }],
  ['sys_fill_rule.rule_code', { table: 'sys_fill_rule', column: 'rule_code', perms: [fillRuleEntity.perms.list] }],
  // 数据字典 (contract §6.2): dictionary code.
  ['sys_dict.dict_code', { table: 'sys_dict', column: 'dict_code', perms: [dictEntity.perms.list] }],
  // 模板管理 (contract §8.4): template code.
  ['sys_sms_template.template_code', { table: 'sys_sms_template', column: 'template_code', perms: [messageTemplateEntity.perms.list] }],
  // 游戏管理 venue (issue 13): player phone/openid, ship number, line code, place number/NFC, bracelet number/NFC/user.
  ['book_user.phone', { table: 'book_user', column: 'phone', perms: [bookUserEntity.perms.list] }],
  ['book_user.openid', { table: 'book_user', column: 'openid', perms: [bookUserEntity.perms.list] }],
  ['pirate_ship.ship_no', { table: 'pirate_ship', column: 'ship_no', perms: [pirateShipEntity.perms.list] }],
  ['great_line.line_code', { table: 'great_line', column: 'line_code', perms: [greatLineEntity.perms.list] }],
  ['sign_place.place_no', { table: 'sign_place', column: 'place_no', perms: [signPlaceEntity.perms.list] }],
  ['sign_place.nfc_code', { table: 'sign_place', column: 'nfc_code', perms: [signPlaceEntity.perms.list] }],
  ['bracelet.bracelet_no', { table: 'bracelet', column: 'bracelet_no', perms: [braceletEntity.perms.list] }],
  ['bracelet.nfc_uid', { table: 'bracelet', column: 'nfc_uid', perms: [braceletEntity.perms.list] }],
  ['bracelet.user_id', { table: 'bracelet', column: 'user_id', perms: [braceletEntity.perms.list] }],
  // quest screens of the game (issue 13): task code, honor code, chest number and NFC code.
  ['activity_task.task_code', { table: 'activity_task', column: 'task_code', perms: [activityTaskEntity.perms.list] }],
  ['honor.honor_code', { table: 'honor', column: 'honor_code', perms: [honorEntity.perms.list] }],
  ['treasure_chest.chest_no', { table: 'treasure_chest', column: 'chest_no', perms: [treasureChestEntity.perms.list] }],
  ['treasure_chest.nfc_code', { table: 'treasure_chest', column: 'nfc_code', perms: [treasureChestEntity.perms.list] }],
  // 海盗等级 (issue 13): tier level.
  // 商品 (issue 13 point 8): goods number.
  ['goods.goods_no', { table: 'goods', column: 'goods_no', perms: [goodsEntity.perms.list] }],
  ['pirate_rank.rank_level', { table: 'pirate_rank', column: 'rank_level', perms: [pirateRankEntity.perms.list], integer: true }],
];

const REGISTRY: ReadonlyMap<string, DuplicateCheck> = new Map(PAIRS);

export const DUPLICATE_MSG = {
  /** contract §6.3, the exact wording. */
  available: MSG.valueFree,
  taken: MSG.valueTaken,
  empty: '数据为空,不作处理！',
  missing: '参数tableName和fieldName不能为空',
  unregistered: (table: string, field: string) => `该表字段不允许校验：${clip(`${table}.${field}`)}`,
} as const;

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** The registered pair, or a 400 before anything reaches SQL (unknown table or column, spaces, comments, `;`…). */
export function resolveDuplicateCheck(tableName: string | undefined, fieldName: string | undefined): DuplicateCheck {
  if (!tableName || !fieldName) throw new BadRequestError(DUPLICATE_MSG.missing);
  const found = REGISTRY.get(`${tableName}.${fieldName}`);
  if (!found || tableName.includes('.') || fieldName.includes('.')) throw new BadRequestError(DUPLICATE_MSG.unregistered(tableName, fieldName));
  return found;
}

/** The registered pairs as `table.column` (for documentation and tests). */
export function registeredDuplicateChecks(): string[] {
  return [...REGISTRY.keys()];
}
