import { PERM } from '@pk/contract';
import { md5, type MenuSeed } from './menus.js';

/**
 * Seed part `dashboards-v1` (issue 14 point 4): the 数据看板 group with four of the six dashboards of spec 000 §2
 * (analysis is 首页, workplace sits under 个人页). Component names follow the original client's IndexChart /
 * IndexTask / IndexBdc; the monitor board is dashboard/Monitor.
 */
export const DASHBOARD_MENU_ID = md5('menu:/dashboards');

export const DASHBOARD_MENUS: MenuSeed[] = [
  {
    id: DASHBOARD_MENU_ID,
    name: '数据看板',
    sort: 1,
    url: '/dashboards',
    component: 'layouts/RouteView',
    icon: 'dashboard',
    children: [
      { name: '监控台', sort: 1, url: '/dashboard/monitor', component: 'dashboard/Monitor' },
      { name: '游戏统计', sort: 2, url: '/dashboard/chart', component: 'dashboard/IndexChart' },
      { name: '今日待办', sort: 3, url: '/dashboard/task', component: 'dashboard/IndexTask' },
      { name: '场馆大屏', sort: 4, url: '/dashboard/bdc', component: 'dashboard/IndexBdc' },
    ],
  },
];

/**
 * Seed part `dashboard-ops-perms-v1` (issue 14 point 4, dashops): the permission codes of 今日待办 and 场馆大屏, set on
 * the menu rows `dashboards-v1` made (ids `md5('menu:{name}:{url}')`), so existing installations get them too.
 */
export const DASHBOARD_OPS_PERMS: Array<{ menuId: string; perms: string }> = [
  { menuId: md5('menu:今日待办:/dashboard/task'), perms: PERM.dashboard.task },
  { menuId: md5('menu:场馆大屏:/dashboard/bdc'), perms: PERM.dashboard.bdc },
];
