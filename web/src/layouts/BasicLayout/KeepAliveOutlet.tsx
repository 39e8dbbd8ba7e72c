/**
 * Keep-alive for the tab pages (ARCHITECTURE "Keep-alive tabs are keyed by the tab's full path").
 * Every open tab's page element stays mounted (hidden) so its state survives tab switches; each cached element
 * sees its own location (two tabs of one page with different queries keep separate state). A closed tab drops
 * its element; a refresh changes the React key and remounts it.
 */
import { memo, useRef, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext, type Location } from 'react-router';
import { PageActiveContext } from './usePageActive';

interface Cached {
  element: ReactNode;
  /** The `generation` the element was made in. */
  generation: unknown;
  /** The location context of the page, one object per location: a hidden page is not re-rendered on a switch. */
  context: { location: Location; navigationType: NavigationType };
}

export interface KeepAliveProps {
  /** the routed element of the current location (useRoutes / useOutlet) */
  element: ReactNode;
  location: Location;
  /** full paths of the open tabs: the cache keeps only these (and the current page) */
  keep: readonly string[];
  refreshKeys: Record<string, number>;
  enabled: boolean;
  /**
   * Changes when the route table changes (the elements are made anew). Otherwise, coming back to a tab (same
   * path, query, hash and state) keeps its element and location context: the page is shown, not re-rendered.
   */
  generation?: unknown;
}

export const fullPathOf = (l: Pick<Location, 'pathname' | 'search'>) => l.pathname + l.search;

/** The same place (a tab switch gives a new location object with a new key for it). */
const sameLocation = (a: Location, b: Location) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.state === b.state;

/** One tab's page; memoised: a switch changes only `hidden` of two panes, and the pages inside keep their render. */
const Pane = memo(function Pane({ pageKey, hidden, context, element }: { pageKey: string; hidden: boolean; context: Cached['context']; element: ReactNode }) {
  return (
    <div hidden={hidden} data-page-key={pageKey}>
      {/* issue 14: a background tab's page knows it is hidden (usePageActive: live pages stop polling) */}
      <PageActiveContext.Provider value={!hidden}>
        <UNSAFE_LocationContext.Provider value={context}>{element}</UNSAFE_LocationContext.Provider>
      </PageActiveContext.Provider>
    </div>
  );
});

export function KeepAliveOutlet({ element, location, keep, refreshKeys, enabled, generation }: KeepAliveProps) {
  const cache = useRef(new Map<string, Cached>());
  const current = fullPathOf(location);
  if (!enabled) {
    cache.current.clear();
    return <div data-page-key={current}>{element}</div>;
  }
  const before = cache.current.get(current);
  if (!before || before.generation !== generation || !sameLocation(before.context.location, location)) {
    cache.current.set(current, { element, generation, context: { location, navigationType: NavigationType.Pop } });
  }
  for (const k of [...cache.current.keys()]) {
    if (k !== current && !keep.includes(k)) cache.current.delete(k);
  }
  return (
    <>
      {[...cache.current].map(([k, c]) => (
        <Pane key={`${k}#${refreshKeys[k] ?? 0}`} pageKey={k} hidden={k !== current} context={c.context} element={c.element} />
      ))}
    </>
  );
}
