/**
 * Is this page on screen? (issue 14 point 3: live pages stop polling when their tab is closed or kept alive in the
 * background.) The keep-alive outlet (KeepAliveOutlet.tsx) keeps every open tab's page mounted in a hidden pane and
 * tells the page through PageActiveContext; a page outside the keep-alive (no tabs) is always active. The browser
 * tab counts too: a hidden document is not active.
 *
 * - `usePageActive()`: true while the page's tab is the current one and the document is visible.
 * - `useLiveInterval(ms)`: TanStack Query's `refetchInterval` — `ms` while active, `false` otherwise, so the query's
 *   timer stops when the tab goes to the background and goes with the query when the page unmounts.
 * - `useLiveTimer(fn, ms)`: calls `fn` every `ms` while active; no timer otherwise, none after unmount.
 */
import { createContext, useContext, useEffect, useRef, useSyncExternalStore } from 'react';

/** Provided by the keep-alive outlet around each tab's page: false while the tab is in the background. */
export const PageActiveContext = createContext(true);

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const documentVisible = () => document.visibilityState !== 'hidden';
const serverVisible = () => true;

export function usePageActive(): boolean {
  const tabActive = useContext(PageActiveContext);
  const visible = useSyncExternalStore(subscribeVisibility, documentVisible, serverVisible);
  return tabActive && visible;
}

/** `refetchInterval` for a live query: `ms` while the page is active, otherwise `false` (no timer). */
export function useLiveInterval(ms: number): number | false {
  return usePageActive() ? ms : false;
}

/** Run `fn` every `ms` while the page is active (the latest `fn`; the timer is cleared when inactive or unmounted). */
export function useLiveTimer(fn: () => void, ms: number): void {
  const active = usePageActive();
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => latest.current(), ms);
    return () => clearInterval(t);
  }, [active, ms]);
}
