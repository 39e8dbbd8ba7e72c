/**
 * A lazily loaded component that never suspends, and renders at once when its code is in (issue 11 point 8).
 *
 * `React.lazy` suspends on its first render even when the chunk has long arrived (its promise settles a microtask
 * later), and React holds back the content that replaces a Suspense fallback until 300 ms after that fallback was
 * shown (react-dom's FALLBACK_THROTTLE_MS): every page opened through `lazy` took at least ~300 ms, code preloaded
 * or not. A preloadable component renders the loaded module directly when its code was loaded before it mounted
 * (`preload()` in idle time, on route entry, before the first render). Otherwise it shows `fallback` — a plain
 * element, not a Suspense fallback, so nothing holds the page back once its code is in — and renders the page
 * when the load resolves; a failed load is thrown to the nearest error boundary, as with `React.lazy`.
 *
 * The page is mounted once, when its code is in: a re-render never swaps the element type (which would remount
 * the page and lose its state).
 *
 * @example
 *   const Login = preloadable(() => import('../pages/user/Login'));
 *   void Login.preload(); // e.g. when the route is about to be shown
 */
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type Preloadable<P extends object = object> = ComponentType<P> & {
  /** Starts loading the code (once; again after a failure) and resolves when it is in. */
  preload: () => Promise<{ default: ComponentType<P> }>;
  /** The loaded component, once the code is in. */
  loaded: () => ComponentType<P> | undefined;
};

export function preloadable<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ReactNode = null): Preloadable<P> {
  let done: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        done = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined; // a later attempt may succeed
        throw e;
      },
    ));
  function PreloadableComponent(props: P) {
    const [state, setState] = useState<{ Loaded?: ComponentType<P>; error?: unknown }>(() => ({ Loaded: done }));
    const waiting = !state.Loaded && state.error === undefined;
    useEffect(() => {
      if (!waiting) return;
      let live = true;
      preload().then(
        (m) => live && setState({ Loaded: m.default }),
        (error: unknown) => live && setState({ error: error ?? new Error('load failed') }),
      );
      return () => {
        live = false;
      };
    }, [waiting]);
    if (state.error !== undefined) throw state.error; // to the nearest error boundary, as React.lazy does
    const { Loaded } = state;
    return Loaded ? <Loaded {...props} /> : fallback;
  }
  return Object.assign(PreloadableComponent, { preload, loaded: () => done });
}
