/**
 * Route-level prefetch (issue 11 point 8): when a menu route is entered, the first queries of its page start at
 * once, in parallel with the page's lazy chunk, under the very keys the page reads them with (a list through its
 * ListSource, see crud/listSource.ts), so the rows are there when the code is. A page with no entry here loads as
 * before. Add a line when a page's first request is known (an entity list: `entityListSource(entity)`).
 *
 * Lives in the signed-in layout's chunk (it imports react-query's client), never in the login page's.
 */
import type { QueryClient } from '@tanstack/react-query';
import { bookUserEntity, braceletEntity, greatLineEntity, pirateShipEntity, shipTableEntity, signPlaceEntity } from '@pk/contract';
import {
  announcementEntity,
  bookReservationInfoEntity,
  messageEntity,
  messageTemplateEntity,
  checkRuleEntity,
  dataSourceEntity,
  dictEntity,
  fillRuleEntity,
  positionEntity,
  quartzJobEntity,
  roleEntity,
  tenantEntity,
  userEntity,
  gameDeviceEntity,
  gameMessageEntity,
  pictureMaterialEntity,
  policyEntity,
} from '@pk/contract';
import { questionBankEntity, userHonorEntity } from '@pk/contract';
import { entityListSource, firstPageQuery, LIST_FRESH_MS, type ListSource } from '../crud/listSource';
import { departTreeKey } from '../components/DepartTree/DepartTree';
import { fetchDepartTree, type DepartSource } from '../components/DepartTree/api';
import { onlineSource } from '../pages/system/online/source';
import { myNoticesSource } from '../pages/system/userAnnouncement/source';
import { gameOrderEntity } from '@pk/contract';
import { addressSource } from '../pages/system/addressList/source';
import { departUsersSource } from '../pages/system/depart/sources';
import { fetchMenuTree, MENU_TREE_KEY } from '../pages/system/permission/service';
import { normalizeComponent } from './registry';
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

/** Menu component → the queries its page starts with. */
export const PAGE_PREFETCH: Record<string, () => PagePrefetch[]> = {
  'system/UserList': () => [list(entityListSource(userEntity))],
  'system/RoleUserList': () => [list(entityListSource(roleEntity))],
  'system/SysPositionList': () => [list(entityListSource(positionEntity))],
  'system/TenantList': () => [list(entityListSource(tenantEntity))],
  'game/QuestionBankList': () => [list(entityListSource(questionBankEntity))],
  'game/UserHonorList': () => [list(entityListSource(userHonorEntity))],
  'system/DictList': () => [list(entityListSource(dictEntity))],
  'system/SysCheckRuleList': () => [list(entityListSource(checkRuleEntity))],
  'system/SysFillRuleList': () => [list(entityListSource(fillRuleEntity))],
  'system/QuartzJobList': () => [list(entityListSource(quartzJobEntity))],
  'system/SysDataSourceList': () => [list(entityListSource(dataSourceEntity))],
  'modules/message/SysMessageTemplateList': () => [list(entityListSource(messageTemplateEntity))],
  'modules/message/SysMessageList': () => [list(entityListSource(messageEntity))],
  'system/SysUserOnlineList': () => [list(onlineSource)],
  'game/PictureMaterialList': () => [list(entityListSource(pictureMaterialEntity))],
  'game/GameMessageList': () => [list(entityListSource(gameMessageEntity))],
  'game/PolicyList': () => [list(entityListSource(policyEntity))],
  'system/AddressList': () => [departTree('all'), list(addressSource)],
  'system/DepartUserList': () => [departTree('mine'), list(departUsersSource)],
  'system/DepartList': () => [departTree('all')],
  'system/PermissionList': () => [{ queryKey: MENU_TREE_KEY, queryFn: fetchMenuTree }],
  'system/SysAnnouncementList': () => [list(entityListSource(announcementEntity))],
  'system/UserAnnouncementList': () => [list(myNoticesSource)],
  // issue 13: the venue
  'game/BookUserList': () => [list(entityListSource(bookUserEntity))],
  'game/PirateShipList': () => [list(entityListSource(pirateShipEntity))],
  'game/ShipTableList': () => [list(entityListSource(shipTableEntity))],
  'game/GreatLineList': () => [list(entityListSource(greatLineEntity))],
  'game/SignPlaceList': () => [list(entityListSource(signPlaceEntity))],
  'game/BraceletList': () => [list(entityListSource(braceletEntity))],
  'game/BookReservationInfoList': () => [list(entityListSource(bookReservationInfoEntity))],
  'game/GameDeviceList': () => [list(entityListSource(gameDeviceEntity))],
  'game/GameOrderList': () => [list(entityListSource(gameOrderEntity))],
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
