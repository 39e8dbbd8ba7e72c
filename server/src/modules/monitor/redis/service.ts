import type { Redis } from 'ioredis';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { RedisKv } from '../../../core/kv/redis.js';
import { formatDateTime } from '../../../core/time.js';
import { INFO_DESCRIPTIONS } from './infoDescriptions.js';
import { MAX_ELEMENTS, parseCommand, redactKeyName, REDIS_TERMINAL_MSG, resolveRange, TerminalRefusal, type Plan } from './terminal.js';

export const REDIS_MSG = {
  /** REDIS_URL not set: the pages say so (an envelope, HTTP 200), they do not fail. */
  notConfigured: '未配置Redis（REDIS_URL），Redis监控不可用',
  /** contract §1.3: the Redis pool error. */
  connection: 'Redis 连接异常!',
  commandFailed: (m: string) => `命令执行失败：${m}`,
} as const;

export interface InfoItem {
  key: string;
  value: string;
  description: string | null;
}

/**
 * Without REDIS_URL, INFO is this one row: the original client's Redis监控 renders `/sys/actuator/redis/info` as its
 * key / description / value table and shows nothing else (no envelope message), so the explanation is a row there.
 * Our client (web/src/pages/monitor/redis) recognises it by its key and shows the notice instead of the charts.
 */
export const NOT_CONFIGURED_ROW: Readonly<InfoItem> = {
  key: 'REDIS_URL',
  value: '未配置',
  description:
    '未配置 Redis：环境变量 REDIS_URL 未设置，键值存储（登录会话、验证码、请求限流计数、缓存）运行在数据库中（sys_kv 表），' +
    '没有 Redis 运行数据可显示，Key 数量与内存图表恒为 0。设置 REDIS_URL 并重启服务后，这里显示 Redis 的运行信息。',
};

export interface ReportPoint {
  name: string;
  value: number;
}

/** Answer size of the terminal, in characters; a longer answer is cut with a note. */
export const MAX_OUTPUT_CHARS = 64 * 1024;
/** A string longer than this is read in part (GETRANGE). */
const MAX_STRING_BYTES = 64 * 1024;
/** How long one terminal command may take before its answer is abandoned. */
const COMMAND_TIMEOUT_MS = 5000;

/** `INFO` text → items (one per `key:value` line; section headers and blank lines dropped). */
export function parseInfo(text: string): InfoItem[] {
  const out: InfoItem[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf(':');
    if (at <= 0) continue;
    const key = line.slice(0, at);
    out.push({ key, value: line.slice(at + 1), description: Object.hasOwn(INFO_DESCRIPTIONS, key) ? INFO_DESCRIPTIONS[key]! : null });
  }
  return out;
}

function infoValue(text: string, key: string): string | null {
  const m = new RegExp(`^${key}:(.*)$`, 'm').exec(text);
  return m ? m[1]!.trim() : null;
}

/** A reply as redis-cli prints it (nested arrays numbered, nil, integers, quoted strings). */
export function formatReply(reply: unknown, indent = ''): string {
  if (reply === null || reply === undefined) return '(nil)';
  if (typeof reply === 'number') return `(integer) ${reply}`;
  if (Buffer.isBuffer(reply)) return JSON.stringify(reply.toString('utf8'));
  if (typeof reply === 'string') return reply.includes('\n') ? reply : JSON.stringify(reply);
  if (Array.isArray(reply)) {
    if (!reply.length) return '(empty array)';
    const w = String(reply.length).length;
    return reply
      .map((r, i) => {
        const head = `${String(i + 1).padStart(w)}) `;
        const body = formatReply(r, indent + ' '.repeat(head.length));
        return (i === 0 ? '' : indent) + head + body;
      })
      .join('\n');
  }
  return String(reply);
}

/** Redis monitor of one app: the app's own Redis connection (core/kv RedisKv), never one per request. */
export class RedisMonitorService {
  private readonly keysHistory: ReportPoint[] = [];
  private readonly memoryHistory: ReportPoint[] = [];

  constructor(private readonly ctx: AppContext) {}

  /** The app's Redis client, or null when the key-value store is the database (REDIS_URL not set). */
  client(): Redis | null {
    const kv = this.ctx.kv;
    return kv instanceof RedisKv ? kv.redis : null;
  }

  private need(): Redis {
    const r = this.client();
    if (!r) throw new BizError(REDIS_MSG.notConfigured);
    return r;
  }

  private async run<T>(fn: (r: Redis) => Promise<T>): Promise<T> {
    const r = this.need();
    try {
      return await fn(r);
    } catch (err) {
      if (err instanceof BizError || err instanceof TerminalRefusal) throw err;
      throw new BizError(REDIS_MSG.connection);
    }
  }

  /** INFO with Chinese descriptions; without Redis the one row that says so (NOT_CONFIGURED_ROW). */
  async info(): Promise<InfoItem[]> {
    if (!this.client()) return [{ ...NOT_CONFIGURED_ROW }];
    return this.run(async (r) => parseInfo(await r.info()));
  }

  /** The key count (a bare object, contract §9); 0 without Redis, so the original client's chart stays valid. */
  async keysSize(): Promise<{ dbSize: number; create_time: number }> {
    const dbSize = this.client() ? await this.run((r) => r.dbsize()) : 0;
    const point = { dbSize, create_time: Date.now() };
    this.remember(this.keysHistory, { name: hhmmss(point.create_time), value: dbSize });
    return point;
  }

