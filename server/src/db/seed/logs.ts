import { md5, type MenuSeed } from './menus.js';
import { PERM } from './permissionCodes.js';

/** The 日志管理 and 数据日志 menu rows seeded by system-menus-v1 (same id formula as menuId()). */
export const LOG_MENU_ID = md5('menu:日志管理:/isystem/log');
export const DATA_LOG_MENU_ID = md5('menu:数据日志:/sys/dataLog-list');

const btn = (name: string, perms: string, sort: number): MenuSeed => ({ name, menuType: 2, perms, permsType: '1', sort });

/** Buttons of 日志管理, seeded under the existing menu by the part 'logs-v1'. */
export const LOG_BUTTONS: MenuSeed[] = [btn('查询', PERM.log.list, 1), btn('删除', PERM.log.delete, 2), btn('批量删除', PERM.log.deleteBatch, 3)];

/** Buttons of 数据日志 (list, versions, comparison), part 'logs-v1'. */
export const DATA_LOG_BUTTONS: MenuSeed[] = [btn('查询', PERM.dataLog.list, 1)];
