/**
 * The multi-tab bar (000 §2 "Tab layout", §5): one tab per full path, home first and not closable.
 * The rules are pure functions (tested in tabs.test.ts); the store persists the list and restores it at start.
 * The layout's keep-alive cache follows this list: a closed tab drops its page, `refresh` remounts it.
 */
import { create } from 'zustand';
import { HOME_PATH } from '../config';
import { KEYS, ls } from './storage';
import { useSession } from './session';
import { findRoute } from '../access/menu';
import type { AppRoute } from '../access/types';

export interface Tab {
  name: string;
  path: string;
  fullPath: string;
  meta: { title: string; icon?: string; keepAlive?: boolean; componentName?: string };
}

export const HOME_TAB: Tab = { name: 'dashboard-analysis', path: HOME_PATH, fullPath: HOME_PATH, meta: { title: '首页' } };

export const TAB_WARN = {
  HOME: '首页不能关闭!',
  LAST: '这是最后一页，不能再关闭了啦',
} as const;

export interface TabList {
  tabs: Tab[];
  active: string;
}

export type CloseResult = { ok: true; state: TabList } | { ok: false; warning: string };

const isHome = (key: string) => key === HOME_PATH;

const sameTab = (a: Tab, b: Tab) =>
  a.name === b.name &&
  a.path === b.path &&
  a.fullPath === b.fullPath &&
  a.meta.title === b.meta.title &&
  a.meta.icon === b.meta.icon &&
  a.meta.keepAlive === b.meta.keepAlive &&
  a.meta.componentName === b.meta.componentName;

/**
 * Adds (or updates) a tab and activates it; the home tab always stays first. Activating an open tab keeps the
 * list (the same array): a tab switch re-renders only what shows the active tab.
 */
export function openTab(s: TabList, tab: Tab): TabList {
  const i = s.tabs.findIndex((t) => t.fullPath === tab.fullPath);
  let tabs = i < 0 ? [...s.tabs, tab] : sameTab(s.tabs[i], { ...s.tabs[i], ...tab }) ? s.tabs : s.tabs.map((t, j) => (j === i ? { ...t, ...tab } : t));
  if (!tabs.some((t) => isHome(t.fullPath)) && !isHome(tab.fullPath)) tabs = [HOME_TAB, ...tabs];
  const home = tabs.findIndex((t) => isHome(t.fullPath));
  if (home > 0) tabs = [tabs[home], ...tabs.filter((_, j) => j !== home)];
  return { tabs, active: tab.fullPath };
}

export function closeTab(s: TabList, key: string): CloseResult {
  if (isHome(key)) return { ok: false, warning: TAB_WARN.HOME };
  if (s.tabs.length === 1) return { ok: false, warning: TAB_WARN.LAST };
  const tabs = s.tabs.filter((t) => t.fullPath !== key);
  const active = s.active === key || !tabs.some((t) => t.fullPath === s.active) ? tabs[tabs.length - 1].fullPath : s.active;
  return { ok: true, state: { tabs, active } };
}

function withHome(s: TabList, kept: Tab[]): Tab[] {
  const home = s.tabs.find((t) => isHome(t.fullPath));
  return home && !kept.includes(home) ? [home, ...kept] : kept;
}

/** Closes the tabs left of `key` (home stays). */
export function closeLeft(s: TabList, key: string): TabList {
  const i = s.tabs.findIndex((t) => t.fullPath === key);
  if (i < 0 || isHome(key)) return s;
  const tabs = withHome(s, s.tabs.slice(i));
  return { tabs, active: tabs.some((t) => t.fullPath === s.active) ? s.active : key };
}

/** Closes the tabs right of `key`. */
export function closeRight(s: TabList, key: string): TabList {
  const i = s.tabs.findIndex((t) => t.fullPath === key);
  if (i < 0) return s;
  const tabs = s.tabs.slice(0, i + 1);
  return { tabs, active: tabs.some((t) => t.fullPath === s.active) ? s.active : tabs[tabs.length - 1].fullPath };
}

