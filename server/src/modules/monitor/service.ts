/**
 * The monitor's figures (issue 14 points 1 and 3, contract §9): one snapshot of the process, the OS, the app's
 * request metrics and the token sessions, answered as Spring Actuator metrics (`/actuator/metrics/{name}`, the JVM
 * names mapped to their Node counterparts, `nodejs.*` for what has no Java name) and as Prometheus text (`/metrics`).
 */
import os from 'node:os';
import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../../core/metrics/index.js';
import { LATENCY_BUCKETS, type LatencySnapshot } from '../../core/metrics/histogram.js';
import { activeResources, cpuSample, gcStats, loopDelay, type GcStats, type LoopDelay } from '../../core/metrics/runtime.js';
import { sessionTracker, type SessionCounts } from './sessions.js';

export interface Snapshot {
  at: number;
  cpu: { count: number; process: number; system: number; load: [number, number, number]; user: number; sys: number };
  memory: NodeJS.MemoryUsage & { heapLimit: number; mallocedMemory: number; totalAvailable: number };
  heapSpaces: v8.HeapSpaceInfo[];
  os: { totalMem: number; freeMem: number; uptime: number; platform: string; release: string; arch: string; hostname: string; type: string };
  process: { uptime: number; startTime: number; pid: number; node: string; v8: string };
  loop: LoopDelay;
  gc: GcStats;
  handles: { total: number; byType: Record<string, number> };
  http: { latency: LatencySnapshot; count: number; sum: number; buckets: number[]; connections: AppMetrics['connections'] };
  sessions: SessionCounts;
}

let peakHandles = 0;

/**
 * A snapshot is reused for this long: a page asks for a dozen metric names at once and several scrapers may ask
 * together; one reading serves them all (figures at most a second old).
 */
export const SNAPSHOT_MEMO_MS = 1_000;
const memo = new WeakMap<FastifyInstance, { at: number; snap: Promise<Snapshot> }>();

export function snapshot(app: FastifyInstance): Promise<Snapshot> {
  const nowMs = Date.now();
  const hit = memo.get(app);
  if (hit && nowMs - hit.at < SNAPSHOT_MEMO_MS) return hit.snap;
  const snap = takeSnapshot(app);
  memo.set(app, { at: nowMs, snap });
  snap.catch(() => memo.delete(app));
  return snap;
}

async function takeSnapshot(app: FastifyInstance): Promise<Snapshot> {
  const sessions = await sessionTracker(app.ctx).read();
  const mem = process.memoryUsage();
  const heap = v8.getHeapStatistics();
  const cpu = cpuSample();
  const usage = process.cpuUsage();
  const handles = activeResources();
  if (handles.total > peakHandles) peakHandles = handles.total;
  const m = app.metrics;
  const uptime = process.uptime();
  const load = os.loadavg();
  return {
    at: Date.now(),
    cpu: {
      count: os.availableParallelism(),
      process: cpu.process,
      system: cpu.system,
      load: [load[0], load[1], load[2]],
      user: usage.user / 1e6,
      sys: usage.system / 1e6,
    },
    memory: { ...mem, heapLimit: heap.heap_size_limit, mallocedMemory: heap.malloced_memory, totalAvailable: heap.total_available_size },
    heapSpaces: v8.getHeapSpaceStatistics(),
    os: {
      totalMem: os.totalmem(),
      freeMem: os.freemem(),
      uptime: os.uptime(),
      platform: os.platform(),
      release: os.release(),
      arch: os.arch(),
      hostname: os.hostname(),
      type: os.type(),
    },
    process: { uptime, startTime: Date.now() / 1000 - uptime, pid: process.pid, node: process.version, v8: process.versions.v8 },
    loop: loopDelay(),
    gc: gcStats(),
    handles,
    http: { latency: m.latency.window(), count: m.latency.count, sum: m.latency.sum, buckets: [...m.latency.counts], connections: { ...m.connections } },
    sessions,
  };
}

export function handlesPeak(): number {
  return peakHandles;
}

// ---------------------------------------------------------------------------------------------- Actuator metrics

