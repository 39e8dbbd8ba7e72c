import type { Result } from '@pk/contract';
import { http } from '../../../api/request';

export interface RedisInfoItem {
  key: string;
  value: string;
  description: string | null;
}

/**
 * Without REDIS_URL the server answers INFO with one row of this key, explaining that the key-value store runs in the
 * database (server: modules/monitor/redis/service.ts NOT_CONFIGURED_ROW; the original client shows it as its table).
 */
export const NOT_CONFIGURED_KEY = 'REDIS_URL';

/** The explanation row when Redis is not configured, else undefined. */
export function notConfiguredRow(rows: RedisInfoItem[] | null | undefined): RedisInfoItem | undefined {
  return rows?.find((r) => r.key === NOT_CONFIGURED_KEY);
}

/** `keysSize` / `memoryInfo` answer BARE objects (contract §9); a refusal or "not configured" is an envelope. */
export interface KeysSize {
  dbSize: number;
  create_time: number;
}
export interface MemoryInfo {
  used_memory: string;
  create_time: number;
}

export interface TerminalAnswer {
  command: string;
  output: string;
  truncated: boolean;
}

export interface TerminalCommands {
  configured: boolean;
  commands: Array<{ name: string; usage: string }>;
}

/** A bare answer, or the envelope's message when the server refused (Redis not configured, no permission …). */
export type Bare<T> = { ok: true; value: T } | { ok: false; message: string };

function bare<T extends object>(res: unknown, field: keyof T): Bare<T> {
  if (res && typeof res === 'object' && field in res) return { ok: true, value: res as T };
  return { ok: false, message: (res as Partial<Result<unknown>> | null)?.message ?? '' };
}

export const redisApi = {
  info: () => http.get<RedisInfoItem[]>('/sys/actuator/redis/info'),
  keysSize: async () => bare<KeysSize>(await http.get<unknown>('/sys/actuator/redis/keysSize'), 'dbSize'),
  memoryInfo: async () => bare<MemoryInfo>(await http.get<unknown>('/sys/actuator/redis/memoryInfo'), 'used_memory'),
  terminal: (command: string) => http.post<TerminalAnswer>('/sys/actuator/redis/terminal', { command }),
  commands: () => http.get<TerminalCommands>('/sys/actuator/redis/terminal/commands'),
};
