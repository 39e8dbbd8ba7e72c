/**
 * Issue 14 point 2: Redis监控 and the read-only Redis终端. With TEST_REDIS=1 (Redis at 127.0.0.1:6379) the routes
 * answer real figures; without, INFO is one row explaining it, the charts answer 0 and the terminal says
 * `未配置Redis（REDIS_URL），Redis监控不可用`.
 * The whitelist refusals and permission refusals hold in both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PERM } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { RedisKv } from '../src/core/kv/redis.js';
import { isSecretKey, parseCommand, redactKeyName, resolveRange, tokenize, TerminalRefusal } from '../src/modules/monitor/redis/terminal.js';
import { NOT_CONFIGURED_ROW, parseInfo } from '../src/modules/monitor/redis/service.js';
import { REDIS_INFO_MENU_ID, REDIS_TERMINAL_MENU } from '../src/db/seed/redisMonitor.js';
import { menuId } from '../src/db/seed/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';

const REDIS = process.env.TEST_REDIS === '1';
const NOT_CONFIGURED = '未配置Redis（REDIS_URL），Redis监控不可用';
const U = (p: string) => `${TEST_API_PREFIX}${p}`;

type Env = { success: boolean; code: number; message: string; result: unknown };

describe('redis terminal parser (pure)', () => {
  it('tokenises quotes like redis-cli', () => {
    expect(tokenize('GET foo')).toEqual(['GET', 'foo']);
    expect(tokenize('  get   "a b"  \'c d\' ')).toEqual(['get', 'a b', 'c d']);
    expect(tokenize('GET "a\\"b\\x41\\n"')).toEqual(['GET', 'a"bA\n']);
    expect(tokenize('GET ""')).toEqual(['GET', '']);
    expect(() => tokenize('GET "abc')).toThrow(TerminalRefusal);
    expect(() => tokenize("GET 'abc")).toThrow(TerminalRefusal);
    expect(() => tokenize('x'.repeat(2001))).toThrow(TerminalRefusal);
  });

  it('marks secret keys', () => {
    for (const k of ['pk:session:abc', 'pk_t_1:session-seen:x', 'prefix_user_token_abc', 'pk:captcha:1', 'pk:sms:code:login:138', 'oauth:pkce:s'])
      expect(isSecretKey(k), k).toBe(true);
    for (const k of ['pk:dict:version', 'foo', 'pk:perm-version', 'sys:cache:dict::sex']) expect(isSecretKey(k), k).toBe(false);
  });

  it('cuts the names of secret keys after their secret word (what SCAN lists)', () => {
    expect(redactKeyName('pk:thirdLogin:token:AbC123')).toBe('pk:thirdLogin:token:***');
    expect(redactKeyName('pk:session:deadbeef')).toBe('pk:session:***');
    expect(redactKeyName('pk:sms:day:phone:2026-11-26:13800138000')).toBe('pk:sms:***');
    expect(redactKeyName('pk:dict:version')).toBe('pk:dict:version');
    expect(redactKeyName('pk:session')).toBe('pk:session');
  });

  it('resolves ranges', () => {
    expect(resolveRange(0, -1, 10)).toEqual({ start: 0, stop: 9 });
    expect(resolveRange(-3, -1, 10)).toEqual({ start: 7, stop: 9 });
    expect(resolveRange(5, 2, 10)).toBeNull();
    expect(resolveRange(0, 100, 0)).toBeNull();
  });

  it('refuses what is not a read-only command of the list', () => {
    const refused = (line: string | string[]) => {
      try {
        parseCommand(line);
      } catch (e) {
        expect(e).toBeInstanceOf(TerminalRefusal);
        return (e as Error).message;
      }
      throw new Error(`not refused: ${String(line)}`);
    };
    expect(refused('FLUSHALL')).toBe('不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）');
    expect(refused('config set maxmemory 1')).toBe('不允许执行该命令：CONFIG（Redis终端只允许只读命令）');
    expect(refused('EVAL "return 1" 0')).toContain('不允许执行该命令：EVAL');
    expect(refused('KEYS *')).toContain('不允许执行该命令：KEYS');
    expect(refused('DEL a')).toContain('DEL');
    expect(refused('SET a b')).toContain('SET');
    expect(refused('"GET a"')).toContain('不允许执行该命令：GET A'); // a quoted whole line is one (unknown) name
    expect(refused('GET a b')).toContain('命令参数不正确：GET');
    expect(refused(['FLUSHDB'])).toContain('FLUSHDB');
    expect(refused('constructor')).toContain('CONSTRUCTOR');
    expect(refused('__proto__')).toContain('__PROTO__');
    expect(refused('SCAN 0 COUNT 100000')).toBe('SCAN 的 COUNT 不能超过 1000');
    expect(refused('SCAN 0 MATCH')).toContain('命令参数不正确：SCAN');
    expect(refused('MEMORY DOCTOR x')).toContain('MEMORY DOCTOR');
    expect(refused('MEMORY USAGE x SAMPLES 0')).toContain('命令参数不正确：MEMORY USAGE'); // 0 = every element
    expect(refused('INFO "x\\r\\nFLUSHALL"')).toContain('未知的 INFO 段');
    expect(refused('GET pk:session:abc')).toContain('不允许读取该键的值');
    expect(refused('HGETALL prefix_user_token_x')).toContain('不允许读取该键的值');
    expect(refused('')).toBe('请输入命令');
    expect(parseCommand('scan 0 match "pk:*" count 50')).toEqual({ kind: 'call', name: 'SCAN', args: ['0', 'MATCH', 'pk:*', 'COUNT', '50'] });
    expect(parseCommand('ttl pk:session:abc')).toEqual({ kind: 'call', name: 'TTL', args: ['pk:session:abc'] });
  });

  it('parses INFO with descriptions', () => {
    const items = parseInfo('# Server\r\nredis_version:7.0.15\r\nfoo_bar:1\r\n\r\n# Keyspace\r\ndb0:keys=3,expires=0\r\n');
    expect(items).toEqual([
      { key: 'redis_version', value: '7.0.15', description: 'Redis 服务器版本' },
      { key: 'foo_bar', value: '1', description: null },
      { key: 'db0', value: 'keys=3,expires=0', description: null },
    ]);
  });
});

describe(`redis monitor routes (${process.env.TEST_DB ?? 'sqlite'}, redis ${REDIS ? 'on' : 'off'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let prefix: string;
  let admin: Record<string, string>;
  let infoOnly: Record<string, string>;
  let terminalOnly: Record<string, string>;
  let nobody: Record<string, string>;

  const get = async (path: string, h: Record<string, string>) => app.inject({ method: 'GET', url: U(path), headers: h });
  const term = async (command: unknown, h: Record<string, string> = admin) => {
    const res = await app.inject({ method: 'POST', url: U('/sys/actuator/redis/terminal'), headers: h, payload: { command } });
    return { status: res.statusCode, body: res.json() as Env };
  };

  beforeAll(async () => {
    ({ app, ctx, close, redisKeyPrefix: prefix } = await createTestApp());
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const pw = 'Redis@12345';
    const mk = async (name: string, perms: string[]) => {
      const role = await createTestRole(ctx, `rm_${name}`, perms);
      await createTestUser(ctx, { username: `rm_${name}`, password: pw, roleIds: [role] });
      return authHeaders(await loginAs(app, `rm_${name}`, pw));
    };
    infoOnly = await mk('info', [PERM.redisMonitor.info]);
    terminalOnly = await mk('term', [PERM.redisMonitor.terminal]);
    nobody = await mk('none', []);
  });
  afterAll(async () => close?.());

  it('seeds the codes: Redis监控 has monitor:redis, Redis终端 under 性能监控 has monitor:redis:terminal, admin holds both', async () => {
    const rows = await ctx.db.db
      .selectFrom('sys_permission')
      .select(['id', 'perms', 'parent_id', 'component', 'url'])
      .where('id', 'in', [REDIS_INFO_MENU_ID, menuId(REDIS_TERMINAL_MENU)])
      .execute();
    const info = rows.find((r) => r.id === REDIS_INFO_MENU_ID)!;
    const terminal = rows.find((r) => r.id !== REDIS_INFO_MENU_ID)!;
    expect(info.perms).toBe('monitor:redis');
    expect(terminal).toMatchObject({
      perms: 'monitor:redis:terminal',
      parent_id: info.parent_id,
      component: 'modules/monitor/RedisTerminal',
      url: '/monitor/redis/terminal',
    });
    const grants = await ctx.db.db
      .selectFrom('sys_role_permission')
      .select('permission_id')
      .where('role_id', '=', 'f6817f48af4fb3af11b9e8bf182f618b')
      .execute();
    expect(grants.map((g) => g.permission_id)).toEqual(expect.arrayContaining([info.id, terminal.id]));
  });

  it('refuses callers without the codes', async () => {
    for (const p of ['/sys/actuator/redis/info', '/sys/actuator/redis/keysSize', '/sys/actuator/redis/memoryInfo', '/sys/actuator/redis/infoForReport']) {
      for (const h of [nobody, terminalOnly]) {
        const res = await get(p, h);
        expect((res.json() as Env).success, p).toBe(false);
        expect((res.json() as Env).code, p).toBe(510);
      }
      expect((await get(p, {})).statusCode).toBe(401);
    }
    for (const h of [nobody, infoOnly]) {
      const r = await term('PING', h);
      expect(r.body.success).toBe(false);
      expect(r.body.code).toBe(510);
    }
    expect((await app.inject({ method: 'POST', url: U('/sys/actuator/redis/terminal'), payload: { command: 'PING' } })).statusCode).toBe(401);
  });

  it('refuses writes, scripts, KEYS, big SCANs and secret keys through the route, before Redis is asked', async () => {
    for (const [cmd, msg] of [
      ['FLUSHALL', '不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）'],
      ['CONFIG SET maxmemory 1', '不允许执行该命令：CONFIG（Redis终端只允许只读命令）'],
      ['EVAL "redis.call(\'flushall\')" 0', '不允许执行该命令：EVAL（Redis终端只允许只读命令）'],
      ['KEYS *', '不允许执行该命令：KEYS（Redis终端只允许只读命令）'],
      ['DEL foo', '不允许执行该命令：DEL（Redis终端只允许只读命令）'],
      ['SET foo bar', '不允许执行该命令：SET（Redis终端只允许只读命令）'],
      ['SCAN 0 COUNT 100000', 'SCAN 的 COUNT 不能超过 1000'],
      [`GET ${prefix}session:0123`, `不允许读取该键的值：${prefix}session:0123（会话、令牌、验证码等密钥类键）`],
      ['"FLUSHALL"', '不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）'],
      ['GET "a" ; FLUSHALL', '命令参数不正确：GET，用法：GET key'],
      ['GET a\nFLUSHALL', '命令参数不正确：GET，用法：GET key'],
      [['EVAL', 'return 1', '0'], '不允许执行该命令：EVAL（Redis终端只允许只读命令）'],
    ] as const) {
      const r = await term(cmd);
      expect(r.status, String(cmd)).toBe(200);
      expect(r.body.success, String(cmd)).toBe(false);
      expect(r.body.message, String(cmd)).toBe(msg);
    }
    // bad bodies are 400 envelopes, never a 500 (NUL and a lone surrogate: the odd-input layer)
    for (const payload of [{}, { command: 5 }, { command: { a: 1 } }, [1, 2], { command: 'GET a\u0000b' }, { command: ['GET', '\ud800'] }]) {
      const res = await app.inject({ method: 'POST', url: U('/sys/actuator/redis/terminal'), headers: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect((res.json() as Env).success).toBe(false);
    }
    const big = await app.inject({ method: 'POST', url: U('/sys/actuator/redis/terminal'), headers: admin, payload: { command: `GET ${'x'.repeat(20000)}` } });
    expect(big.statusCode).toBe(400); // over the route's 16 KB body limit
    expect((big.json() as Env).success).toBe(false);
  });

  if (!REDIS) {
    it('without REDIS_URL: INFO is one row explaining it (what the original page shows), the charts valid at 0, the terminal says so', async () => {
      // issue 23 point 19: the original client renders INFO's `result` as its table and plots the bare chart objects
      const info = (await get('/sys/actuator/redis/info', infoOnly)).json() as Env;
      expect(info).toMatchObject({ success: true, message: NOT_CONFIGURED, result: [NOT_CONFIGURED_ROW] });
      expect(NOT_CONFIGURED_ROW.description).toMatch(/REDIS_URL/);
      expect(NOT_CONFIGURED_ROW.description).toMatch(/数据库/);
      const before = Date.now();
      const keys = (await get('/sys/actuator/redis/keysSize', infoOnly)).json() as Record<string, unknown>;
      expect(Object.keys(keys).sort()).toEqual(['create_time', 'dbSize']);
      expect(keys.dbSize).toBe(0);
      expect(keys.create_time as number).toBeGreaterThanOrEqual(before);
      const mem = (await get('/sys/actuator/redis/memoryInfo', infoOnly)).json() as Record<string, unknown>;
      expect(Object.keys(mem).sort()).toEqual(['create_time', 'used_memory']);
      expect(mem.used_memory).toBe('0');
      for (const p of ['/sys/actuator/redis/keysSizeForReport', '/sys/actuator/redis/memoryForReport']) {
        const res = await get(p, infoOnly);
        expect(res.statusCode, p).toBe(200);
        const data = (res.json() as { data: Array<{ name: string; value: number }> }).data;
        expect(data.length, p).toBeGreaterThan(0);
        for (const point of data) expect(point, p).toEqual({ name: expect.stringMatching(/^\d\d:\d\d:\d\d$/), value: 0 });
      }
      expect((await get('/sys/actuator/redis/infoForReport', infoOnly)).json()).toEqual({ data: [NOT_CONFIGURED_ROW] });
      const r = await term('PING');
      expect(r.body).toMatchObject({ success: false, message: NOT_CONFIGURED });
      const cmds = (await get('/sys/actuator/redis/terminal/commands', terminalOnly)).json() as Env;
      expect(cmds).toMatchObject({ success: true, message: NOT_CONFIGURED, result: { configured: false } });
    });
    return;
  }

  it('answers INFO with Chinese descriptions (Result) and the bare chart shapes', async () => {
    const info = (await get('/sys/actuator/redis/info', infoOnly)).json() as {
      success: boolean;
      result: Array<{ key: string; value: string; description: string | null }>;
    };
    expect(info.success).toBe(true);
    const byKey = new Map(info.result.map((i) => [i.key, i]));
    expect(byKey.get('redis_version')?.description).toBe('Redis 服务器版本');
    expect(byKey.get('connected_clients')?.description).toBeTruthy();
    expect(byKey.get('used_memory_human')?.value).toMatch(/\d/);
    expect(info.result.filter((i) => i.description).length).toBeGreaterThanOrEqual(30);

    const before = Date.now();
    const keys = (await get('/sys/actuator/redis/keysSize', infoOnly)).json() as Record<string, unknown>;
    expect(Object.keys(keys).sort()).toEqual(['create_time', 'dbSize']);
    expect(typeof keys.dbSize).toBe('number');
    expect(keys.create_time as number).toBeGreaterThanOrEqual(before);
    const mem = (await get('/sys/actuator/redis/memoryInfo', infoOnly)).json() as Record<string, unknown>;
    expect(Object.keys(mem).sort()).toEqual(['create_time', 'used_memory']);
    expect(mem.used_memory).toMatch(/^\d+$/);

    for (const p of ['/sys/actuator/redis/keysSizeForReport', '/sys/actuator/redis/memoryForReport']) {
      const rep = (await get(p, infoOnly)).json() as { data: Array<{ name: string; value: number }> };
      expect(rep.data).toHaveLength(5);
      for (const d of rep.data) {
        expect(d.name).toMatch(/^\d\d:\d\d:\d\d$/);
        expect(typeof d.value).toBe('number');
      }
    }
    const infoRep = (await get('/sys/actuator/redis/infoForReport', infoOnly)).json() as { data: unknown[] };
    expect(infoRep.data.length).toBeGreaterThan(30);
  });

  it('reuses the app connection (no new client per request)', async () => {
    const kv = ctx.kv as RedisKv;
    const id = await kv.redis.client('ID');
    await get('/sys/actuator/redis/keysSize', infoOnly);
    await term('PING');
    const list = String(await kv.redis.client('LIST'));
    const ours = list.split('\n').filter((l) => l.includes(`id=${id} `));
    expect(ours).toHaveLength(1);
  });

  it('runs the read-only commands', async () => {
    const kv = ctx.kv as RedisKv;
    const k = (s: string) => `${prefix}rt:${s}`;
    await kv.redis.set(k('str'), 'hello world');
    await kv.redis.rpush(k('list'), ...Array.from({ length: 1500 }, (_, i) => `v${i}`));
    await kv.redis.hset(k('hash'), { a: '1', b: '2' });
    await kv.redis.sadd(k('set'), 'x', 'y');
    await kv.redis.zadd(k('zset'), 1, 'one', 2, 'two');
    await kv.redis.set(k('big'), 'z'.repeat(100_000));
    await kv.redis.set(`${prefix}session:deadbeef`, 'secret');

    const out = async (cmd: string | string[]) => {
      const r = await term(cmd, terminalOnly);
      expect(r.body.success, `${String(cmd)}: ${r.body.message}`).toBe(true);
      return r.body.result as { output: string; truncated: boolean };
    };
    expect((await out('PING')).output).toBe('"PONG"');
    expect((await out(`GET "${k('str')}"`)).output).toBe('"hello world"');
    expect((await out(['GET', k('str')])).output).toBe('"hello world"');
    expect((await out(`TYPE ${k('list')}`)).output).toBe('"list"');
    expect((await out(`TTL ${k('str')}`)).output).toBe('(integer) -1');
    expect((await out(`EXISTS ${k('str')} ${k('nope')}`)).output).toBe('(integer) 1');
    expect((await out(`STRLEN ${k('str')}`)).output).toBe('(integer) 11');
    expect((await out(`HGETALL ${k('hash')}`)).output).toBe('1) "a"\n2) "1"\n3) "b"\n4) "2"');
    expect((await out(`HGET ${k('hash')} b`)).output).toBe('"2"');
    expect((await out(`LLEN ${k('list')}`)).output).toBe('(integer) 1500');
    expect((await out(`LRANGE ${k('list')} 0 2`)).output).toBe('1) "v0"\n2) "v1"\n3) "v2"');
    expect((await out(`LRANGE ${k('list')} -2 -1`)).output).toBe('1) "v1498"\n2) "v1499"');
    expect((await out(`SCARD ${k('set')}`)).output).toBe('(integer) 2');
    expect((await out(`ZRANGE ${k('zset')} 0 -1 WITHSCORES`)).output).toBe('1) "one"\n2) "1"\n3) "two"\n4) "2"');
    expect((await out(`MEMORY USAGE ${k('str')}`)).output).toMatch(/^\(integer\) \d+$/);
    expect((await out('DBSIZE')).output).toMatch(/^\(integer\) \d+$/);
    expect((await out('INFO keyspace')).output).toContain('# Keyspace');
    expect((await out(`SCAN 0 MATCH ${prefix}rt:* COUNT 1000`)).output).toContain(k('hash'));
    // a secret key is listed, but its name is cut after the secret word (no session id, no one-time token)
    const listed = (await out(`SCAN 0 MATCH ${prefix}session:* COUNT 1000`)).output;
    expect(listed).toContain(`${prefix}session:***`);
    expect(listed).not.toContain('deadbeef');
    expect((await out(`TTL ${prefix}session:deadbeef`)).output).toBe('(integer) -1');
    const big = await out(`GET ${k('big')}`);
    expect(big.truncated).toBe(true);
    expect(big.output.length).toBeLessThanOrEqual(64 * 1024);

    const refused = async (cmd: string, msg: string) => {
      const r = await term(cmd, terminalOnly);
      expect(r.body.success, cmd).toBe(false);
      expect(r.body.message, cmd).toContain(msg);
    };
    await refused(`LRANGE ${k('list')} 0 -1`, '一次最多读取 1000 个元素');
    await refused(`GET ${prefix}session:deadbeef`, '不允许读取该键的值');
    await refused(`GET ${k('list')}`, '命令执行失败：WRONGTYPE');
    await kv.redis.hset(k('hash'), 'huge', 'h'.repeat(70_000));
    await refused(`HGET ${k('hash')} huge`, '超过 64 KB');
    expect(await kv.redis.get(k('str'))).toBe('hello world');
    await kv.redis.del(k('str'), k('list'), k('hash'), k('set'), k('zset'), k('big'), `${prefix}session:deadbeef`);
  });
});
