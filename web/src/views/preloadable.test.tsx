import { Component, Suspense, useState, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from './preloadable';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN((x) => x + 1)}>
      {label} {n}
    </button>
  );
}

describe('preloadable', () => {
  it('renders a preloaded module at once: no fallback', async () => {
    const Page = preloadable(() => Promise.resolve({ default: Counter }));
    await Page.preload();
    expect(Page.loaded()).toBe(Counter);
    render(
      <Suspense fallback={<span>loading</span>}>
        <Page label="page" />
      </Suspense>,
    );
    // synchronously there: the first render did not suspend
    expect(screen.getByRole('button').textContent).toBe('page 0');
    expect(screen.queryByText('loading')).toBeNull();
  });

  it('shows its fallback (not a Suspense fallback) until the code is in, then the page, mounted once', async () => {
    let resolve!: (m: { default: typeof Counter }) => void;
    const Page = preloadable(() => new Promise<{ default: typeof Counter }>((r) => (resolve = r)), <span>loading</span>);
    const { rerender } = render(
      <Suspense fallback={<span>suspended</span>}>
        <Page label="a" />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.queryByText('suspended')).toBeNull();
    await act(async () => resolve({ default: Counter }));
    const button = await screen.findByRole('button');
    act(() => button.click());
    expect(button.textContent).toBe('a 1');
    rerender(
      <Suspense fallback={<span>suspended</span>}>
        <Page label="b" />
      </Suspense>,
    );
    // same DOM node and state
    expect(screen.getByRole('button')).toBe(button);
    expect(button.textContent).toBe('b 1');
  });

  it('throws a failed load to the error boundary', async () => {
    class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
      state = { error: null as string | null };
      static getDerivedStateFromError(e: Error) {
        return { error: e.message };
      }
      render() {
        return this.state.error ? <span>failed: {this.state.error}</span> : this.props.children;
      }
    }
    const Page = preloadable<{ label: string }>(() => Promise.reject(new Error('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Page label="x" />
      </Boundary>,
    );
    expect(await screen.findByText('failed: offline')).toBeTruthy();
  });

  it('loads once, and again after a failure', async () => {
    let calls = 0;
    const Page = preloadable<{ label: string }>(() => {
      calls++;
      return calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve({ default: Counter });
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    await Page.preload();
    expect(calls).toBe(2);
  });
});
