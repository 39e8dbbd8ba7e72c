import { describe, expect, it } from 'vitest';
import { assertMenu, INVALID_MENU_ERROR, menuToRoutes, VUE3_LAYOUT_ERROR, firstChildPath, withAbsolutePaths } from './menuToRoutes';
import { renderPlaceholders, resolvePath } from './template';
import type { MenuNode } from './types';

const known = new Set([
  'dashboard/Analysis',
  'system/SysPositionList',
  'layouts/RouteView',
  'layouts/IframePageView',
  'account/settings/Index',
  'account/settings/Custom',
]);
const opts = { hasView: (c: string) => known.has(c), root: { _CONFIG: { domianURL: 'http://h/jeecg-boot' } } };

const menu: MenuNode[] = [
  {
    path: '/dashboard/analysis',
    name: 'dashboard-analysis',
    component: 'dashboard/Analysis',
    route: '1',
    meta: { title: '首页', icon: 'home', keepAlive: false },
  },
  {
    path: '/isystem',
    name: 'isystem',
    component: 'layouts/RouteView',
    route: '1',
    redirect: null,
    meta: { title: '系统管理' },
    children: [
      { path: '/isystem/position', name: 'isystem-position', component: 'system/SysPositionList', route: '1', meta: { title: '职务管理', keepAlive: true } },
      { path: '/isystem/user', name: 'isystem-user', component: 'system/UserList', route: '1', meta: { title: '用户管理' } },
      { path: '/isystem/hidden', name: 'isystem-hidden', component: 'system/SysPositionList', route: '1', hidden: true, meta: { title: '隐藏页' } },
    ],
  },
  {
    path: '/dashboard3',
    name: 'dashboard3',
    component: 'layouts/RouteView',
    route: '1',
    meta: { title: '系统监控' },
    children: [
      {
        path: 'b9f1c3',
        name: 'docs',
        component: 'layouts/IframePageView',
        route: '1',
        meta: { title: '在线文档', url: "{{ window._CONFIG['domianURL'] }}/docs" },
      },
      {
        path: '/online/cgform/:code',
        name: 'online-param',
        component: 'system/SysPositionList',
        route: '0',
        meta: { title: '不注册' },
        children: [{ path: '/online/child', name: 'online-child', component: 'dashboard/Analysis', route: '1', meta: { title: '子' } }],
      },
    ],
  },
  {
    path: '/account/settings/BaseSetting',
    name: 'account-settings',
    component: 'account/settings/Index',
    alwaysShow: true,
    route: '1',
    meta: { title: '个人设置' },
    children: [
      { path: '/account/settings/custom', name: 'account-settings-custom', component: 'account/settings/Custom', route: '1', meta: { title: '个性化设置' } },
    ],
  },
];

describe('menuToRoutes', () => {
  const routes = menuToRoutes(menu, opts);
  const by = (path: string) => routes.find((r) => r.path === path);

  it('registers every routable item flat, parents first, with its ancestors', () => {
    expect(routes.map((r) => r.path)).toEqual([
      '/dashboard/analysis',
      '/isystem',
      '/isystem/position',
      '/isystem/user',
      '/isystem/hidden',
      '/dashboard3',
      'b9f1c3',
      '/account/settings/BaseSetting',
      '/account/settings/custom',
    ]);
    expect(by('/isystem/position')?.parents).toEqual([{ title: '系统管理', path: '/isystem' }]);
  });

  it('component containing layouts → layout; known page → view; unknown → 404 page', () => {
    expect(by('/isystem')?.kind).toBe('layout');
    expect(by('/isystem/position')?.kind).toBe('view');
    expect(by('/isystem/user')?.kind).toBe('notFound');
    expect(by('b9f1c3')?.kind).toBe('layout');
  });

  it('route "0" items and their subtree are not registered', () => {
    expect(by('/online/cgform/:code')).toBeUndefined();
    expect(by('/online/child')).toBeUndefined();
  });

  it('alwaysShow → redirect is the own path', () => {
    expect(by('/account/settings/BaseSetting')?.redirect).toBe('/account/settings/BaseSetting');
  });

  it('evaluates {{ }} placeholders in meta.url through a property path, never code', () => {
    expect(by('b9f1c3')?.meta.url).toBe('http://h/jeecg-boot/docs');
    expect(renderPlaceholders('{{ alert(1) }}x', { alert: () => 'no' })).toBe('x');
    expect(renderPlaceholders('{{window._CONFIG.domianURL}}/a', { _CONFIG: { domianURL: 'u' } })).toBe('u/a');
    expect(resolvePath('_CONFIG["__proto__"]', { _CONFIG: {} })).toBeUndefined();
    expect(resolvePath('constructor.constructor', {})).toBeUndefined();
  });

  it('copies meta flags', () => {
    const r = by('/isystem/position')!;
    expect(r.meta).toMatchObject({ title: '职务管理', keepAlive: true, internalOrExternal: false });
    expect(r.name).toBe('isystem-position');
    expect(by('/isystem/hidden')?.hidden).toBe(true);
  });

  it('a Vue3 default layout stops start-up', () => {
    expect(() => menuToRoutes([{ path: '/x', component: 'LAYOUT', meta: { title: 'x' } }], opts)).toThrow(VUE3_LAYOUT_ERROR);
    expect(() => menuToRoutes([{ path: '/x', component: 'layouts/default/index', meta: {} }], opts)).toThrow(Error);
  });

  it('derives a name from the path when the server sent none', () => {
    const [r] = menuToRoutes([{ path: '/isystem/role/:id', component: 'dashboard/Analysis' }], opts);
    expect(r.name).toBe('isystem-role-@id');
  });

  it('finds the first child page of a container', () => {
    expect(firstChildPath(routes, '/isystem')).toBe('/isystem/position');
  });
});

describe('assertMenu', () => {
  it('rejects empty or invalid menus', () => {
    expect(() => assertMenu([])).toThrow(INVALID_MENU_ERROR);
    expect(() => assertMenu(null)).toThrow('getPermissionList: permissions must be a non-null array !');
    expect(() => assertMenu({})).toThrow(INVALID_MENU_ERROR);
    expect(() => assertMenu([{ path: '/' }])).not.toThrow();
  });
});

export { menu as sampleMenu, opts as sampleOpts };

describe('withAbsolutePaths', () => {
  // issue 10 point 13: 在线文档's path is a bare md5; a relative link opened /{current page}/{md5}, a 404
  it('hangs a relative path under its parent (or /), as the original nested router does; absolute paths and urls stay', () => {
    const abs = withAbsolutePaths([
      ...menu,
      { path: 'top', name: 'top', component: 'layouts/IframePageView', route: '1', meta: { title: '顶层' } },
      { path: 'https://x.test/a', name: 'ext', component: 'layouts/IframePageView', route: '1', meta: { title: '外链', internalOrExternal: true } },
    ]);
    const routes = menuToRoutes(abs, opts);
    expect(routes.find((r) => r.name === 'docs')?.path).toBe('/dashboard3/b9f1c3');
    expect(routes.find((r) => r.name === 'top')?.path).toBe('/top');
    expect(routes.find((r) => r.name === 'ext')?.path).toBe('https://x.test/a');
    expect(routes.find((r) => r.name === 'isystem-user')?.path).toBe('/isystem/user');
    expect(abs[2].children?.[0].path).toBe('/dashboard3/b9f1c3');
  });
});