  /** Redis's used_memory in bytes (a bare object, contract §9); '0' without Redis. */
  async memoryInfo(): Promise<{ used_memory: string; create_time: number }> {
    const text = this.client() ? await this.run((r) => r.info('memory')) : '';
    const point = { used_memory: infoValue(text, 'used_memory') ?? '0', create_time: Date.now() };
    this.remember(this.memoryHistory, { name: hhmmss(point.create_time), value: Number(point.used_memory) / 1000 });
    return point;
  }

  /** The last five samples (HH:mm:ss, value), a fresh one taken now. */
  async keysSizeForReport(): Promise<{ data: ReportPoint[] }> {
    await this.keysSize();
    return { data: fiveOf(this.keysHistory) };
  }

  /** Memory in KB (used_memory / 1000), as the contract's report variant. */
  async memoryForReport(): Promise<{ data: ReportPoint[] }> {
    await this.memoryInfo();
    return { data: fiveOf(this.memoryHistory) };
  }

  private remember(list: ReportPoint[], p: ReportPoint): void {
    list.push(p);
    if (list.length > 5) list.splice(0, list.length - 5);
  }

  /** Run one terminal command of the whitelist; the answer is text as redis-cli prints it, capped. */
  async terminal(input: string | string[]): Promise<{ command: string; output: string; truncated: boolean }> {
    const plan = parseCommand(input);
    let partial = false;
    const reply = await this.run((r) =>
      withTimeout(
        this.execute(r, plan, () => {
          partial = true;
        }),
      ),
    );
    let output = formatReply(reply);
    let truncated = partial;
    if (output.length > MAX_OUTPUT_CHARS) {
      output = output.slice(0, MAX_OUTPUT_CHARS);
      truncated = true;
    }
    return { command: describe(plan), output, truncated };
  }

  private async execute(r: Redis, plan: Plan, markPartial: () => void): Promise<unknown> {
    try {
      switch (plan.kind) {
        case 'call': {
          const answer = await r.call(plan.name, ...plan.args);
          // SCAN answers [cursor, [key…]]: the names of secret keys are cut (redactKeyName)
          if (plan.name === 'SCAN' && Array.isArray(answer) && Array.isArray(answer[1]))
            return [answer[0], (answer[1] as unknown[]).map((k) => (typeof k === 'string' ? redactKeyName(k) : k))];
          return answer;
        }
        case 'get': {
          const type = await r.type(plan.key);
          if (type === 'none') return null;
          if (type !== 'string') return await r.get(plan.key); // Redis answers WRONGTYPE
          const len = await r.strlen(plan.key);
          if (len <= MAX_STRING_BYTES) return await r.get(plan.key);
          markPartial();
          return await r.getrange(plan.key, 0, MAX_STRING_BYTES - 1);
        }
        case 'hget': {
          const len = await r.hstrlen(plan.key, plan.field);
          if (len > MAX_STRING_BYTES) throw new TerminalRefusal(REDIS_TERMINAL_MSG.valueTooLong(len));
          return await r.hget(plan.key, plan.field);
        }
        case 'range': {
          const len = plan.name === 'LRANGE' ? await r.llen(plan.key) : await r.zcard(plan.key);
          const range = resolveRange(plan.start, plan.stop, len);
          if (!range) return [];
          if (range.stop - range.start + 1 > MAX_ELEMENTS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.rangeTooLarge);
          const args = [plan.key, String(range.start), String(range.stop), ...(plan.withScores ? ['WITHSCORES'] : [])];
          return await r.call(plan.name, ...args);
        }
        case 'whole': {
          const size = plan.name === 'SMEMBERS' ? await r.scard(plan.key) : await r.hlen(plan.key);
          if (size > MAX_ELEMENTS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.tooManyMembers(size));
          return await r.call(plan.name, plan.key);
        }
      }
    } catch (err) {
      if (err instanceof TerminalRefusal) throw err;
      // A reply error of Redis itself (WRONGTYPE, ERR …) is the command's answer, not a connection failure.
      if (err instanceof Error && err.name === 'ReplyError') throw new BizError(REDIS_MSG.commandFailed(err.message.slice(0, 300)));
      throw err;
    }
  }
}

function describe(plan: Plan): string {
  switch (plan.kind) {
    case 'call':
      return [plan.name, ...plan.args].join(' ');
    case 'get':
      return `GET ${plan.key}`;
    case 'hget':
      return `HGET ${plan.key} ${plan.field}`;
    case 'range':
      return `${plan.name} ${plan.key} ${plan.start} ${plan.stop}${plan.withScores ? ' WITHSCORES' : ''}`;
    case 'whole':
      return `${plan.name} ${plan.key}`;
  }
}

async function withTimeout<T>(p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), COMMAND_TIMEOUT_MS);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

function hhmmss(ms: number): string {
  return formatDateTime(new Date(ms)).slice(11);
}

/** Exactly five points: the last ones, the oldest repeated in front while fewer were taken. */
function fiveOf(list: ReportPoint[]): ReportPoint[] {
  const out = list.slice(-5);
  while (out.length < 5) out.unshift({ ...out[0]! });
  return out;
}
