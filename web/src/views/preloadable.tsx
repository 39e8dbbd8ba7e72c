/**
 * A lazily loaded component that does not suspend once its code is in (issue 11 point 8).
 *
 * `React.lazy` suspends on its first render even when the chunk has long arrived (its promise settles a microtask
 * later), and React holds back the content that replaces a Suspense fallback until 300 ms after that fallback was
 * shown (react-dom's FALLBACK_THROTTLE_MS): every page opened through `lazy` took at least ~300 ms, code preloaded
 * or not. A preloadable component renders the loaded module directly when its code was loaded before it mounted
 * (`preload()` in idle time, on route entry, before the first render), and falls back to `lazy` otherwise.
 *
 * The choice is made once per mounted instance, so a re-render never swaps the element type (which would remount
 * the page and lose its state).
 *
 * @example
 *   const Login = preloadable(() => import('../pages/user/Login'));
 *   void Login.preload(); // e.g. when the route is about to be shown
 */
import { lazy, useState, type ComponentType } from 'react';

export type Preloadable<P extends object = object> = ComponentType<P> & {
  /** Starts loading the code (once; again after a failure) and resolves when it is in. */
  preload: () => Promise<{ default: ComponentType<P> }>;
  /** The loaded component, once the code is in. */
  loaded: () => ComponentType<P> | undefined;
};

export function preloadable<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let done: ComponentType<P> | undefined;
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        done = m.default;
        return m;
      },
      (e: unknown) => {
        pending = undefined; // a later attempt may succeed (the lazy component keeps its own failure, as React.lazy does)
        throw e;
      },
    ));
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P) {
    const [Direct] = useState(() => done);
    return Direct ? <Direct {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload, loaded: () => done });
}
