/**
 * Request latency (issue 14 point 1): a fixed-bucket histogram since the process started (Prometheus
 * `http_request_duration_seconds`) and a sliding window of the last WINDOW_SECONDS, one slot per second, for the
 * percentiles and requests per second the 服务信息 screen shows. Recording is O(buckets), reading O(window × buckets).
 */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 10] as const;
export const WINDOW_SECONDS = 60;

interface Slot {
  /** the second (epoch) this slot holds, -1 = empty */
  second: number;
  counts: number[];
  count: number;
  sum: number;
  max: number;
}

export interface LatencySnapshot {
  /** requests in the window */
  count: number;
  /** requests per second over the window (or the time since start when shorter) */
  rps: number;
  /** seconds */
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  windowSeconds: number;
}

function bucketOf(seconds: number): number {
  for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]) return i;
  return LATENCY_BUCKETS.length; // +Inf
}

/** The value at quantile q of bucket counts (linear inside the bucket; +Inf bucket answers the max seen). */
export function quantileOf(counts: readonly number[], total: number, q: number, max: number): number {
  if (total === 0) return 0;
  const rank = q * total;
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (c === 0) continue;
    if (seen + c >= rank) {
      if (i >= LATENCY_BUCKETS.length) return max;
      const lo = i === 0 ? 0 : LATENCY_BUCKETS[i - 1];
      const hi = LATENCY_BUCKETS[i];
      return Math.min(max, lo + ((hi - lo) * (rank - seen)) / c);
    }
    seen += c;
  }
  return max;
}

export class LatencyHistogram {
  /** cumulative since start, per bucket (not cumulative across buckets), last = +Inf */
  readonly counts = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
  count = 0;
  sum = 0;
  private readonly slots: Slot[] = Array.from({ length: WINDOW_SECONDS }, () => ({
    second: -1,
    counts: new Array<number>(LATENCY_BUCKETS.length + 1).fill(0),
    count: 0,
    sum: 0,
    max: 0,
  }));
  private readonly startedMs: number;

  constructor(private readonly clock: () => number = Date.now) {
    this.startedMs = clock();
  }

  record(seconds: number): void {
    const v = Number.isFinite(seconds) && seconds > 0 ? seconds : 0;
    const b = bucketOf(v);
    this.counts[b]++;
    this.count++;
    this.sum += v;
    const second = Math.floor(this.clock() / 1000);
    const slot = this.slots[second % WINDOW_SECONDS];
    if (slot.second !== second) {
      slot.second = second;
      slot.counts.fill(0);
      slot.count = 0;
      slot.sum = 0;
      slot.max = 0;
    }
    slot.counts[b]++;
    slot.count++;
    slot.sum += v;
    if (v > slot.max) slot.max = v;
  }

  /** Percentiles, rate and mean over the last WINDOW_SECONDS. */
  window(): LatencySnapshot {
    const nowMs = this.clock();
    const second = Math.floor(nowMs / 1000);
    const counts = new Array<number>(LATENCY_BUCKETS.length + 1).fill(0);
    let count = 0;
    let sum = 0;
    let max = 0;
    for (const s of this.slots) {
      if (s.second < 0 || second - s.second >= WINDOW_SECONDS) continue;
      for (let i = 0; i < counts.length; i++) counts[i] += s.counts[i];
      count += s.count;
      sum += s.sum;
      if (s.max > max) max = s.max;
    }
    const span = Math.min(WINDOW_SECONDS, Math.max(1, (nowMs - this.startedMs) / 1000));
    return {
      count,
      rps: count / span,
      p50: quantileOf(counts, count, 0.5, max),
      p90: quantileOf(counts, count, 0.9, max),
      p99: quantileOf(counts, count, 0.99, max),
      max,
      mean: count ? sum / count : 0,
      windowSeconds: WINDOW_SECONDS,
    };
  }
}
