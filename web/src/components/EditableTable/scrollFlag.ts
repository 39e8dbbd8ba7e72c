/**
 * The scrolling flag (001 §9: it clears 100 ms after the last scroll). `mark()` on every scroll; `onChange(true)`
 * when a scroll starts, `onChange(false)` once no scroll came for `ms`.
 */
export class ScrollFlag {
  active = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private listeners = new Set<(on: boolean) => void>();

  constructor(
    private readonly ms: number,
    onChange?: (on: boolean) => void,
  ) {
    if (onChange) this.listeners.add(onChange);
  }

  subscribe(fn: (on: boolean) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  mark(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.set(false), this.ms);
    if (!this.active) this.set(true);
  }

  private set(on: boolean) {
    this.active = on;
    for (const fn of [...this.listeners]) fn(on);
  }
}