export interface Measurement {
  statistic: 'VALUE' | 'COUNT' | 'TOTAL_TIME' | 'MAX' | 'TOTAL';
  value: number;
}

export interface ActuatorMetric {
  name: string;
  description: string;
  baseUnit: string | null;
  measurements: Measurement[];
  availableTags: Array<{ tag: string; values: string[] }>;
}

interface MetricDef {
  description: string;
  baseUnit: string | null;
  measure(s: Snapshot): Measurement[];
  tags?(s: Snapshot): Array<{ tag: string; values: string[] }>;
}

const value = (v: number): Measurement[] => [{ statistic: 'VALUE', value: Number.isFinite(v) ? v : 0 }];
const spaceTags = (s: Snapshot) => [{ tag: 'id', values: s.heapSpaces.map((h) => h.space_name) }];

/** The names `/actuator/metrics/{name}` answers: the contract's (JVM names mapped to Node) and our own nodejs.*. */
export const METRICS: Record<string, MetricDef> = {
  // 服务器信息 (contract §9 "System")
  'system.cpu.count': { description: 'The number of processors available to the process', baseUnit: null, measure: (s) => value(s.cpu.count) },
  'system.cpu.usage': { description: 'The recent cpu usage for the whole system', baseUnit: null, measure: (s) => value(s.cpu.system) },
  'system.load.average.1m': { description: 'The 1-minute load average', baseUnit: null, measure: (s) => value(s.cpu.load[0]) },
  'system.load.average.5m': { description: 'The 5-minute load average', baseUnit: null, measure: (s) => value(s.cpu.load[1]) },
  'system.load.average.15m': { description: 'The 15-minute load average', baseUnit: null, measure: (s) => value(s.cpu.load[2]) },
  'system.memory.total': { description: 'Total memory of the host', baseUnit: 'bytes', measure: (s) => value(s.os.totalMem) },
  'system.memory.free': { description: 'Free memory of the host', baseUnit: 'bytes', measure: (s) => value(s.os.freeMem) },
  'system.uptime': { description: 'Uptime of the host', baseUnit: 'seconds', measure: (s) => value(s.os.uptime) },
  'process.start.time': { description: 'Start time of the process since unix epoch.', baseUnit: 'seconds', measure: (s) => value(s.process.startTime) },
  'process.uptime': { description: 'The uptime of the process', baseUnit: 'seconds', measure: (s) => value(s.process.uptime) },
  'process.cpu.usage': { description: 'The recent cpu usage for the process', baseUnit: null, measure: (s) => value(s.cpu.process) },
  'process.memory.rss': { description: 'Resident set size of the process', baseUnit: 'bytes', measure: (s) => value(s.memory.rss) },
  // 运行时信息 (contract §9 "JVM", mapped): heap → jvm.memory.*, external/arrayBuffers → jvm.buffer.*, handles → jvm.threads.*
  'jvm.memory.max': {
    description: 'The V8 heap size limit',
    baseUnit: 'bytes',
    measure: (s) => value(s.memory.heapLimit),
    tags: () => [{ tag: 'area', values: ['heap'] }],
  },
  'jvm.memory.committed': {
    description: 'The V8 heap size reserved (heapTotal)',
    baseUnit: 'bytes',
    measure: (s) => value(s.memory.heapTotal),
    tags: spaceTags,
  },
  'jvm.memory.used': { description: 'The V8 heap in use (heapUsed)', baseUnit: 'bytes', measure: (s) => value(s.memory.heapUsed), tags: spaceTags },
  'jvm.buffer.memory.used': {
    description: 'Memory of C++ objects bound to JavaScript (external, array buffers included)',
    baseUnit: 'bytes',
    measure: (s) => value(s.memory.external),
  },
  'jvm.buffer.total.capacity': {
    description: 'Memory of ArrayBuffers and SharedArrayBuffers',
    baseUnit: 'bytes',
    measure: (s) => value(s.memory.arrayBuffers),
  },
  'jvm.buffer.count': {
    description: 'Active libuv handles and requests (the Node counterpart of buffers in use)',
    baseUnit: 'buffers',
    measure: (s) => value(s.handles.total),
  },
  'jvm.threads.live': {
    description: 'Active libuv resources (handles and requests: the Node counterpart of threads)',
    baseUnit: 'threads',
    measure: (s) => value(s.handles.total),
    tags: (s) => [{ tag: 'type', values: Object.keys(s.handles.byType) }],
  },
  'jvm.threads.daemon': {
    description: 'Active timers and immediates (background resources)',
    baseUnit: 'threads',
    measure: (s) => value((s.handles.byType.Timeout ?? 0) + (s.handles.byType.Immediate ?? 0)),
  },
  'jvm.threads.peak': {
    description: 'The most active libuv resources seen',
    baseUnit: 'threads',
    measure: (s) => value(Math.max(peakHandles, s.handles.total)),
  },
  'jvm.classes.loaded': { description: 'V8 heap spaces', baseUnit: 'classes', measure: (s) => value(s.heapSpaces.length) },
  'jvm.classes.unloaded': { description: 'Not applicable to Node.js (always 0)', baseUnit: 'classes', measure: () => value(0) },
  'jvm.gc.memory.allocated': { description: 'Memory allocated by malloc in V8', baseUnit: 'bytes', measure: (s) => value(s.memory.mallocedMemory) },
  'jvm.gc.memory.promoted': { description: 'The old space in use', baseUnit: 'bytes', measure: (s) => value(spaceUsed(s, 'old_space')) },
  'jvm.gc.max.data.size': { description: 'The old space size', baseUnit: 'bytes', measure: (s) => value(spaceSize(s, 'old_space')) },
  'jvm.gc.live.data.size': {
    description: 'The old space in use after the last collection',
    baseUnit: 'bytes',
    measure: (s) => value(spaceUsed(s, 'old_space')),
  },
  'jvm.gc.pause': {
    description: 'Time spent in GC pauses',
    baseUnit: 'seconds',
    measure: (s) => [
      { statistic: 'COUNT', value: s.gc.count },
      { statistic: 'TOTAL_TIME', value: s.gc.totalSeconds },
      { statistic: 'MAX', value: s.gc.maxSeconds },
    ],
    tags: (s) => [{ tag: 'cause', values: Object.keys(s.gc.byKind) }],
  },
  // Node.js figures without a Java name
  'nodejs.heap.total': { description: 'V8 heapTotal', baseUnit: 'bytes', measure: (s) => value(s.memory.heapTotal) },
  'nodejs.heap.used': { description: 'V8 heapUsed', baseUnit: 'bytes', measure: (s) => value(s.memory.heapUsed) },
  'nodejs.external': { description: 'Memory of C++ objects bound to JavaScript', baseUnit: 'bytes', measure: (s) => value(s.memory.external) },
  'nodejs.array.buffers': { description: 'Memory of ArrayBuffers and SharedArrayBuffers', baseUnit: 'bytes', measure: (s) => value(s.memory.arrayBuffers) },
  'nodejs.rss': { description: 'Resident set size', baseUnit: 'bytes', measure: (s) => value(s.memory.rss) },
  'nodejs.eventloop.delay': {
    description: 'Event-loop delay over the last window (p50, p90, p99, max, mean)',
    baseUnit: 'seconds',
    measure: (s) => [
      { statistic: 'VALUE', value: s.loop.p50 },
      { statistic: 'MAX', value: s.loop.max },
    ],
    tags: () => [{ tag: 'percentile', values: ['p50', 'p90', 'p99'] }],
  },
  'nodejs.eventloop.delay.p50': { description: 'Event-loop delay, median', baseUnit: 'seconds', measure: (s) => value(s.loop.p50) },
  'nodejs.eventloop.delay.p90': { description: 'Event-loop delay, 90th percentile', baseUnit: 'seconds', measure: (s) => value(s.loop.p90) },
  'nodejs.eventloop.delay.p99': { description: 'Event-loop delay, 99th percentile', baseUnit: 'seconds', measure: (s) => value(s.loop.p99) },
  'nodejs.eventloop.delay.max': { description: 'Event-loop delay, maximum', baseUnit: 'seconds', measure: (s) => value(s.loop.max) },
  'nodejs.eventloop.delay.mean': { description: 'Event-loop delay, mean', baseUnit: 'seconds', measure: (s) => value(s.loop.mean) },
  'nodejs.active.handles': { description: 'Active libuv resources', baseUnit: null, measure: (s) => value(s.handles.total) },
  'nodejs.version': {
    description: 'Node.js and OS versions (see availableTags)',
    baseUnit: null,
    measure: () => value(1),
    tags: (s) => [
      { tag: 'node', values: [s.process.node] },
      { tag: 'v8', values: [s.process.v8] },
      { tag: 'os', values: [`${s.os.type} ${s.os.release}`] },
      { tag: 'platform', values: [`${s.os.platform} ${s.os.arch}`] },
      { tag: 'hostname', values: [s.os.hostname] },
    ],
  },
  // 服务信息 (contract §9 "Tomcat"): token sessions, connections, requests
  'tomcat.sessions.created': {
    description: 'Token sessions seen created since this node started',
    baseUnit: 'sessions',
    measure: (s) => value(s.sessions.created),
  },
  'tomcat.sessions.expired': { description: 'Token sessions expired (idle timeout)', baseUnit: 'sessions', measure: (s) => value(s.sessions.expired) },
  'tomcat.sessions.active.current': { description: 'Live token sessions', baseUnit: 'sessions', measure: (s) => value(s.sessions.active) },
  'tomcat.sessions.active.max': { description: 'The most live token sessions seen', baseUnit: 'sessions', measure: (s) => value(s.sessions.activeMax) },
  'tomcat.sessions.rejected': {
    description: 'Sessions refused (no session limit: always 0)',
    baseUnit: 'sessions',
    measure: (s) => value(s.sessions.rejected),
  },
  'tomcat.sessions.ended': { description: 'Token sessions ended by sign-out on this node', baseUnit: 'sessions', measure: (s) => value(s.sessions.ended) },
  'tomcat.connections.current': { description: 'Open HTTP connections', baseUnit: 'connections', measure: (s) => value(s.http.connections.open) },
  'tomcat.connections.peak': { description: 'The most open HTTP connections seen', baseUnit: 'connections', measure: (s) => value(s.http.connections.peak) },
  'http.server.requests': {
    description: 'API requests since start (COUNT, TOTAL_TIME) and the slowest of the last minute (MAX)',
    baseUnit: 'seconds',
    measure: (s) => [
      { statistic: 'COUNT', value: s.http.count },
      { statistic: 'TOTAL_TIME', value: s.http.sum },
      { statistic: 'MAX', value: s.http.latency.max },
    ],
  },
  'http.server.requests.rate': { description: 'API requests per second over the last minute', baseUnit: 'requests', measure: (s) => value(s.http.latency.rps) },
  'http.server.requests.p50': {
    description: 'API request latency over the last minute, median',
    baseUnit: 'seconds',
    measure: (s) => value(s.http.latency.p50),
  },
  'http.server.requests.p90': {
    description: 'API request latency over the last minute, 90th percentile',
    baseUnit: 'seconds',
    measure: (s) => value(s.http.latency.p90),
  },
  'http.server.requests.p99': {
    description: 'API request latency over the last minute, 99th percentile',
    baseUnit: 'seconds',
    measure: (s) => value(s.http.latency.p99),
  },
};

