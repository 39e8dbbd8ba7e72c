import { md5, type MenuSeed } from './menus.js';
import { PERM } from './permissionCodes.js';

/** The 分类字典 menu row seeded by system-menus-v1 (same id formula as menuId()). */
export const CATEGORY_MENU_ID = md5('menu:分类字典:/isys/category');

const btn = (name: string, perms: string, sort: number): MenuSeed => ({ name, menuType: 2, perms, permsType: '1', sort });

/** Buttons of 分类字典 (contract §6.6 writes), seeded under the existing menu by the part 'category-v1'. */
export const CATEGORY_BUTTONS: MenuSeed[] = [
  btn('查询', PERM.category.list, 1),
  btn('添加', PERM.category.add, 2),
  btn('编辑', PERM.category.edit, 3),
  btn('删除', PERM.category.delete, 4),
  btn('批量删除', PERM.category.deleteBatch, 5),
  btn('导出', PERM.category.exportXls, 6),
  btn('导入', PERM.category.importExcel, 7),
];

/** A small demo tree for the category pickers: [code, name]; parents come before children. */
export const DEMO_CATEGORIES: Array<[string, string]> = [
  ['A01', '游戏类型'],
  ['A01A01', '角色扮演'],
  ['A01A02', '休闲竞技'],
  ['A02', '道具分类'],
  ['A02A01', '武器'],
  ['A02A02', '防具'],
  ['A02A03', '消耗品'],
];

export const categoryId = (code: string) => md5(`category:${code}`);
