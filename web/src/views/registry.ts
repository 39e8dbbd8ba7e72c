/**
 * Menu component string → lazy page (000 §2 "Lazy-loaded screen catalogue"). Pages are split into their own chunks;
 * a component string missing here renders the 404 page. Container layouts (RouteView, PageView) have no page of
 * their own: visiting one goes to its redirect or its first child.
 */
import type { ComponentType } from 'react';
import { ENTITIES, type Entity } from '@pk/contract';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/** Layout components that only hold children. */
export const CONTAINER_LAYOUTS = new Set(['layouts/RouteView', 'layouts/PageView', 'layouts/TabLayout', 'layouts/BlankLayout']);

const accountSettings: PageLoader = () => import('../pages/account/Settings');

/** 组件示例 pages: `demo/Foo` → `pages/demo/Foo.tsx` (one chunk each), so adding a demo needs no entry here. */
const demoPages: Record<string, PageLoader> = Object.fromEntries(
  Object.entries(import.meta.glob<PageModule>(['../pages/demo/*.tsx', '!../pages/demo/*.test.tsx'])).map(([file, load]) => [
    `demo/${file.slice('../pages/demo/'.length, -'.tsx'.length)}`,
    load,
  ]),
);

/**
 * Entities with a menu block (packages/contract `ENTITIES`): their menu component opens the generic list page of the
 * definition unless a page of its own is listed below (an explicit entry wins).
 */
export function entityPages(entities: readonly Entity[]): Record<string, PageLoader> {
  return Object.fromEntries(
    entities.flatMap((e) => (e.menu ? [[e.menu.component, () => import('../crud/EntityListPage').then((m) => ({ default: m.entityPage(e) }))] as const] : [])),
  );
}

