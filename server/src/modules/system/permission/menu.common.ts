/** What menus (sys_permission) and their data rules share: the row types, MENU_MSG and the blank test. */
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysPermissionTable, SysPermissionDataRuleTable } from '../../../db/schema.js';
import { MSG } from '../../../core/messages.js';

export type MenuRow = Selectable<SysPermissionTable>;
export type RuleRow = Selectable<SysPermissionDataRuleTable>;

export const MENU_MSG = {
  notFound: '未找到菜单信息',
  parentMissing: '上级菜单不存在',
  parentCycle: '上级菜单不能是自己或自己的下级',
  sqlRule: '不允许使用自定义SQL规则',
  badColumn: '规则字段必须是实体属性名（驼峰标识符）',
  badCondition: '规则条件不正确',
  unknownRuleColumn: '该菜单的数据没有此规则字段：',
  ruleNotFound: MSG.notFound,
  roleNotFound: MSG.roleNotFound,
  menuNameRequired: '菜单名称不能为空',
  menuTypeRequired: '菜单类型不能为空',
} as const;

export const empty = (s: unknown) => s === null || s === undefined || s === '';

export type Trx = Kysely<Database>;
