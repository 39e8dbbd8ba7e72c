/**
 * The Redis terminal's command parser and whitelist (issue 14 point 2). Pure functions: a command line is tokenised
 * here (double and single quotes, backslash escapes inside double quotes, as redis-cli reads them), its name is looked
 * up in a table of READ-ONLY commands, and its arguments are checked against that command's own rule (arity, bounds,
 * secret keys). Only a command of the table runs, under the table's own canonical name: a free string from the
 * request never reaches Redis as a command.
 */

export const REDIS_TERMINAL_MSG = {
  empty: '请输入命令',
  tooLong: '命令太长（最多 2000 个字符）',
  badQuote: '命令格式不正确：引号未闭合',
  tooManyArgs: '命令参数太多（最多 100 个）',
  badArity: (name: string, usage: string) => `命令参数不正确：${name}，用法：${usage}`,
  refused: (name: string) => `不允许执行该命令：${name}（Redis终端只允许只读命令）`,
  secretKey: (key: string) => `不允许读取该键的值：${key}（会话、令牌、验证码等密钥类键）`,
  badInteger: (name: string) => `${name} 必须是整数`,
  scanCount: 'SCAN 的 COUNT 不能超过 1000',
  rangeTooLarge: '一次最多读取 1000 个元素，请缩小范围',
  valueTooLong: (n: number) => `该值有 ${n} 字节，超过 64 KB，不在终端中显示`,
  tooManyMembers: (n: number) => `该键有 ${n} 个元素，超过 1000 个，请用范围命令分段读取`,
  badSection: (s: string) => `未知的 INFO 段：${s}`,
} as const;

/** Longest command line accepted, in characters; most arguments per command. */
export const MAX_COMMAND_CHARS = 2000;
export const MAX_ARGS = 100;
/** Most elements one command may answer (LRANGE, ZRANGE, SMEMBERS, HGETALL, HKEYS, SCAN COUNT). */
export const MAX_ELEMENTS = 1000;

export class TerminalRefusal extends Error {}

/** Split a command line into arguments the way redis-cli does (quotes group, `\n` `\t` `\"` `\\` `\xHH` in double quotes). */
export function tokenize(line: string): string[] {
  if (line.length > MAX_COMMAND_CHARS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.tooLong);
  const out: string[] = [];
  let i = 0;
  const n = line.length;
  while (i < n) {
    while (i < n && /\s/.test(line[i]!)) i++;
    if (i >= n) break;
    let cur = '';
    let quoted = false;
    while (i < n && !/\s/.test(line[i]!)) {
      const c = line[i]!;
      if (c === '"') {
        quoted = true;
        i++;
        let closed = false;
        while (i < n) {
          const d = line[i]!;
          if (d === '\\' && i + 1 < n) {
            const e = line[i + 1]!;
            if (e === 'x' && /^[0-9a-fA-F]{2}$/.test(line.slice(i + 2, i + 4))) {
              cur += String.fromCharCode(parseInt(line.slice(i + 2, i + 4), 16));
              i += 4;
              continue;
            }
            cur += e === 'n' ? '\n' : e === 't' ? '\t' : e === 'r' ? '\r' : e === 'a' ? '\x07' : e === 'b' ? '\b' : e;
            i += 2;
            continue;
          }
          if (d === '"') {
            closed = true;
            i++;
            break;
          }
          cur += d;
          i++;
        }
        if (!closed) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badQuote);
      } else if (c === "'") {
        quoted = true;
        i++;
        let closed = false;
        while (i < n) {
          const d = line[i]!;
          if (d === '\\' && line[i + 1] === "'") {
            cur += "'";
            i += 2;
            continue;
          }
          if (d === "'") {
            closed = true;
            i++;
            break;
          }
          cur += d;
          i++;
        }
        if (!closed) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badQuote);
      } else {
        cur += c;
        i++;
      }
    }
    if (cur.length || quoted) out.push(cur);
    if (out.length > MAX_ARGS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.tooManyArgs);
  }
  return out;
}

