import { useEffect, useState } from 'react';

/** `value`, updated only after it has been stable for `ms` (the cron preview waits 500 ms, 001 §9). */
export function useDebounced<T>(value: T, ms: number): T {
  const [current, setCurrent] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setCurrent(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return current;
}
