/**
 * Process-wide collectors (issue 14 point 1): event-loop delay (perf_hooks.monitorEventLoopDelay), GC pauses
 * (PerformanceObserver 'gc') and CPU usage sampled between two reads (process.cpuUsage, os.cpus). They describe the
 * process, not one app instance, so they are started once per process on first use and hold no timer of their own
 * (the event-loop monitor's sampling timer is libuv's, unref'd; CPU usage is the difference to the previous read).
 */
import os from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver, constants, type IntervalHistogram } from 'node:perf_hooks';

/** The event-loop figures are re-read into a new snapshot (and the histogram reset) at most this often. */
export const LOOP_WINDOW_MS = 5_000;
const CPU_MIN_INTERVAL_MS = 500;

export interface LoopDelay {
  /** seconds */
  min: number;
  mean: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  /** the window the figures cover, seconds */
  windowSeconds: number;
}

export interface GcStats {
  count: number;
  /** seconds, all pauses since start */
  totalSeconds: number;
  maxSeconds: number;
  /** by kind (minor, major, incremental, weakcb) */
  byKind: Record<string, { count: number; totalSeconds: number }>;
}

export interface CpuSample {
  /** 0..1 of all cores, since the previous sample */
  process: number;
  system: number;
}

let loop: IntervalHistogram | null = null;
let loopSince = 0;
let loopLast: LoopDelay | null = null;
const gc: GcStats = { count: 0, totalSeconds: 0, maxSeconds: 0, byKind: {} };
let gcObserver: PerformanceObserver | null = null;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** Start the process-wide collectors (idempotent). */
export function startRuntimeCollectors(): void {
  if (!loop) {
    loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    loopSince = Date.now();
  }
  if (!gcObserver) {
    gcObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const s = e.duration / 1000;
        const kind = GC_KINDS[(e.detail as { kind?: number } | undefined)?.kind ?? -1] ?? 'other';
        gc.count++;
        gc.totalSeconds += s;
        if (s > gc.maxSeconds) gc.maxSeconds = s;
        const k = (gc.byKind[kind] ??= { count: 0, totalSeconds: 0 });
        k.count++;
        k.totalSeconds += s;
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
  }
  cpuSample();
}

const ns = (v: number) => (Number.isFinite(v) ? v / 1e9 : 0);

/** Event-loop delay over the last window (the histogram is read and reset every LOOP_WINDOW_MS). */
export function loopDelay(): LoopDelay {
  startRuntimeCollectors();
  const h = loop!;
  const nowMs = Date.now();
  const read = (): LoopDelay => ({
    min: h.count ? ns(h.min) : 0,
    mean: h.count ? ns(h.mean) : 0,
    max: h.count ? ns(h.max) : 0,
    p50: h.count ? ns(h.percentile(50)) : 0,
    p90: h.count ? ns(h.percentile(90)) : 0,
    p99: h.count ? ns(h.percentile(99)) : 0,
    windowSeconds: (nowMs - loopSince) / 1000,
  });
  if (nowMs - loopSince >= LOOP_WINDOW_MS || !loopLast) {
    const cur = read();
    if (h.count > 0) loopLast = cur;
    if (nowMs - loopSince >= LOOP_WINDOW_MS) {
      h.reset();
      loopSince = nowMs;
    }
  }
  return loopLast ?? read();
}

export function gcStats(): GcStats {
  startRuntimeCollectors();
  return { ...gc, byKind: Object.fromEntries(Object.entries(gc.byKind).map(([k, v]) => [k, { ...v }])) };
}

interface CpuMark {
  at: number;
  proc: NodeJS.CpuUsage;
  idle: number;
  total: number;
}
let cpuMark: CpuMark | null = null;
let cpuLast: CpuSample = { process: 0, system: 0 };

function systemTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const c of os.cpus()) {
    const t = c.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total };
}

/** CPU usage since the previous sample (kept when asked again within CPU_MIN_INTERVAL_MS). */
export function cpuSample(): CpuSample {
  const at = performance.now();
  if (cpuMark && at - cpuMark.at < CPU_MIN_INTERVAL_MS) return cpuLast;
  const proc = process.cpuUsage();
  const sys = systemTimes();
  if (cpuMark) {
    const elapsedUs = (at - cpuMark.at) * 1000;
    const cores = Math.max(1, os.availableParallelism());
    const used = proc.user - cpuMark.proc.user + (proc.system - cpuMark.proc.system);
    const dTotal = sys.total - cpuMark.total;
    const dIdle = sys.idle - cpuMark.idle;
    cpuLast = {
      process: clamp01(used / (elapsedUs * cores)),
      system: dTotal > 0 ? clamp01(1 - dIdle / dTotal) : cpuLast.system,
    };
  }
  cpuMark = { at, proc, idle: sys.idle, total: sys.total };
  return cpuLast;
}

const clamp01 = (v: number) => (Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : 0);

/** Active libuv resources by type (process.getActiveResourcesInfo): the Node counterpart of JVM threads. */
export function activeResources(): { total: number; byType: Record<string, number> } {
  const list = process.getActiveResourcesInfo();
  const byType: Record<string, number> = {};
  for (const t of list) byType[t] = (byType[t] ?? 0) + 1;
  return { total: list.length, byType };
}