/** Words that mark a key as holding a secret (sessions, tokens, captcha answers, SMS codes, nonces, OAuth state …). */
const SECRET_WORDS = new Set([
  'session',
  'sessions',
  'token',
  'tokens',
  'jwt',
  'captcha',
  'sms',
  'code',
  'codes',
  'smscode',
  'nonce',
  'secret',
  'secrets',
  'password',
  'passwd',
  'pwd',
  'oauth',
  'oauth2',
  'oidc',
  'pkce',
  'verifier',
  'ticket',
  'cas',
]);

/** A key whose value the terminal never shows: one of its segments (split on : _ - . / space) is a secret word. */
export function isSecretKey(key: string): boolean {
  return key
    .toLowerCase()
    .split(/[:_\-./\s{}|]+/)
    .some((w) => SECRET_WORDS.has(w));
}

/**
 * A key name as SCAN lists it: a secret key's name is cut after its first secret word (`thirdLogin:token:***`), so
 * what follows — a session id, a one-time token, a phone number or an IP of a rate limit — is never shown either.
 */
export function redactKeyName(key: string): string {
  if (!isSecretKey(key)) return key;
  const re = /[^:_\-./\s{}|]+/g;
  for (let m = re.exec(key); m; m = re.exec(key)) {
    if (SECRET_WORDS.has(m[0].toLowerCase())) {
      const end = m.index + m[0].length;
      return end < key.length ? `${key.slice(0, end + 1)}***` : key;
    }
  }
  return key;
}

/** What the service runs for a checked command. */
export type Plan =
  | { kind: 'call'; name: string; args: string[] }
  /** GET: length checked first (STRLEN), a long value read in part (GETRANGE). */
  | { kind: 'get'; key: string }
  /** HGET: the field's length checked first (HSTRLEN), a long one refused. */
  | { kind: 'hget'; key: string; field: string }
  /** LRANGE / ZRANGE: the range resolved against LLEN / ZCARD, at most MAX_ELEMENTS. */
  | { kind: 'range'; name: 'LRANGE' | 'ZRANGE'; key: string; start: number; stop: number; withScores: boolean }
  /** SMEMBERS / HGETALL / HKEYS: the size (SCARD / HLEN) checked first. */
  | { kind: 'whole'; name: 'SMEMBERS' | 'HGETALL' | 'HKEYS'; key: string };

interface Rule {
  usage: string;
  min: number;
  max: number;
  /** Positions of key arguments whose VALUE the command answers (checked against isSecretKey). */
  readsValue?: boolean;
  plan?: (args: string[]) => Plan;
}

const INFO_SECTIONS = new Set([
  'server',
  'clients',
  'memory',
  'persistence',
  'stats',
  'replication',
  'cpu',
  'commandstats',
  'latencystats',
  'errorstats',
  'keyspace',
  'cluster',
  'modules',
  'sentinel',
  'default',
  'all',
  'everything',
]);

function int(name: string, v: string): number {
  if (!/^-?\d{1,15}$/.test(v)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badInteger(name));
  return Number(v);
}

function scanPlan(args: string[]): Plan {
  const [cursor, ...rest] = args;
  if (!/^\d{1,20}$/.test(cursor!)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badInteger('cursor'));
  const out = [cursor!];
  let count = 10;
  for (let i = 0; i < rest.length; i += 2) {
    const opt = rest[i]!.toUpperCase();
    const val = rest[i + 1];
    if (val === undefined || !['MATCH', 'COUNT', 'TYPE'].includes(opt)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity('SCAN', RULES.SCAN!.usage));
    if (opt === 'COUNT') {
      count = int('COUNT', val);
      if (count < 1 || count > MAX_ELEMENTS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.scanCount);
      out.push('COUNT', String(count));
    } else if (opt === 'TYPE') {
      if (!/^[a-z]{1,10}$/i.test(val)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity('SCAN', RULES.SCAN!.usage));
      out.push('TYPE', val);
    } else out.push('MATCH', val);
  }
  if (!out.includes('COUNT')) out.push('COUNT', String(count));
  return { kind: 'call', name: 'SCAN', args: out };
}

