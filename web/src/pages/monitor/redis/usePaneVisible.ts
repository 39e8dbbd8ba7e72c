import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the page holding `ref` is the shown tab. The keep-alive outlet (layouts/BasicLayout/KeepAliveOutlet.tsx)
 * keeps every open tab's page mounted inside `<div hidden data-page-key=…>`, and a switch only flips `hidden` (the
 * page itself does not re-render), so the attribute is watched. Outside the tab shell (tests, a page without
 * keep-alive) the page counts as shown. Polling queries use it as `enabled`, so a background tab makes no calls;
 * TanStack Query's refetchInterval also pauses while the browser tab is hidden, and stops on unmount.
 */
export function usePaneVisible<T extends HTMLElement>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const pane = ref.current?.closest('[data-page-key]');
    if (!pane) return;
    const update = () => setVisible(!pane.hasAttribute('hidden'));
    update();
    const observer = new MutationObserver(update);
    observer.observe(pane, { attributes: true, attributeFilter: ['hidden'] });
    return () => observer.disconnect();
  }, []);
  return [ref, visible];
}
