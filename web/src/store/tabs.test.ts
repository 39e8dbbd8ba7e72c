import { describe, expect, it, beforeEach } from 'vitest';
import { closeLeft, closeOthers, closeRight, closeTab, HOME_TAB, keepRouted, openTab, TAB_WARN, useTabs, type Tab, type TabList } from './tabs';
import { useSession } from './session';
import type { AppRoute } from '../access/types';
import { NS } from './storage';

const tab = (p: string): Tab => ({ name: p, path: p.split('?')[0], fullPath: p, meta: { title: p } });
const list = (...paths: string[]): TabList => ({ tabs: [HOME_TAB, ...paths.map(tab)], active: paths.at(-1) ?? HOME_TAB.fullPath });
const keys = (s: TabList) => s.tabs.map((t) => t.fullPath);

describe('tab rules', () => {
  it('one tab per full path; opening activates; home stays first', () => {
    let s: TabList = { tabs: [], active: '' };
    s = openTab(s, tab('/a'));
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a']);
    s = openTab(s, tab('/a?x=1'));
    s = openTab(s, tab('/a'));
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a', '/a?x=1']);
    expect(s.active).toBe('/a');
  });
  it('the home tab cannot be closed', () => {
    expect(closeTab(list('/a'), '/dashboard/analysis')).toEqual({ ok: false, warning: '首页不能关闭!' });
  });
  it('the last tab cannot be closed', () => {
    expect(closeTab({ tabs: [tab('/a')], active: '/a' }, '/a')).toEqual({ ok: false, warning: TAB_WARN.LAST });
    expect(TAB_WARN.LAST).toBe('这是最后一页，不能再关闭了啦');
  });
  it('closing the active tab activates the last one', () => {
    const r = closeTab({ ...list('/a', '/b', '/c'), active: '/b' }, '/b');
    expect(r.ok && keys(r.state)).toEqual(['/dashboard/analysis', '/a', '/c']);
    expect(r.ok && r.state.active).toBe('/c');
  });
  it('close left keeps home', () => {
    const s = closeLeft({ ...list('/a', '/b', '/c'), active: '/a' }, '/b');
    expect(keys(s)).toEqual(['/dashboard/analysis', '/b', '/c']);
    expect(s.active).toBe('/b');
  });
  it('close right', () => {
    const s = closeRight({ ...list('/a', '/b', '/c'), active: '/c' }, '/a');
    expect(keys(s)).toEqual(['/dashboard/analysis', '/a']);
    expect(s.active).toBe('/a');
  });
  it('close others keeps home', () => {
    const s = closeOthers(list('/a', '/b', '/c'), '/b');
    expect(keys(s)).toEqual(['/dashboard/analysis', '/b']);
    expect(s.active).toBe('/b');
    expect(keys(closeOthers(list('/a'), '/dashboard/analysis'))).toEqual(['/dashboard/analysis']);
  });
});

describe('tabs store', () => {
  beforeEach(() => useTabs.getState().reset());
  it('persists the list and refreshes by bumping a key', () => {
    const st = useTabs.getState();
    st.open(tab('/a'));
    st.open(tab('/b'));
    expect(JSON.parse(localStorage.getItem(`${NS}MULTI_TAB_PAGES`)!).value.tabs).toHaveLength(3);
    expect(useTabs.getState().close('/dashboard/analysis')).toBe('首页不能关闭!');
    expect(useTabs.getState().close('/a')).toBeNull();
    useTabs.getState().refresh('/b');
    expect(useTabs.getState().refreshKeys['/b']).toBe(1);
    expect(keys(useTabs.getState())).toEqual(['/dashboard/analysis', '/b']);
  });
});

// issue 10 point 14: a tab whose menu was deleted is not restored (it opened a full-page 404)
const route = (path: string): AppRoute => ({
  path,
  name: path,
  component: 'x',
  kind: 'view',
  hidden: false,
  parents: [],
  meta: { title: path, keepAlive: false, internalOrExternal: false, hideTab: false, hiddenHeaderContent: false },
});

describe('tabs of routes that no longer exist', () => {
  beforeEach(() => useTabs.getState().reset());
  it('keepRouted drops tabs without a route (params and query kept), home stays, a dropped active tab activates home', () => {
    const routes = [route('/dashboard/analysis'), route('/a'), route('/online/:code')];
    const s = { ...list('/a?x=1', '/gone', '/online/abc'), active: '/gone' };
    const kept = keepRouted(s, routes);
    expect(keys(kept)).toEqual(['/dashboard/analysis', '/a?x=1', '/online/abc']);
    expect(kept.active).toBe('/dashboard/analysis');
    expect(keepRouted(list('/a'), routes)).toEqual(list('/a'));
  });
  it('the store drops them when the signed-in menu arrives (after a reload), and persists the shorter list', () => {
    const st = useTabs.getState();
    st.open(tab('/a'));
    st.open(tab('/deleted-menu'));
    useSession.setState({ routes: [route('/dashboard/analysis'), route('/a')] });
    expect(keys(useTabs.getState())).toEqual(['/dashboard/analysis', '/a']);
    expect(JSON.parse(localStorage.getItem(`${NS}MULTI_TAB_PAGES`)!).value.tabs).toHaveLength(2);
    useSession.setState({ routes: null });
  });
});
