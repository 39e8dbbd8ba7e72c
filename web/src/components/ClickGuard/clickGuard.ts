/**
 * The click-speed guard (001 §5, §8, §9): the same action again within 300 ms (default) is refused and the user is
 * told 您点击的太快了，请慢一点.
 */
export const CLICK_GUARD_MS = 300;
export const CLICK_TOO_FAST = '您点击的太快了，请慢一点';

/** Returns `allow()`: true when the action may run now; a refused click does not restart the interval. */
export function createClickGuard(interval = CLICK_GUARD_MS, now: () => number = Date.now): () => boolean {
  let last = -Infinity;
  return () => {
    const t = now();
    if (t - last < interval) return false;
    last = t;
    return true;
  };
}