function spaceOf(s: Snapshot, name: string): v8.HeapSpaceInfo | undefined {
  return s.heapSpaces.find((h) => h.space_name === name);
}
const spaceUsed = (s: Snapshot, name: string) => spaceOf(s, name)?.space_used_size ?? 0;
const spaceSize = (s: Snapshot, name: string) => spaceOf(s, name)?.space_size ?? 0;

export const METRIC_NAMES = Object.keys(METRICS);

/** Metrics that take Spring's `?tag=id:<space>` filter: one V8 heap space's figure. */
const SPACE_FILTERED: Record<string, (h: v8.HeapSpaceInfo) => number> = {
  'jvm.memory.used': (h) => h.space_used_size,
  'jvm.memory.committed': (h) => h.space_size,
};

/**
 * One metric in Spring Actuator's shape, or null for a name we do not have (or a tag filter naming no such value).
 * `tag` is Spring's `tag=id:old_space` drill-down, for the heap-space figures.
 */
export function actuatorMetric(name: string, s: Snapshot, tag?: { tag: string; value: string }): ActuatorMetric | null {
  if (!Object.hasOwn(METRICS, name)) return null;
  const d = METRICS[name];
  const base = { name, description: d.description, baseUnit: d.baseUnit };
  if (tag) {
    const pick = Object.hasOwn(SPACE_FILTERED, name) && tag.tag === 'id' ? SPACE_FILTERED[name] : null;
    const space = pick ? s.heapSpaces.find((h) => h.space_name === tag.value) : undefined;
    if (!pick || !space) return null;
    return { ...base, measurements: value(pick(space)), availableTags: [] };
  }
  return { ...base, measurements: d.measure(s), availableTags: d.tags?.(s) ?? [] };
}

