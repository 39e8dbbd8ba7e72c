import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent, act } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, useRoutes } from 'react-router';
import { KeepAliveOutlet } from './KeepAliveOutlet';

let renders: Record<string, number> = {};

function Search() {
  const { search } = useLocation();
  renders[search] = (renders[search] ?? 0) + 1;
  const [v, setV] = useState('');
  return <input aria-label={`search${search}`} value={v} onChange={(e) => setV(e.target.value)} />;
}

function PageB() {
  renders.b = (renders.b ?? 0) + 1;
  return <p>page b</p>;
}

let keep: string[] = [];
let refreshKeys: Record<string, number> = {};

function Shell() {
  const location = useLocation();
  const element = useRoutes(
    [
      { path: '/a', element: <Search /> },
      { path: '/b', element: <PageB /> },
    ],
    location,
  ); // as the layout calls it
  return <KeepAliveOutlet element={element} location={location} keep={keep} refreshKeys={refreshKeys} enabled />;
}

function setup() {
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: ['/a'] });
  const view = render(<RouterProvider router={router} />);
  return { router, view };
}

describe('KeepAliveOutlet', () => {
  it('keeps a tab page mounted with its state; same page with another query has its own state', async () => {
    keep = ['/a', '/b', '/a?x=1'];
    refreshKeys = {};
    const { router } = setup();
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'typed' } });
    await act(() => router.navigate('/b'));
    expect(screen.getByText('page b')).toBeVisible();
    expect(screen.getByLabelText('search')).not.toBeVisible();
    await act(() => router.navigate('/a?x=1'));
    // the second instance sees its own location and starts empty
    expect(screen.getByLabelText('search?x=1')).toHaveValue('');
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('search')).toHaveValue('typed');
    expect(screen.getByLabelText('search')).toBeVisible();
  });

  it('drops a closed tab and remounts on refresh', async () => {
    keep = ['/a', '/b'];
    refreshKeys = {};
    const { router, view } = setup();
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'typed' } });
    refreshKeys = { '/a': 1 };
    await act(() => router.navigate('/a?again'));
    await act(() => router.navigate('/a'));
    expect(screen.getByLabelText('search')).toHaveValue('');
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'again' } });
    keep = ['/b'];
    await act(() => router.navigate('/b'));
    expect(view.container.querySelector('[data-page-key="/a"]')).toBeNull();
  });

  it('a tab switch shows the kept page without rendering it again', async () => {
    keep = ['/a', '/b'];
    refreshKeys = {};
    renders = {};
    const { router } = setup();
    await act(() => router.navigate('/b'));
    await act(() => router.navigate('/a'));
    await act(() => router.navigate('/b'));
    // page b was rendered when first opened; coming back to it twice showed the kept element as it was
    expect(renders.b).toBe(1);
    expect(screen.getByText('page b')).toBeVisible();
  });
});
