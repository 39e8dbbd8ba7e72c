import { md5 } from './menus.js';

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