export const views: Record<string, PageLoader> = {
  ...entityPages(ENTITIES),
  ...demoPages,
  'dashboard/Analysis': () => import('../pages/dashboard/Analysis'),
  // issue 14 point 4 (dashops): 工作台, 今日待办, 场馆大屏
  'dashboard/Workplace': () => import('../pages/dashboard/Workplace'),
  'dashboard/IndexTask': () => import('../pages/dashboard/IndexTask'),
  'dashboard/IndexBdc': () => import('../pages/dashboard/IndexBdc'),
  'system/SysPositionList': () => import('../pages/system/position'),
  'system/SysDataSourceList': () => import('../pages/system/dataSource'),
  'system/SysGatewayRouteList': () => import('../pages/system/gatewayRoute'),
  'system/DictList': () => import('../pages/system/dict'),
  'system/SysCategoryList': () => import('../pages/system/category'),
  // issue 3 (iam-tree): menus, departments, tenants, online users, address book
  'system/PermissionList': () => import('../pages/system/permission'),
  'system/DepartList': () => import('../pages/system/depart'),
  'system/DepartUserList': () => import('../pages/system/departUser'),
  'system/TenantList': () => import('../pages/system/tenant'),
  'system/SysUserOnlineList': () => import('../pages/system/online'),
  'system/AddressList': () => import('../pages/system/addressList'),
  // issue 3: users and roles
  'system/UserList': () => import('../pages/system/user'),
  'system/RoleUserList': () => import('../pages/system/role'),
  // issue 11: check rules and fill rules
  'system/SysCheckRuleList': () => import('../pages/system/checkRule'),
  'system/SysFillRuleList': () => import('../pages/system/fillRule'),
  // issue 25: a designed table's list is the generic list page of its run-time definition
  'modules/online/cgform/auto/OnlCgformAutoList': () => import('../pages/online/OnlCgformAutoList'),
  'modules/online/cgform/OnlCgformHeadList': () => import('../pages/online/designer'),
  'system/QuartzJobList': () => import('../pages/system/quartz'),
  // issue 13: the score ledger
  'game/PirateScoreList': () => import('../pages/game/score'),
  'system/LogList': () => import('../pages/system/log'),
  'system/DataLogList': () => import('../pages/system/dataLog'),
  // issue 12: 消息中心
  'modules/message/SysMessageTemplateList': () => import('../pages/message/template'),
  'modules/message/SysMessageList': () => import('../pages/message/list'),
  // issue 13 (quest): the question bank with its options sub-table, user honors with 手动授予
  'game/QuestionBankList': () => import('../pages/game/quest/QuestionBankList'),
  'game/UserHonorList': () => import('../pages/game/quest/UserHonorList'),
  // issue 12: 系统通告 and 我的消息
  'system/SysAnnouncementList': () => import('../pages/system/announcement'),
  'system/UserAnnouncementList': () => import('../pages/system/userAnnouncement'),
  // issue 13: 预约用户 (player page), 图片素材, 消息, 政策协议
  'game/BookUserList': () => import('../pages/game/content/BookUserList'),
  'game/PictureMaterialList': () => import('../pages/game/content/PictureMaterialList'),
  'game/GameMessageList': () => import('../pages/game/content/GameMessageList'),
  'game/PolicyList': () => import('../pages/game/content/PolicyList'),
  // issue 13 point 5: 设备管理 (device keys shown once)
  'game/GameDeviceList': () => import('../pages/game/play'),
  'game/GameOrderList': () => import('../pages/game/shop/GameOrderList'),
  // issue 13: the venue (ship with its crew, a great line's places in order)
  'game/PirateShipList': () => import('../pages/game/venue/PirateShipList'),
  'game/GreatLineList': () => import('../pages/game/venue/GreatLineList'),
  // issue 13: 预约信息 and the 签到台
  'game/BookReservationInfoList': () => import('../pages/game/reservation'),
  'game/CheckInDesk': () => import('../pages/game/checkInDesk'),
  'layouts/IframePageView': () => import('../pages/iframe/IframePageView'),
  'exception/403': () => import('../pages/exception/Exception403'),
  'exception/404': () => import('../pages/exception/Exception404'),
  'exception/500': () => import('../pages/exception/Exception500'),
  'account/center/Index': () => import('../pages/account/Center'),
  'account/settings/Index': accountSettings,
  'account/settings/BaseSetting': accountSettings,
  'account/settings/Custom': accountSettings,
  'account/settings/Security': accountSettings,
  'account/settings/Notification': accountSettings,
  'account/settings/Binding': accountSettings,
  // issue 14 point 2 (redis): Redis监控 and Redis终端; point 9: the result pages (JeecgBoot's result/Success, result/Error)
  'modules/monitor/RedisInfo': () => import('../pages/monitor/redis/RedisInfo'),
  'modules/monitor/RedisTerminal': () => import('../pages/monitor/redis/RedisTerminal'),
  'result/Success': () => import('../pages/result/Success'),
  'result/Error': () => import('../pages/result/Error'),
  // dashboard venue (issue 14 point 4)
  'dashboard/IndexChart': () => import('../pages/dashboard/IndexChart'),
  // issue 14 monitor (s14-monitor): 系统监控 › 性能监控 and the 监控台 dashboard
  'modules/monitor/SystemInfo': () => import('../pages/monitor/SystemInfo'),
  'modules/monitor/JvmInfo': () => import('../pages/monitor/JvmInfo'),
  'modules/monitor/TomcatInfo': () => import('../pages/monitor/TomcatInfo'),
  'modules/monitor/DiskMonitoring': () => import('../pages/monitor/DiskMonitoring'),
  'modules/monitor/HttpTrace': () => import('../pages/monitor/HttpTrace'),
  'dashboard/Monitor': () => import('../pages/dashboard/Monitor'),
};

/** Normalises the way the server may spell a component (`/views/x.vue` → `x`, like the permission normaliser). */
export function normalizeComponent(component: string): string {
  return component
    .trim()
    .replace(/^\/+/, '')
    .replace(/^(src\/)?views\//, '')
    .replace(/\.vue$/, '');
}

export function hasView(component: string): boolean {
  const c = normalizeComponent(component);
  return CONTAINER_LAYOUTS.has(c) || c in views;
}

export function getView(component: string): PageLoader | undefined {
  return views[normalizeComponent(component)];
}

/**
 * Entities defined after the build (a definition the server hands over at run time; a test's throwaway one): their
 * menu component opens the generic list page, unless a page of that name exists already. See views/prefetch.ts
 * `addEntities`, which also gives them their prefetch.
 */
export function addEntityPages(entities: readonly Entity[]): void {
  for (const [component, load] of Object.entries(entityPages(entities))) views[component] ??= load;
}
