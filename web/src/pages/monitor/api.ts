/**
 * The monitor's calls (contract §9): Spring Actuator metrics (bare JSON), the request trace (bare), the disk list
 * (envelope). A failed envelope where a bare answer was expected (no permission, unknown name) rejects with its text.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { http } from '../../api/request';
import { useLiveInterval } from '../../layouts/BasicLayout/usePageActive';

export interface Measurement {
  statistic: string;
  value: number;
}
export interface ActuatorMetric {
  name: string;
  description: string;
  baseUnit: string | null;
  measurements: Measurement[];
  availableTags: Array<{ tag: string; values: string[] }>;
}
export interface TraceEntry {
  timestamp: string;
  principal: { name: string } | null;
  request: { method: string; uri: string; headers: Record<string, string[]>; remoteAddress: string };
  response: { status: number; headers: Record<string, string[]> };
  timeTaken: number;
}
export interface DiskInfo {
  name: string;
  max: number;
  rest: number;
  restPPT: number;
}

/** How often the live pages ask again (ms). */
export const LIVE_MS = 5_000;

function bare<T>(data: unknown): T {
  const d = data as { success?: boolean; message?: string } | null;
  if (d && typeof d === 'object' && d.success === false) throw new Error(d.message || '查询失败');
  return data as T;
}

export async function fetchMetric(name: string): Promise<ActuatorMetric> {
  return bare<ActuatorMetric>(await http.get(`/actuator/metrics/${name}`, undefined, { silent: true }));
}

export type MetricMap = Record<string, ActuatorMetric>;

export async function fetchMetrics(names: readonly string[]): Promise<MetricMap> {
  const list = await Promise.all(names.map(fetchMetric));
  return Object.fromEntries(list.map((m) => [m.name, m]));
}

export async function fetchTraces(): Promise<TraceEntry[]> {
  return bare<{ traces: TraceEntry[] }>(await http.get('/actuator/httptrace')).traces ?? [];
}

export async function fetchDisks(): Promise<DiskInfo[]> {
  const res = await http.get<DiskInfo[]>('/sys/actuator/redis/queryDiskInfo');
  if (!res.success) throw new Error(res.message || '查询失败');
  return res.result ?? [];
}

/** A measurement of a metric (VALUE by default; 0 when absent). */
export function measure(m: MetricMap | undefined, name: string, statistic = 'VALUE'): number {
  const x = m?.[name]?.measurements.find((v) => v.statistic === statistic) ?? (statistic === 'VALUE' ? m?.[name]?.measurements[0] : undefined);
  return x?.value ?? 0;
}

export function tagValues(m: MetricMap | undefined, name: string, tag: string): string[] {
  return m?.[name]?.availableTags.find((t) => t.tag === tag)?.values ?? [];
}

/** Metrics polled every LIVE_MS while the page is on screen (stopped in a background tab and after unmount). */
export function useLiveMetrics(key: string, names: readonly string[]) {
  const interval = useLiveInterval(LIVE_MS);
  return useQuery({ queryKey: ['monitor', 'metrics', key], queryFn: () => fetchMetrics(names), refetchInterval: interval, retry: false });
}

export function useLiveDisks() {
  const interval = useLiveInterval(LIVE_MS * 2);
  return useQuery({ queryKey: ['monitor', 'disks'], queryFn: fetchDisks, refetchInterval: interval, retry: false });
}

export interface Sample {
  /** HH:mm:ss */
  time: string;
  values: Record<string, number>;
}

/** The last `size` samples of the figures `pick` takes from each new answer (a chart's history, kept per page). */
export function useHistory<T>(data: T | undefined, updatedAt: number, pick: (d: T) => Record<string, number>, size = 60): Sample[] {
  const [list, setList] = useState<Sample[]>([]);
  const latestPick = useRef(pick);
  useEffect(() => {
    latestPick.current = pick;
  });
  useEffect(() => {
    if (data === undefined || !updatedAt) return;
    const time = new Date(updatedAt).toTimeString().slice(0, 8);
    const values = latestPick.current(data);
    setList((l) => [...l, { time, values }].slice(-size));
  }, [data, updatedAt, size]);
  return list;
}

// ---------------------------------------------------------------------------------------------- formatting

export function bytes(v: number): string {
  if (!Number.isFinite(v) || v <= 0) return '0 B';
  const units = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let i = 0;
  let x = v;
  while (x >= 1024 && i < units.length - 1) {
    x /= 1024;
    i++;
  }
  return `${x.toFixed(x >= 100 || i === 0 ? 0 : 1)} ${units[i]}`;
}

export const mb = (v: number) => Math.round((v / 1048576) * 10) / 10;
export const pct = (ratio: number) => Math.round(ratio * 1000) / 10;
export const ms = (seconds: number) => Math.round(seconds * 1000 * 100) / 100;

export function duration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${d ? `${d}天` : ''}${h}小时${m}分${s % 60}秒`;
}

export function dateTime(epochMs: number): string {
  const d = new Date(epochMs);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
