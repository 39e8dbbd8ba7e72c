/**
 * Concurrent callers of one key share one run: the first caller starts it, the others get its promise until it has
 * settled (then the next caller starts a new run). For work whose result a cache keeps — a list total, a list answer,
 * a spoken text — so that a cold key under load is computed once, not once per waiting request.
 */
export class SingleFlight<T> {
  private readonly running = new Map<string, Promise<T>>();

  run(key: string, fn: () => Promise<T>): Promise<T> {
    let p = this.running.get(key);
    if (!p) {
      const started = fn().finally(() => {
        if (this.running.get(key) === started) this.running.delete(key);
      });
      this.running.set(key, (p = started));
    }
    return p;
  }

  /** Forget the runs in progress (they go on; later callers start new ones). */
  clear(): void {
    this.running.clear();
  }
}
