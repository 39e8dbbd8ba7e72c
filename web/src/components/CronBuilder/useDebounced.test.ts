import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { PREVIEW_DEBOUNCE_MS } from './preview';
import { useDebounced } from './useDebounced';

afterEach(() => vi.useRealTimers());

describe('preview debounce (001 §9: 500 ms)', () => {
  it('passes a value on only after it has been stable for 500 ms', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ v }) => useDebounced(v, PREVIEW_DEBOUNCE_MS), { initialProps: { v: 'a' } });
    expect(result.current).toBe('a');
    rerender({ v: 'b' });
    act(() => void vi.advanceTimersByTime(300));
    rerender({ v: 'c' });
    act(() => void vi.advanceTimersByTime(499));
    expect(result.current).toBe('a');
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe('c');
  });
});
