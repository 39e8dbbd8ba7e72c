import { describe, expect, it } from 'vitest';
import { buildUserPermission, md5Hex, menuNodeOf, urlToRouteName, type PermRow } from './userPermission.build.js';

function row(p: Partial<PermRow> & { id: string }): PermRow {
  return {
    parent_id: null,
    name: p.id,
    url: `/${p.id}`,
    component: null,
    component_name: null,
    redirect: null,
    menu_type: 1,
    perms: null,
    perms_type: null,
    sort_no: 1,
    always_show: 0,
    icon: null,
    is_route: 1,
    is_leaf: 1,
    keep_alive: 0,
    hidden: 0,
    hide_tab: 0,
    status: null,
    internal_or_external: 0,
    ...p,
  };
}

const home = row({ id: 'home', name: '首页', url: '/dashboard/analysis', component: 'dashboard/Workplace', menu_type: 0, sort_no: 0, icon: 'home' });

// Contract §4.1, rule by rule.
describe('buildUserPermission', () => {
  it('maps a menu row to a MenuNode', () => {
    const n = menuNodeOf(row({ id: 'u', parent_id: 'sys', url: '/isystem/user', component: 'system/UserList', keep_alive: 1, is_route: 0 }));
    expect(n).toEqual({
      id: 'u',
      route: '0',
      path: '/isystem/user',
      name: 'isystem-user',
      component: 'system/UserList',
      meta: { title: 'u', keepAlive: true, internalOrExternal: false, componentName: 'UserList' },
    });
    expect(n).not.toHaveProperty('redirect');
    expect(n).not.toHaveProperty('hidden');
    expect(n).not.toHaveProperty('alwaysShow');
    expect(n).not.toHaveProperty('children');
  });

  it('uses md5(url) as path and meta.url for external urls', () => {
    const url = "{{ window._CONFIG['domianURL'] }}/docs";
    const n = menuNodeOf(row({ id: 'doc', url, component: 'layouts/IframePageView', internal_or_external: 1 }));
    expect(n.path).toBe(md5Hex(url));
    expect(n.path).toMatch(/^[0-9a-f]{32}$/);
    expect(n.meta.url).toBe(url);
    expect(n.meta.internalOrExternal).toBe(true);
    for (const u of ['http://a.b/c', 'https://a.b/c']) expect(menuNodeOf(row({ id: 'x', url: u })).path).toBe(md5Hex(u));
  });

  it('names: component_name first, else the url with / → - and : → @', () => {
    expect(urlToRouteName('/online/cgformList/:code')).toBe('online-cgformList-@code');
    expect(urlToRouteName(null)).toBeNull();
    const n = menuNodeOf(row({ id: 'x', url: '/a/b', component: 'x/Y', component_name: 'my-name' }));
    expect(n.name).toBe('my-name');
    expect(n.meta.componentName).toBe('my-name');
    expect(menuNodeOf(row({ id: 'x', component: null })).meta).not.toHaveProperty('componentName');
  });

  it('hidden / alwaysShow / hideTab flags, redirect only at the top, icon when set', () => {
    const top = menuNodeOf(row({ id: 't', menu_type: 0, redirect: null, always_show: 1, icon: 'setting' }));
    expect(top).toHaveProperty('redirect', null);
    expect(top.alwaysShow).toBe(true);
    expect(top.meta.icon).toBe('setting');
    const h = menuNodeOf(row({ id: 'h', parent_id: 't', hidden: 1, hide_tab: 1, redirect: '/x' }));
    expect(h.hidden).toBe(true);
    expect(h.meta.hideMenu).toBe(true);
    expect(h.meta.hideTab).toBe(true);
    expect(h).not.toHaveProperty('redirect');
  });

  it('builds the tree in sort order, injects 首页 first, and sets the admin home component', () => {
    const rows = [
      row({ id: 'sys', menu_type: 0, sort_no: 4, is_leaf: 0, component: 'layouts/RouteView' }),
      row({ id: 'b', parent_id: 'sys', sort_no: 2 }),
      row({ id: 'a', parent_id: 'sys', sort_no: 1.1 }),
      row({ id: 'btn', parent_id: 'a', menu_type: 2, perms: 'user:add', perms_type: '1', status: '1', name: '添加' }),
      row({ id: 'btn0', parent_id: 'a', menu_type: 2, perms: 'user:off', perms_type: '1', status: '0', name: '无效' }),
      row({ id: 'orphan', parent_id: 'missing', sort_no: 0 }),
    ];
    const out = buildUserPermission({ rows, allButtons: [rows[3], rows[4]], homeRow: home, roleCodes: ['admin'] });
    expect(out.menu.map((m) => m.id)).toEqual(['home', 'sys']);
    expect(out.menu[0].component).toBe('dashboard/Analysis');
    expect(out.menu[0].meta.componentName).toBe('Analysis');
    expect(out.menu[1].children!.map((c) => c.id)).toEqual(['a', 'b']);
    expect(out.menu[1].children![0]).not.toHaveProperty('children'); // buttons never become children
    expect(out.auth).toEqual([{ action: 'user:add', type: '1', describe: '添加' }]);
    expect(out.allAuth).toEqual([
      { action: 'user:add', status: '1', type: '1', describe: '添加' },
      { action: 'user:off', status: '0', type: '1', describe: '无效' },
    ]);
    expect(out.sysSafeMode).toBe(false);
  });

  it('keeps a granted 首页 (no duplicate) and leaves its component without a role override', () => {
    const out = buildUserPermission({
      rows: [row({ ...home }), row({ id: 'z', menu_type: 0, sort_no: 9 })],
      allButtons: [],
      homeRow: home,
      roleCodes: ['test'],
    });
    expect(out.menu.filter((m) => m.meta.title === '首页')).toHaveLength(1);
    expect(out.menu[0].component).toBe('dashboard/Workplace');
    const hr = buildUserPermission({ rows: [], allButtons: [], homeRow: home, roleCodes: ['hr'] });
    expect(hr.menu[0].component).toBe('dashboard/IndexBdc');
  });

  it('hides a top-level node whose children are all hidden, keeping its meta', () => {
    const rows = [
      row({ id: 'acc', menu_type: 0, is_leaf: 0, icon: 'user', name: '个人页' }),
      row({ id: 'c1', parent_id: 'acc', hidden: 1 }),
      row({ id: 'c2', parent_id: 'acc', hidden: 1 }),
      row({ id: 'vis', menu_type: 0, is_leaf: 0, sort_no: 2 }),
      row({ id: 'v1', parent_id: 'vis', hidden: 1 }),
      row({ id: 'v2', parent_id: 'vis' }),
    ];
    const out = buildUserPermission({ rows, allButtons: [], homeRow: null, roleCodes: [] });
    const acc = out.menu.find((m) => m.id === 'acc')!;
    expect(acc.hidden).toBe(true);
    expect(acc.meta).toMatchObject({ title: '个人页', icon: 'user', hideMenu: true });
    expect(out.menu.find((m) => m.id === 'vis')).not.toHaveProperty('hidden');
  });

  it('does not descend below leaf rows, dedupes rows and survives cycles', () => {
    const rows = [
      row({ id: 'p', menu_type: 0, is_leaf: 1 }),
      row({ id: 'c', parent_id: 'p' }),
      row({ id: 'x', menu_type: 0, is_leaf: 0 }),
      row({ id: 'y', parent_id: 'x', is_leaf: 0 }),
      row({ id: 'y', parent_id: 'x', is_leaf: 0 }),
      row({ id: 'z', parent_id: 'y', is_leaf: 0 }),
    ];
    // z → y cycle
    rows.push(row({ id: 'y2', parent_id: 'z', is_leaf: 0 }));
    const out = buildUserPermission({ rows, allButtons: [], homeRow: null, roleCodes: [] });
    expect(out.menu.find((m) => m.id === 'p')).not.toHaveProperty('children');
    expect(out.menu.find((m) => m.id === 'x')!.children!.map((c) => c.id)).toEqual(['y']);
    expect(JSON.stringify(out).length).toBeLessThan(5000);
  });

  it('is fast: 500 rows in well under 5 ms', () => {
    const rows: PermRow[] = [];
    for (let i = 0; i < 50; i++) {
      rows.push(row({ id: `t${i}`, menu_type: 0, is_leaf: 0, sort_no: i }));
      for (let j = 0; j < 9; j++) rows.push(row({ id: `t${i}c${j}`, parent_id: `t${i}`, sort_no: j, url: `/t${i}/c${j}` }));
    }
    for (let k = 0; k < 50; k++) buildUserPermission({ rows, allButtons: [], homeRow: home, roleCodes: ['admin'] }); // warm-up
    const times: number[] = [];
    for (let k = 0; k < 50; k++) {
      const t0 = performance.now();
      buildUserPermission({ rows, allButtons: [], homeRow: home, roleCodes: ['admin'] });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(5);
  });
});
