import { describe, expect, it } from 'vitest';
import { buildBreadcrumb, buildMenuEntries, filterSearch, menuKeys, nextOpenKeys, searchOptions } from './menu';
import { menuToRoutes } from './menuToRoutes';
import type { MenuNode } from './types';

const known = new Set(['dashboard/Analysis', 'system/SysPositionList', 'layouts/RouteView', 'layouts/IframePageView', 'account/center/Index']);
const root = { _CONFIG: { domianURL: '/jeecg-boot' } };
const menu: MenuNode[] = [
  { id: 'home', path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页', icon: 'home' } },
  {
    id: 'sys',
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统管理', icon: 'setting' },
    children: [
      { id: 'pos', path: '/isystem/position', name: 'isystem-position', component: 'system/SysPositionList', route: '1', meta: { title: '职务管理' } },
      {
        id: 'detail',
        path: '/isystem/position/detail',
        name: 'pos-detail',
        component: 'system/SysPositionList',
        route: '1',
        hidden: true,
        meta: { title: '职务详情' },
      },
      { id: 'param', path: '/isystem/item/:id', name: 'item', component: 'system/SysPositionList', route: '1', meta: { title: '参数页' } },
      { id: 'r0', path: '/online/report/abc', name: 'r0', component: 'system/SysPositionList', route: '0', meta: { title: 'Report' } },
      {
        id: 'ext',
        path: 'md5',
        name: 'ext',
        component: 'layouts/IframePageView',
        route: '1',
        meta: { title: '外部文档', internalOrExternal: true, url: "{{ window._CONFIG['domianURL'] }}/doc" },
      },
    ],
  },
  {
    id: 'mon',
    path: '/dashboard3',
    name: 'dashboard3',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统监控' },
    children: [{ id: 'log', path: '/isystem/log', name: 'isystem-log', component: 'system/SysPositionList', route: '1', meta: { title: '日志管理' } }],
  },
  {
    id: 'acc',
    path: '/account',
    name: 'account',
    component: 'layouts/RouteView',
    route: '1',
    hidden: true,
    meta: { title: '个人页' },
    children: [{ id: 'center', path: '/account/center', name: 'account-center', component: 'account/center/Index', route: '1', meta: { title: '个人中心' } }],
  },
  {
    id: 'as',
    path: '/settings',
    name: 'settings',
    component: 'dashboard/Analysis',
    alwaysShow: true,
    route: '1',
    meta: { title: '个人设置' },
    children: [{ id: 'c', path: '/settings/custom', name: 'settings-custom', component: 'dashboard/Analysis', route: '1', meta: { title: '个性化' } }],
  },
];
const routes = menuToRoutes(menu, { hasView: (c) => known.has(c), root });

describe('buildMenuEntries', () => {
  const entries = buildMenuEntries(menu, routes, root);
  it('skips hidden items, shows alwaysShow as one entry', () => {
    expect(entries.map((e) => e.title)).toEqual(['首页', '系统管理', '系统监控', '个人设置']);
    expect(entries[3].children).toBeUndefined();
    expect(entries[1].children?.map((c) => c.title)).toEqual(['职务管理', '参数页', 'Report', '外部文档']);
  });
  it('leaves out a group with nothing visible under it (在线开发 granted to all, none of its screens)', () => {
    const online: MenuNode = {
      id: 'on',
      path: '/online',
      name: 'online',
      component: 'layouts/RouteView',
      route: '1',
      meta: { title: '在线开发' },
      children: [],
    };
    const hiddenOnly: MenuNode = { ...online, id: 'on2', path: '/online2', children: [{ ...menu[0], id: 'h', hidden: true }] };
    expect(buildMenuEntries([...menu, online, hiddenOnly], routes, root).map((e) => e.title)).toEqual(['首页', '系统管理', '系统监控', '个人设置']);
  });
  it('links by route name, by path for route "0", and externally', () => {
    const sys = entries[1].children!;
    expect(sys[0].link).toEqual({ type: 'route', to: '/isystem/position' });
    expect(sys[2].link).toEqual({ type: 'route', to: '/online/report/abc' });
    expect(sys[3].link).toEqual({ type: 'external', href: '/jeecg-boot/doc' });
  });
});

describe('menuKeys', () => {
  it('selects the route and opens its ancestors', () => {
    expect(menuKeys(routes, '/isystem/position')).toEqual({ selectedKeys: ['/isystem/position'], openKeys: ['/isystem'] });
    expect(menuKeys(routes, '/isystem/log')).toEqual({ selectedKeys: ['/isystem/log'], openKeys: ['/dashboard3'] });
  });
  it('a hidden page selects its parent', () => {
    expect(menuKeys(routes, '/isystem/position/detail').selectedKeys).toEqual(['/isystem']);
  });
  it('colon-parameter paths use the full path as the selected key', () => {
    expect(menuKeys(routes, '/isystem/item/42')).toEqual({ selectedKeys: ['/isystem/item/42'], openKeys: null });
  });
});

describe('nextOpenKeys', () => {
  const rootKeys = ['/isystem', '/dashboard3'];
  it('keeps only one root submenu open', () => {
    expect(nextOpenKeys(['/isystem'], ['/isystem', '/dashboard3'], rootKeys)).toEqual(['/dashboard3']);
  });
  it('nested submenus open normally; closing works', () => {
    expect(nextOpenKeys(['/dashboard3'], ['/dashboard3', '/monitor'], rootKeys)).toEqual(['/dashboard3', '/monitor']);
    expect(nextOpenKeys(['/isystem'], [], rootKeys)).toEqual([]);
  });
});

describe('buildBreadcrumb', () => {
  it('starts with 首页, then each matched route; the current item has no link', () => {
    expect(buildBreadcrumb(routes, '/isystem/position')).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '系统管理', path: '/isystem' },
      { title: '职务管理' },
    ]);
  });
  it('home alone on the home page', () => {
    expect(buildBreadcrumb(routes, '/dashboard/analysis')).toEqual([{ title: '首页' }]);
  });
  it('matches parameter routes', () => {
    expect(buildBreadcrumb(routes, '/isystem/item/7').at(-1)).toEqual({ title: '参数页' });
  });
});

describe('menu search', () => {
  const options = searchOptions(menu, routes, root);
  it('lists visible, non-container entries', () => {
    expect(options.map((o) => o.label)).toEqual(['首页', '职务管理', '参数页', 'Report', '外部文档', '日志管理', '个人设置', '个性化']);
  });
  it('filters by typed text, case-insensitive', () => {
    expect(filterSearch(options, '管理').map((o) => o.label)).toEqual(['职务管理', '日志管理']);
    expect(filterSearch(options, 'report').map((o) => o.path)).toEqual(['/online/report/abc']);
    expect(filterSearch(options, '  ')).toHaveLength(options.length);
  });
  it('external entries carry their url', () => {
    expect(options.find((o) => o.label === '外部文档')).toMatchObject({ external: true, url: '/jeecg-boot/doc' });
  });
});