// ---------------------------------------------------------------------------------------------- Prometheus

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
const num = (v: number) => (Number.isFinite(v) ? String(v) : v > 0 ? '+Inf' : v < 0 ? '-Inf' : 'NaN');

/** The Prometheus text exposition (format 0.0.4) of a snapshot. */
export function prometheusText(s: Snapshot): string {
  const out: string[] = [];
  const metric = (
    name: string,
    type: 'gauge' | 'counter' | 'histogram' | 'summary',
    help: string,
    samples: Array<[Record<string, string> | null, number, string?]>,
  ) => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    for (const [labels, v, suffix] of samples) {
      const l =
        labels && Object.keys(labels).length
          ? `{${Object.entries(labels)
              .map(([k, x]) => `${k}="${esc(x)}"`)
              .join(',')}}`
          : '';
      out.push(`${name}${suffix ?? ''}${l} ${num(v)}`);
    }
  };
  const one = (name: string, type: 'gauge' | 'counter', help: string, v: number) => metric(name, type, help, [[null, v]]);

  one('process_cpu_user_seconds_total', 'counter', 'User CPU time spent in seconds.', s.cpu.user);
  one('process_cpu_system_seconds_total', 'counter', 'System CPU time spent in seconds.', s.cpu.sys);
  one('process_cpu_seconds_total', 'counter', 'Total user and system CPU time spent in seconds.', s.cpu.user + s.cpu.sys);
  one('process_cpu_usage_ratio', 'gauge', 'Recent CPU usage of the process, 0..1 of all cores.', s.cpu.process);
  one('process_start_time_seconds', 'gauge', 'Start time of the process since unix epoch in seconds.', s.process.startTime);
  one('process_uptime_seconds', 'gauge', 'Uptime of the process in seconds.', s.process.uptime);
  one('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', s.memory.rss);
  one('system_cpu_count', 'gauge', 'Processors available to the process.', s.cpu.count);
  one('system_cpu_usage_ratio', 'gauge', 'Recent CPU usage of the whole system, 0..1.', s.cpu.system);
  metric('system_load_average', 'gauge', 'Load average.', [
    [{ period: '1m' }, s.cpu.load[0]],
    [{ period: '5m' }, s.cpu.load[1]],
    [{ period: '15m' }, s.cpu.load[2]],
  ]);
  one('system_memory_total_bytes', 'gauge', 'Total memory of the host.', s.os.totalMem);
  one('system_memory_free_bytes', 'gauge', 'Free memory of the host.', s.os.freeMem);
  metric('nodejs_version_info', 'gauge', 'Node.js version info.', [[{ version: s.process.node, v8: s.process.v8, os: `${s.os.type} ${s.os.release}` }, 1]]);
  one('nodejs_heap_size_total_bytes', 'gauge', 'Process heap size from Node.js in bytes.', s.memory.heapTotal);
  one('nodejs_heap_size_used_bytes', 'gauge', 'Process heap size used from Node.js in bytes.', s.memory.heapUsed);
  one('nodejs_heap_size_limit_bytes', 'gauge', 'V8 heap size limit in bytes.', s.memory.heapLimit);
  one('nodejs_external_memory_bytes', 'gauge', 'Node.js external memory size in bytes.', s.memory.external);
  one('nodejs_array_buffers_bytes', 'gauge', 'Node.js ArrayBuffer memory in bytes.', s.memory.arrayBuffers);
  for (const [k, help] of [
    ['space_size', 'total'],
    ['space_used_size', 'used'],
    ['space_available_size', 'available'],
  ] as const) {
    metric(
      `nodejs_heap_space_size_${help}_bytes`,
      'gauge',
      `Process heap space size ${help} from Node.js in bytes.`,
      s.heapSpaces.map((h) => [{ space: h.space_name.replace(/_space$/, '') }, h[k]]),
    );
  }
  metric('nodejs_eventloop_lag_seconds', 'gauge', 'Event-loop delay over the last window.', [
    [{ quantile: 'p50' }, s.loop.p50],
    [{ quantile: 'p90' }, s.loop.p90],
    [{ quantile: 'p99' }, s.loop.p99],
    [{ quantile: 'max' }, s.loop.max],
    [{ quantile: 'mean' }, s.loop.mean],
  ]);
  const kinds = Object.entries(s.gc.byKind);
  metric('nodejs_gc_duration_seconds', 'summary', 'Garbage collection pauses by kind.', [
    ...kinds.map(([kind, v]): [Record<string, string>, number, string] => [{ kind }, v.totalSeconds, '_sum']),
    ...kinds.map(([kind, v]): [Record<string, string>, number, string] => [{ kind }, v.count, '_count']),
  ]);
  one('nodejs_gc_pause_max_seconds', 'gauge', 'The longest garbage collection pause since start.', s.gc.maxSeconds);
  one('nodejs_active_resources', 'gauge', 'Active libuv handles and requests.', s.handles.total);
  metric(
    'nodejs_active_resources_by_type',
    'gauge',
    'Active libuv resources by type.',
    Object.entries(s.handles.byType).map(([type, v]) => [{ type }, v]),
  );

  // the request histogram (cumulative buckets since start)
  const buckets: Array<[Record<string, string>, number, string]> = [];
  let acc = 0;
  LATENCY_BUCKETS.forEach((le, i) => {
    acc += s.http.buckets[i];
    buckets.push([{ le: String(le) }, acc, '_bucket']);
  });
  buckets.push([{ le: '+Inf' }, s.http.count, '_bucket']);
  metric('http_request_duration_seconds', 'histogram', 'API request duration in seconds.', [
    ...buckets,
    [null, s.http.sum, '_sum'],
    [null, s.http.count, '_count'],
  ]);
  one('http_requests_per_second', 'gauge', 'API requests per second over the last minute.', s.http.latency.rps);
  metric('http_request_duration_window_seconds', 'gauge', 'API request latency over the last minute.', [
    [{ quantile: 'p50' }, s.http.latency.p50],
    [{ quantile: 'p90' }, s.http.latency.p90],
    [{ quantile: 'p99' }, s.http.latency.p99],
  ]);
  one('http_open_connections', 'gauge', 'Open HTTP connections.', s.http.connections.open);
  one('http_connections_total', 'counter', 'HTTP connections accepted.', s.http.connections.total);
  one('sessions_active', 'gauge', 'Live token sessions.', s.sessions.active);
  one('sessions_active_max', 'gauge', 'The most live token sessions seen.', s.sessions.activeMax);
  one('sessions_created_total', 'counter', 'Token sessions seen created since this node started.', s.sessions.created);
  one('sessions_expired_total', 'counter', 'Token sessions expired.', s.sessions.expired);
  one('sessions_ended_total', 'counter', 'Token sessions ended by sign-out on this node.', s.sessions.ended);
  return out.join('\n') + '\n';
}
