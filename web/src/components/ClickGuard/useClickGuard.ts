/**
 * Wraps a handler with the click-speed guard: a second call within `interval` ms (300 by default) does not run it
 * and warns 您点击的太快了，请慢一点.
 *
 * @example const onSave = useClickGuard(() => save());  <Button onClick={onSave}>保存</Button>
 */
import { useCallback, useRef } from 'react';
import { feedback } from '../feedback';
import { CLICK_GUARD_MS, CLICK_TOO_FAST, createClickGuard } from './clickGuard';

export function useClickGuard<A extends unknown[]>(handler: (...args: A) => void, interval = CLICK_GUARD_MS, message = CLICK_TOO_FAST): (...args: A) => void {
  const guard = useRef<{ interval: number; allow: () => boolean } | null>(null);
  if (!guard.current || guard.current.interval !== interval) guard.current = { interval, allow: createClickGuard(interval) };
  const latest = useRef(handler);
  latest.current = handler;
  return useCallback(
    (...args: A) => {
      if (!guard.current?.allow()) {
        void feedback.message.warning(message);
        return;
      }
      latest.current(...args);
    },
    [message],
  );
}
