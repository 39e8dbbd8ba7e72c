/**
 * Keep-alive for the tab pages (ARCHITECTURE "Keep-alive tabs are keyed by the tab's full path").
 * Every open tab's page element stays mounted (hidden) so its state survives tab switches; each cached element
 * sees its own location (two tabs of one page with different queries keep separate state). A closed tab drops
 * its element; a refresh changes the React key and remounts it.
 */
import { useRef, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext, type Location } from 'react-router';

interface Cached {
  element: ReactNode;
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
}

export const fullPathOf = (l: Pick<Location, 'pathname' | 'search'>) => l.pathname + l.search;

export function KeepAliveOutlet({ element, location, keep, refreshKeys, enabled }: KeepAliveProps) {
  const cache = useRef(new Map<string, Cached>());
  const current = fullPathOf(location);
  if (!enabled) {
    cache.current.clear();
    return <div data-page-key={current}>{element}</div>;
  }
  const before = cache.current.get(current);
  cache.current.set(current, {
    element,
    context: before && before.context.location === location ? before.context : { location, navigationType: NavigationType.Pop },
  });
  for (const k of [...cache.current.keys()]) {
    if (k !== current && !keep.includes(k)) cache.current.delete(k);
  }
  return (
    <>
      {[...cache.current].map(([k, c]) => (
        <div key={`${k}#${refreshKeys[k] ?? 0}`} hidden={k !== current} data-page-key={k}>
          <UNSAFE_LocationContext.Provider value={c.context}>
            {c.element}
          </UNSAFE_LocationContext.Provider>
        </div>
      ))}
    </>
  );
}