/** The whitelist: read-only commands only, each with its arity and its own checks. */
const RULES: Record<string, Rule> = {
  PING: { usage: 'PING [message]', min: 0, max: 1 },
  ECHO: { usage: 'ECHO message', min: 1, max: 1 },
  TIME: { usage: 'TIME', min: 0, max: 0 },
  DBSIZE: { usage: 'DBSIZE', min: 0, max: 0 },
  LASTSAVE: { usage: 'LASTSAVE', min: 0, max: 0 },
  INFO: {
    usage: 'INFO [section]',
    min: 0,
    max: 1,
    plan: (a) => {
      if (a[0] !== undefined && !INFO_SECTIONS.has(a[0].toLowerCase())) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badSection(a[0]));
      return { kind: 'call', name: 'INFO', args: a[0] ? [a[0].toLowerCase()] : [] };
    },
  },
  TYPE: { usage: 'TYPE key', min: 1, max: 1 },
  TTL: { usage: 'TTL key', min: 1, max: 1 },
  PTTL: { usage: 'PTTL key', min: 1, max: 1 },
  EXISTS: { usage: 'EXISTS key [key ...]', min: 1, max: MAX_ARGS },
  STRLEN: { usage: 'STRLEN key', min: 1, max: 1 },
  GET: { usage: 'GET key', min: 1, max: 1, readsValue: true, plan: (a) => ({ kind: 'get', key: a[0]! }) },
  HGET: { usage: 'HGET key field', min: 2, max: 2, readsValue: true, plan: (a) => ({ kind: 'hget', key: a[0]!, field: a[1]! }) },
  HLEN: { usage: 'HLEN key', min: 1, max: 1 },
  HEXISTS: { usage: 'HEXISTS key field', min: 2, max: 2 },
  HKEYS: { usage: 'HKEYS key', min: 1, max: 1, readsValue: true, plan: (a) => ({ kind: 'whole', name: 'HKEYS', key: a[0]! }) },
  HGETALL: { usage: 'HGETALL key', min: 1, max: 1, readsValue: true, plan: (a) => ({ kind: 'whole', name: 'HGETALL', key: a[0]! }) },
  LLEN: { usage: 'LLEN key', min: 1, max: 1 },
  LRANGE: {
    usage: 'LRANGE key start stop',
    min: 3,
    max: 3,
    readsValue: true,
    plan: (a) => ({ kind: 'range', name: 'LRANGE', key: a[0]!, start: int('start', a[1]!), stop: int('stop', a[2]!), withScores: false }),
  },
  SCARD: { usage: 'SCARD key', min: 1, max: 1 },
  SISMEMBER: { usage: 'SISMEMBER key member', min: 2, max: 2 },
  SMEMBERS: { usage: 'SMEMBERS key', min: 1, max: 1, readsValue: true, plan: (a) => ({ kind: 'whole', name: 'SMEMBERS', key: a[0]! }) },
  ZCARD: { usage: 'ZCARD key', min: 1, max: 1 },
  ZSCORE: { usage: 'ZSCORE key member', min: 2, max: 2 },
  ZRANGE: {
    usage: 'ZRANGE key start stop [WITHSCORES]',
    min: 3,
    max: 4,
    readsValue: true,
    plan: (a) => {
      if (a[3] !== undefined && a[3].toUpperCase() !== 'WITHSCORES') throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity('ZRANGE', RULES.ZRANGE!.usage));
      return { kind: 'range', name: 'ZRANGE', key: a[0]!, start: int('start', a[1]!), stop: int('stop', a[2]!), withScores: a[3] !== undefined };
    },
  },
  SCAN: { usage: 'SCAN cursor [MATCH pattern] [COUNT n≤1000] [TYPE type]', min: 1, max: 7, plan: scanPlan },
  MEMORY: {
    usage: 'MEMORY USAGE key [SAMPLES 1..100]',
    min: 2,
    max: 4,
    plan: (a) => {
      if (a[0]!.toUpperCase() !== 'USAGE') throw new TerminalRefusal(REDIS_TERMINAL_MSG.refused(`MEMORY ${a[0]!.toUpperCase()}`));
      const args = ['USAGE', a[1]!];
      if (a.length > 2) {
        if (a.length !== 4 || a[2]!.toUpperCase() !== 'SAMPLES') throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity('MEMORY USAGE', RULES.MEMORY!.usage));
        const n = int('SAMPLES', a[3]!);
        // SAMPLES 0 walks every element of the key: at least 1
        if (n < 1 || n > 100) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity('MEMORY USAGE', RULES.MEMORY!.usage));
        args.push('SAMPLES', String(n));
      }
      return { kind: 'call', name: 'MEMORY', args };
    },
  },
  OBJECT: {
    usage: 'OBJECT ENCODING|IDLETIME|REFCOUNT|FREQ key',
    min: 2,
    max: 2,
    plan: (a) => {
      const sub = a[0]!.toUpperCase();
      if (!['ENCODING', 'IDLETIME', 'REFCOUNT', 'FREQ'].includes(sub)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.refused(`OBJECT ${sub}`));
      return { kind: 'call', name: 'OBJECT', args: [sub, a[1]!] };
    },
  },
};

