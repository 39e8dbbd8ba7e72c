import { latestOnly } from './rules';

export interface DictSearchHandlers<T> {
  /** The lookup (e.g. loadDict with the keyword). */
  fetch(keyword: string): Promise<T>;
  /** A reply of the latest request only (001 §7: stale replies dropped). */
  apply(result: T, keyword: string): void;
  /** The keyword was cleared: forget the options. */
  clear(): void;
  loading?(busy: boolean): void;
}

/**
 * The search of SearchSelect (001 §7, §9): each keystroke restarts a `wait` ms timer (300 in a form select, 800 in
 * the search select); only then is the lookup made; a reply that is not the latest request's is dropped; an
 * empty keyword clears at once and drops any reply still on its way.
 */
export function createDictSearch<T>(wait: number, h: DictSearchHandlers<T>): { search(keyword: string): void; cancel(): void } {
  const guard = latestOnly();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    search(keyword) {
      stop();
      const kw = keyword.trim();
      if (!kw) {
        guard.next();
        h.loading?.(false);
        h.clear();
        return;
      }
      h.loading?.(true);
      timer = setTimeout(() => {
        timer = null;
        const token = guard.next();
        h.fetch(kw)
          .then((r) => {
            if (guard.isLatest(token)) h.apply(r, kw);
          })
          .catch(() => undefined)
          .finally(() => {
            if (guard.isLatest(token)) h.loading?.(false);
          });
      }, wait);
    },
    cancel() {
      stop();
      guard.next();
    },
  };
}
