import { PLAY_PERMS } from '@pk/contract';
import type { DictSeed } from './dicts.js';
import { md5, type MenuSeed } from './menus.js';

/** 设备管理's device types (seed part `game-play-perms-v1`). */
export const GAME_PLAY_DICTS: DictSeed[] = [
  {
    code: 'game_device_type',
    name: '游戏设备类型',
    type: 1,
    items: [
      ['1', '签到机'],
      ['2', '答题机'],
      ['3', '宝箱'],
    ],
  },
];

/**
 * The staff play calls' button rows (issue 13 point 5), under the menu rows of 用户签到, 用户答题记录 and 宝箱 (ids
 * `md5('menu:{name}:{url}')`, as their entities' seed parts make them). The menu rows may come in the same upgrade:
 * this part runs after the entity parts.
 */
export const GAME_PLAY_BUTTONS: Array<{ parent: string; button: MenuSeed }> = [
  { parent: md5('menu:用户签到:/game/userSignPlace'), button: { name: '签到', menuType: 2, perms: PLAY_PERMS.signIn, sort: 90 } },
  { parent: md5('menu:用户答题记录:/game/userQuestionRecord'), button: { name: '答题', menuType: 2, perms: PLAY_PERMS.answer, sort: 90 } },
  { parent: md5('menu:宝箱:/game/treasureChest'), button: { name: '开启', menuType: 2, perms: PLAY_PERMS.openChest, sort: 90 } },
];
