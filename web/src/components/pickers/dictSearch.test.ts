import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDictSearch } from './dictSearch';
import { PICKER } from './rules';

// 001 §7: loadDict debounced 300 ms (form select) or 800 ms (search select); stale replies dropped.
describe('createDictSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = (wait: number, fetch = vi.fn(async (kw: string) => [kw])) => {
    const apply = vi.fn();
    const clear = vi.fn();
    const loading = vi.fn();
    const s = createDictSearch<string[]>(wait, { fetch, apply, clear, loading });
    return { s, fetch, apply, clear, loading };
  };

  it('search select: one lookup 800 ms after the last keystroke', async () => {
    const { s, fetch, apply } = setup(PICKER.searchDebounce);
    s.search('a');
    await vi.advanceTimersByTimeAsync(500);
    s.search('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('ab');
    await vi.runAllTimersAsync();
    expect(apply).toHaveBeenCalledWith(['ab'], 'ab');
  });

  it('form select: 300 ms', async () => {
    const { s, fetch } = setup(PICKER.formDebounce);
    s.search(' x ');
    await vi.advanceTimersByTimeAsync(299);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('x');
  });

  it('a slow reply of an older keyword is dropped', async () => {
    const replies: Record<string, (v: string[]) => void> = {};
    const fetch = vi.fn((kw: string) => new Promise<string[]>((res) => (replies[kw] = res)));
    const { s, apply, loading } = setup(300, fetch);
    s.search('old');
    await vi.advanceTimersByTimeAsync(300);
    s.search('new');
    await vi.advanceTimersByTimeAsync(300);
    replies.new(['new-row']);
    await vi.runAllTimersAsync();
    replies.old(['old-row']);
    await vi.runAllTimersAsync();
    expect(apply).toHaveBeenCalledTimes(1);
    expect(apply).toHaveBeenCalledWith(['new-row'], 'new');
    expect(loading).toHaveBeenLastCalledWith(false);
  });

  it('clearing the keyword clears at once, cancels the timer and drops a reply on its way', async () => {
    let reply: (v: string[]) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<string[]>((res) => (reply = res)));
    const { s, apply, clear } = setup(300, fetch);
    s.search('a');
    await vi.advanceTimersByTimeAsync(300);
    s.search('  ');
    expect(clear).toHaveBeenCalledTimes(1);
    reply(['late']);
    await vi.runAllTimersAsync();
    expect(apply).not.toHaveBeenCalled();
    s.search('b');
    s.cancel();
    await vi.runAllTimersAsync();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
