/**
 * Route-level prefetch (issue 11 point 8): when a menu route is entered, the first queries of its page start at
 * once, in parallel with the page's lazy chunk, under the very keys the page reads them with (a list through its
 * ListSource, see crud/listSource.ts), so the rows are there when the code is. A page with no entry here loads as
 * before. An entity's page gets its list's first page from its definition; add a line for a page whose first request
 * is something else.
 *
 * Lives in the signed-in layout's chunk (it imports react-query's client), never in the login page's.
 */
import type { QueryClient } from '@tanstack/react-query';
import { ENTITIES, type Entity } from '@pk/contract';
import { entityListSource, firstPageQuery, LIST_FRESH_MS, type ListSource } from '../crud/listSource';
import { departTreeKey } from '../components/DepartTree/DepartTree';
import { fetchDepartTree, type DepartSource } from '../components/DepartTree/api';
import { onlineSource } from '../pages/system/online/source';
import { myNoticesSource } from '../pages/system/userAnnouncement/source';
import { addressSource } from '../pages/system/addressList/source';
import { departUsersSource } from '../pages/system/depart/sources';
import { fetchMenuTree, MENU_TREE_KEY } from '../pages/system/permission/service';
import { addEntityPages, normalizeComponent } from './registry';
import { preloadPage } from './lazyPage';

export interface PagePrefetch {
  queryKey: readonly unknown[];
  queryFn: () => Promise<unknown>;
}

function departTree(source: DepartSource): PagePrefetch {
  return { queryKey: departTreeKey(source), queryFn: () => fetchDepartTree(source) };
}

/** The first request of a list (empty search, initial sort, page 1). */
const list = <T>(source: ListSource<T>): PagePrefetch => firstPageQuery(source);

/**
 * Every entity with a menu: its page starts with the first page of its list (the generic list page, and the pages of
 * their own that build on ListPage), so entering it fetches that page — derived, no line per entity.
 */
export function entityPrefetch(entities: readonly Entity[]): Record<string, () => PagePrefetch[]> {
  return Object.fromEntries(entities.flatMap((e) => (e.menu ? [[e.menu.component, () => [list(entityListSource(e))]] as const] : [])));
}

/**
 * Menu component → the queries its page starts with: the entities' lists, then the pages that start otherwise (an
 * entry here wins; an empty list: the page's first request is not a list page).
 */
export const PAGE_PREFETCH: Record<string, () => PagePrefetch[]> = {
  ...entityPrefetch(ENTITIES),
  // entity pages of their own that do not start with their list page: the category tree's roots, the unpaged routes
  'system/SysCategoryList': () => [],
  'system/SysGatewayRouteList': () => [],
  'system/SysUserOnlineList': () => [list(onlineSource)],
  'system/AddressList': () => [departTree('all'), list(addressSource)],
  'system/DepartUserList': () => [departTree('mine'), list(departUsersSource)],
  'system/DepartList': () => [departTree('all')],
  'system/PermissionList': () => [{ queryKey: MENU_TREE_KEY, queryFn: fetchMenuTree }],
  'system/UserAnnouncementList': () => [list(myNoticesSource)],
};

/**
 * Starts the code and the first queries of the page of `component` (a fresh cached answer is not asked again; code
 * already in makes the page render without suspending, see views/preloadable.tsx).
 */
export function prefetchPage(client: QueryClient, component: string | undefined): void {
  if (component) void preloadPage(component)?.catch(() => undefined); // a failure shows in the page's error boundary
  const entries = component ? PAGE_PREFETCH[normalizeComponent(component)] : undefined;
  if (!entries) return;
  for (const q of entries()) void client.prefetchQuery({ ...q, staleTime: LIST_FRESH_MS });
}

/**
 * After sign-in, loads the code of the list pages the user's menu offers in idle time (one chunk after another, each
 * in its own idle period), so opening one later waits only for its data. Measured (docs/PERFORMANCE.md): it costs the
 * home page some of its first-load time and saves the first list page most of its; started 2 s later instead it
 * collided with that first list page. Returns a cancel function.
 */
export function preloadMenuPages(components: readonly string[]): () => void {
  const queue = [...new Set(components.map(normalizeComponent))].filter((c) => c in PAGE_PREFETCH);
  let cancelled = false;
  const idle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 200);
  const next = () => {
    if (cancelled) return;
    let load: Promise<unknown> | undefined;
    while (!load && queue.length) load = preloadPage(queue.shift()!);
    if (!load) return;
    load.then(
      () => idle(next),
      () => idle(next),
    );
  };
  idle(next);
  return () => {
    cancelled = true;
  };
}

/** Entities defined after the build (views/registry.ts `addEntityPages`): their page and its prefetch. */
export function addEntities(entities: readonly Entity[]): void {
  addEntityPages(entities);
  for (const [component, entries] of Object.entries(entityPrefetch(entities))) PAGE_PREFETCH[component] ??= entries;
}