/** Keeps `key` and the home tab. */
export function closeOthers(s: TabList, key: string): TabList {
  const self = s.tabs.find((t) => t.fullPath === key);
  if (!self) return s;
  return { tabs: withHome(s, [self]), active: key };
}

/**
 * Keeps only the tabs whose page still has a route (home always): a tab restored from storage whose menu was
 * deleted, or whose right was withdrawn, would open a full-page 404. A dropped active tab activates home.
 */
export function keepRouted(s: TabList, routes: readonly AppRoute[]): TabList {
  const tabs = s.tabs.filter((t) => isHome(t.fullPath) || findRoute(routes, t.path) !== undefined);
  if (tabs.length === s.tabs.length) return s;
  if (!tabs.some((t) => isHome(t.fullPath))) tabs.unshift(HOME_TAB);
  return { tabs, active: tabs.some((t) => t.fullPath === s.active) ? s.active : HOME_PATH };
}

interface TabsStore extends TabList {
  /** per-tab counter; the keep-alive key includes it so a refresh remounts the page */
  refreshKeys: Record<string, number>;
  open(tab: Tab): void;
  /** returns a warning when the tab may not be closed */
  close(key: string): string | null;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  refresh(key: string): void;
  /** drops the tabs without a route (see keepRouted) */
  keepRouted(routes: readonly AppRoute[]): void;
  reset(): void;
}

function restore(): TabList {
  const saved = ls.get<TabList>(KEYS.MULTI_TABS);
  if (saved && Array.isArray(saved.tabs) && saved.tabs.every((t) => t && typeof t.fullPath === 'string' && t.meta)) {
    return { tabs: saved.tabs, active: typeof saved.active === 'string' ? saved.active : HOME_PATH };
  }
  return { tabs: [HOME_TAB], active: HOME_PATH };
}

function persist(s: TabList): void {
  ls.set(KEYS.MULTI_TABS, { tabs: s.tabs, active: s.active });
  ls.set(
    KEYS.CACHE_INCLUDED_ROUTES,
    s.tabs.map((t) => t.meta.componentName ?? t.name),
  );
}

export const useTabs = create<TabsStore>()((set, get) => {
  const apply = (next: TabList) => {
    const cur = get();
    if (next.tabs === cur.tabs && next.active === cur.active) return; // nothing changed: no store update, no re-render
    persist(next);
    const kept = Object.entries(cur.refreshKeys).filter(([k]) => next.tabs.some((t) => t.fullPath === k));
    const refreshKeys = kept.length === Object.keys(cur.refreshKeys).length ? cur.refreshKeys : Object.fromEntries(kept);
    set({ tabs: next.tabs, active: next.active, refreshKeys });
  };
  return {
    ...restore(),
    refreshKeys: {},
    open: (tab) => apply(openTab(get(), tab)),
    close(key) {
      const r = closeTab(get(), key);
      if (!r.ok) return r.warning;
      apply(r.state);
      return null;
    },
    closeLeft: (key) => apply(closeLeft(get(), key)),
    closeRight: (key) => apply(closeRight(get(), key)),
    closeOthers: (key) => apply(closeOthers(get(), key)),
    refresh: (key) => set({ refreshKeys: { ...get().refreshKeys, [key]: (get().refreshKeys[key] ?? 0) + 1 } }),
    keepRouted(routes) {
      const next = keepRouted(get(), routes);
      if (next !== get()) apply(next);
    },
    reset() {
      ls.remove(KEYS.MULTI_TABS);
      set({ tabs: [HOME_TAB], active: HOME_PATH, refreshKeys: {} });
    },
  };
});

// a logout (token gone) starts the next session with a clean tab bar; the signed-in menu's routes (loaded after
// every reload) prune the restored tabs
useSession.subscribe((s, prev) => {
  if (prev.token && !s.token) useTabs.getState().reset();
  if (s.routes && s.routes !== prev.routes) useTabs.getState().keepRouted(s.routes);
});
// (the menu may have arrived before this module was loaded with the layout)
const loadedRoutes = useSession.getState().routes;
if (loadedRoutes) useTabs.getState().keepRouted(loadedRoutes);
