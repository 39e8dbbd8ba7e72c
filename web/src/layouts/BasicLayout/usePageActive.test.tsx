/**
 * Live pages stop polling (issue 14 point 3): no timer runs while a page's keep-alive tab is in the background or the
 * document is hidden, and none is left after the page unmounts — for useLiveTimer and for a TanStack query polled
 * with useLiveInterval, inside the real KeepAliveOutlet.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, useRoutes } from 'react-router';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { PageActiveContext, useLiveInterval, useLiveTimer, usePageActive } from './usePageActive';

let ticks = 0;
let fetches = 0;

function Ticker() {
  useLiveTimer(() => void ticks++, 1000);
  return <p>ticker {usePageActive() ? 'on' : 'off'}</p>;
}

function Poller() {
  const interval = useLiveInterval(1000);
  useQuery({ queryKey: ['live-test'], queryFn: async () => ++fetches, refetchInterval: interval });
  return <p>poller</p>;
}

function Other() {
  return <p>other</p>;
}

let keep: string[] = [];

function Shell() {
  const location = useLocation();
  const element = useRoutes(
    [
      { path: '/ticker', element: <Ticker /> },
      { path: '/poller', element: <Poller /> },
      { path: '/other', element: <Other /> },
    ],
    location,
  );
  return <KeepAliveOutlet element={element} location={location} keep={keep} refreshKeys={{}} enabled />;
}

function setup(first: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [first] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, view, client };
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  ticks = 0;
  fetches = 0;
  setVisibility('visible');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setVisibility('visible');
});

describe('usePageActive / useLiveTimer / useLiveInterval', () => {
  it('ticks while the tab is current, stops in a background tab, resumes when it comes back', async () => {
    keep = ['/ticker', '/other'];
    const { router } = setup('/ticker');
    await act(async () => vi.advanceTimersByTime(3000));
    expect(ticks).toBe(3);
    await act(() => router.navigate('/other'));
    await act(async () => vi.advanceTimersByTime(5000));
    expect(ticks).toBe(3);
    await act(() => router.navigate('/ticker'));
    await act(async () => vi.advanceTimersByTime(2000));
    expect(ticks).toBe(5);
  });

  it('stops while the document is hidden', async () => {
    keep = ['/ticker'];
    setup('/ticker');
    await act(async () => setVisibility('hidden'));
    await act(async () => vi.advanceTimersByTime(5000));
    expect(ticks).toBe(0);
    await act(async () => setVisibility('visible'));
    await act(async () => vi.advanceTimersByTime(1000));
    expect(ticks).toBe(1);
  });

  it('leaves no timer after the tab is closed (unmounted)', async () => {
    keep = ['/ticker', '/other'];
    const { router } = setup('/ticker');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    keep = ['/other'];
    await act(() => router.navigate('/other'));
    expect(ticks).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    await act(async () => vi.advanceTimersByTime(5000));
    expect(ticks).toBe(1);
  });

  it('a polled query stops asking in a background tab and after unmount', async () => {
    keep = ['/poller', '/other'];
    const { router, view, client } = setup('/poller');
    await act(async () => vi.advanceTimersByTime(0));
    const first = fetches;
    expect(first).toBe(1);
    for (let i = 0; i < 3; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetches).toBe(first + 3);
    await act(() => router.navigate('/other'));
    const paused = fetches;
    for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(fetches).toBe(paused);
    view.unmount();
    client.clear();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is active outside the keep-alive outlet and follows the context', () => {
    const seen: boolean[] = [];
    function Probe() {
      seen.push(usePageActive());
      return null;
    }
    render(
      <>
        <Probe />
        <PageActiveContext.Provider value={false}>
          <Probe />
        </PageActiveContext.Provider>
      </>,
    );
    expect(seen.slice(0, 2)).toEqual([true, false]);
  });
});
