/**
 * Lazy pages with the spec's 120 s load timeout (000 §4) and an error boundary (000 §8 lazy-load errors).
 * One lazy component per component string, so re-renders never remount a page.
 */
import { Component, Suspense, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { LAZY_LOAD_TIMEOUT } from '../config';
import { PageLoading } from '../app/PageLoading';
import { getView, normalizeComponent, type PageLoader, type PageModule } from './registry';
import { preloadable, type Preloadable } from './preloadable';
import Exception404 from '../pages/exception/Exception404';

export class ChunkLoadError extends Error {
  constructor(
    readonly type: 'missing' | 'timeout',
    readonly request: string,
  ) {
    super(`Loading chunk ${request} failed.\n(${type}: ${request})`);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout(loader: PageLoader, name: string, ms = LAZY_LOAD_TIMEOUT): () => Promise<PageModule> {
  return () =>
    new Promise<PageModule>((resolve, reject) => {
      const t = setTimeout(() => reject(new ChunkLoadError('timeout', name)), ms);
      loader().then(
        (m) => {
          clearTimeout(t);
          resolve(m);
        },
        (e: unknown) => {
          clearTimeout(t);
          reject(e instanceof Error ? e : new ChunkLoadError('missing', name));
        },
      );
    });
}

const cache = new Map<string, ComponentType>();
const pages = new Map<string, Preloadable>();

/** The loadable page of a component string (one per normalised string, shared by the route and the preloads). */
function pageOf(component: string): Preloadable | undefined {
  const key = normalizeComponent(component);
  const hit = pages.get(key);
  if (hit) return hit;
  const loader = getView(key);
  if (!loader) return undefined;
  const page = preloadable(withTimeout(loader, component), <PageLoading />);
  pages.set(key, page);
  return page;
}

/**
 * The page component for a menu component string; the 404 page when the registry lacks it (MODULE_NOT_FOUND).
 * Once its code is in (see {@link preloadPage}) the page renders without suspending (views/preloadable.tsx).
 */
export function pageFor(component: string): ComponentType {
  const hit = cache.get(component);
  if (hit) return hit;
  const C: ComponentType = pageOf(component) ?? Exception404;
  cache.set(component, C);
  return C;
}

/** Loads the code of the page of `component` (once); undefined when the registry lacks it. */
export function preloadPage(component: string): Promise<PageModule> | undefined {
  return pageOf(component)?.preload();
}

interface BoundaryState {
  error: Error | null;
}

/** Catches render and chunk-load errors of one page so the shell keeps working. */
export class PageBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { error: null };
  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Result
        status="500"
        title="页面加载失败"
        subTitle={error.message}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            重新加载
          </Button>
        }
      />
    );
  }
}

export function LazyPage({ component }: { component: string }) {
  const Page = pageFor(component);
  return (
    <PageBoundary>
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageBoundary>
  );
}