/** The whitelisted command names (shown by the page as help). */
export const TERMINAL_COMMANDS: Array<{ name: string; usage: string }> = Object.entries(RULES).map(([name, r]) => ({ name, usage: r.usage }));

/** Check a tokenised command against the whitelist; throws TerminalRefusal with the message to show. */
export function planCommand(tokens: string[]): Plan {
  if (!tokens.length) throw new TerminalRefusal(REDIS_TERMINAL_MSG.empty);
  const name = tokens[0]!.toUpperCase();
  const rule = Object.hasOwn(RULES, name) ? RULES[name] : undefined;
  if (!rule) throw new TerminalRefusal(REDIS_TERMINAL_MSG.refused(tokens[0]!.slice(0, 40).toUpperCase()));
  const args = tokens.slice(1);
  if (args.length < rule.min || args.length > rule.max) throw new TerminalRefusal(REDIS_TERMINAL_MSG.badArity(name, rule.usage));
  if (rule.readsValue && isSecretKey(args[0]!)) throw new TerminalRefusal(REDIS_TERMINAL_MSG.secretKey(args[0]!.slice(0, 200)));
  return rule.plan ? rule.plan(args) : { kind: 'call', name, args };
}

/** Parse and check a command line (or an argument list). */
export function parseCommand(input: string | string[]): Plan {
  const tokens = typeof input === 'string' ? tokenize(input) : input;
  if (Array.isArray(input)) {
    if (input.length > MAX_ARGS + 1) throw new TerminalRefusal(REDIS_TERMINAL_MSG.tooManyArgs);
    if (input.reduce((s, a) => s + a.length, 0) > MAX_COMMAND_CHARS) throw new TerminalRefusal(REDIS_TERMINAL_MSG.tooLong);
  }
  return planCommand(tokens);
}

/** Resolve a Redis range (negative indexes from the end) against the length; null when it selects nothing. */
export function resolveRange(start: number, stop: number, len: number): { start: number; stop: number } | null {
  let s = start < 0 ? len + start : start;
  let e = stop < 0 ? len + stop : stop;
  if (s < 0) s = 0;
  if (e >= len) e = len - 1;
  if (s > e || s >= len) return null;
  return { start: s, stop: e };
}
