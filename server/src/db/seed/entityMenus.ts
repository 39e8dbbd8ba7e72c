import { ENTITIES, menuButtons, type Entity, type MenuGroup } from '@pk/contract';
import { MENU_IDS, type MenuSeed } from './menus.js';

/** The parent row of each menu group an entity may name. */
export const GROUP_IDS: Readonly<Record<MenuGroup, string>> = {
  system: MENU_IDS.system,
  online: MENU_IDS.online,
  message: MENU_IDS.message,
  monitor: MENU_IDS.monitor,
  game: MENU_IDS.game,
  account: MENU_IDS.account,
};

/** An entity's menu row (perms = its list code) with its button rows, derived from its `menu` block. */
export function entityMenuSeed(e: Entity): MenuSeed {
  const m = e.menu;
  if (!m) throw new Error(`entity ${e.key} has no menu block`);
  return {
    name: m.name,
    url: m.url,
    component: m.component,
    sort: m.sort,
    icon: m.icon,
    perms: e.perms.list,
    children: menuButtons(e).map((b) => ({
      name: b.name,
      menuType: 2,
      perms: b.perms,
      permsType: b.permsType,
      sort: b.sort,
      ...(b.noRoute ? { noRoute: true as const } : {}),
    })),
  };
}

/** Entities with a menu, each seeded by its own part `entity:{key}:v{version}` (a raised version re-seeds missing rows). */
export function entitiesWithMenu(list: readonly Entity[] = ENTITIES): Entity[] {
  return list.filter((e) => e.menu);
}

export const entityPartName = (e: Entity) => `entity:${e.key}:v${e.menu?.version ?? 1}`;
