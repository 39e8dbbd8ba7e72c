/**
 * 系统监控 (issue 14 points 1 and 3, contract §9): the Actuator metric shapes, the request trace (newest first, no
 * secret), the disk list, /metrics (permission, bearer token, nothing), and the refusals without sign-in or code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestRole, createTestUser, loginAs } from './helpers/login.js';
import { PERM } from '../src/db/seed/permissionCodes.js';
import { METRIC_NAMES } from '../src/modules/monitor/service.js';
import { parseMounts, readDisks } from '../src/modules/monitor/disk.js';
import { safeUrl } from '../src/core/metrics/trace.js';
import { LatencyHistogram } from '../src/core/metrics/histogram.js';

const P = TEST_API_PREFIX;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
/** The names the original client's pages call (contract §9). */
const CONTRACT_NAMES = [
  'system.cpu.count',
  'system.cpu.usage',
  'process.start.time',
  'process.uptime',
  'process.cpu.usage',
  'jvm.memory.max',
  'jvm.memory.committed',
  'jvm.memory.used',
  'jvm.buffer.memory.used',
  'jvm.buffer.count',
  'jvm.threads.daemon',
  'jvm.threads.live',
  'jvm.threads.peak',
  'jvm.classes.loaded',
  'jvm.classes.unloaded',
  'jvm.gc.memory.allocated',
  'jvm.gc.memory.promoted',
  'jvm.gc.max.data.size',
  'jvm.gc.live.data.size',
  'jvm.gc.pause',
  'tomcat.sessions.created',
  'tomcat.sessions.expired',
  'tomcat.sessions.active.current',
  'tomcat.sessions.active.max',
  'tomcat.sessions.rejected',
];

let t: TestApp;
let admin: string;
let plain: string;
let traceOnly: string;
const password = 'Monitor@12345';

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  admin = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
  await createTestUser(t.ctx, { username: 'mon_plain', password });
  const role = await createTestRole(t.ctx, 'mon_trace', [PERM.monitor.trace]);
  await createTestUser(t.ctx, { username: 'mon_trace', password, roleIds: [role] });
  plain = await loginAs(t.app, 'mon_plain', password);
  traceOnly = await loginAs(t.app, 'mon_trace', password);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: P + url, headers });

describe('GET /actuator/metrics/{name} (Spring Actuator shape)', () => {
  it('answers every name of the contract in the Actuator shape', async () => {
    for (const name of CONTRACT_NAMES) {
      expect(METRIC_NAMES).toContain(name);
      const res = await get(`/actuator/metrics/${name}`, authHeaders(admin));
      expect(res.statusCode, name).toBe(200);
      const m = res.json();
      expect(Object.keys(m).sort(), name).toEqual(['availableTags', 'baseUnit', 'description', 'measurements', 'name']);
      expect(m.name).toBe(name);
      expect(m.measurements.length, name).toBeGreaterThan(0);
      for (const x of m.measurements) {
        expect(['VALUE', 'COUNT', 'TOTAL_TIME', 'MAX', 'TOTAL']).toContain(x.statistic);
        expect(Number.isFinite(x.value), name).toBe(true);
      }
    }
  });

  it('gives plausible figures: cpu count, start time in epoch seconds, heap, sessions', async () => {
    const v = async (name: string) => (await get(`/actuator/metrics/${name}`, authHeaders(admin))).json().measurements[0].value as number;
    expect(await v('system.cpu.count')).toBeGreaterThanOrEqual(1);
    const start = await v('process.start.time');
    expect(Math.abs(start - Date.now() / 1000)).toBeLessThan(24 * 3600);
    expect(await v('process.uptime')).toBeGreaterThan(0);
    expect(await v('jvm.memory.used')).toBeGreaterThan(1_000_000);
    expect(await v('jvm.memory.max')).toBeGreaterThan(await v('jvm.memory.used'));
    const cpu = await v('process.cpu.usage');
    expect(cpu).toBeGreaterThanOrEqual(0);
    expect(cpu).toBeLessThanOrEqual(1);
    // three sign-ins at least (admin, mon_plain, mon_trace)
    expect(await v('tomcat.sessions.active.current')).toBeGreaterThanOrEqual(3);
    const gc = (await get('/actuator/metrics/jvm.gc.pause', authHeaders(admin))).json();
    expect(gc.baseUnit).toBe('seconds');
    expect(gc.measurements.map((x: { statistic: string }) => x.statistic)).toEqual(['COUNT', 'TOTAL_TIME', 'MAX']);
    const version = (await get('/actuator/metrics/nodejs.version', authHeaders(admin))).json();
    expect(version.availableTags.find((x: { tag: string }) => x.tag === 'node').values[0]).toBe(process.version);
  });

  it("drills into one V8 heap space with Spring's tag filter", async () => {
    const all = (await get('/actuator/metrics/jvm.memory.used', authHeaders(admin))).json();
    const spaces: string[] = all.availableTags.find((x: { tag: string }) => x.tag === 'id').values;
    expect(spaces).toContain('old_space');
    const one = (await get('/actuator/metrics/jvm.memory.used?tag=id:old_space', authHeaders(admin))).json();
    expect(one.name).toBe('jvm.memory.used');
    expect(one.measurements[0].value).toBeGreaterThan(0);
    expect(one.measurements[0].value).toBeLessThanOrEqual(all.measurements[0].value);
    expect((await get('/actuator/metrics/jvm.memory.used?tag=id:no_space', authHeaders(admin))).json()).toMatchObject({
      success: false,
      message: '没有这个指标',
    });
    expect((await get('/actuator/metrics/jvm.memory.used?tag=bad', authHeaders(admin))).statusCode).toBe(400);
  });

  it('lists the names', async () => {
    const res = await get('/actuator/metrics', authHeaders(admin));
    expect(res.json().names).toEqual(METRIC_NAMES);
  });

  it('refuses an unknown name with a clear envelope, and an odd one with a 400', async () => {
    const res = await get('/actuator/metrics/no.such.metric', authHeaders(admin));
    expect(res.json()).toMatchObject({ success: false, code: 500, message: '没有这个指标' });
    const odd = await get('/actuator/metrics/' + encodeURIComponent('a b<c>'), authHeaders(admin));
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toMatchObject({ success: false, message: '指标名称不正确' });
    const proto = await get('/actuator/metrics/constructor', authHeaders(admin));
    expect(proto.json()).toMatchObject({ success: false, message: '没有这个指标' });
  });
});

describe('permissions (contract §9 /actuator/** was anonymous: here sign-in and a code)', () => {
  it('refuses without a token (401) and without the code (510)', async () => {
    for (const url of ['/actuator/metrics/system.cpu.count', '/actuator/httptrace', '/sys/actuator/redis/queryDiskInfo', '/actuator/metrics']) {
      const anon = await get(url);
      expect(anon.statusCode, url).toBe(401);
      const noCode = await get(url, authHeaders(plain));
      expect(noCode.json(), url).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    }
    // one screen's code opens that screen only
    expect((await get('/actuator/httptrace', authHeaders(traceOnly))).statusCode).toBe(200);
    expect((await get('/actuator/metrics/system.cpu.count', authHeaders(traceOnly))).json()).toMatchObject({ code: 510 });
  });

  it('the seed gives each screen its code and admin holds them all', async () => {
    const rows = await t.ctx.db.db.selectFrom('sys_permission').select(['name', 'perms', 'component']).where('perms', 'like', 'monitor:%').execute();
    const byPerm = new Map(rows.map((r) => [r.perms, r]));
    expect(byPerm.get(PERM.monitor.server)?.component).toBe('modules/monitor/SystemInfo');
    expect(byPerm.get(PERM.monitor.runtime)).toMatchObject({ component: 'modules/monitor/JvmInfo', name: '运行时信息' });
    expect(byPerm.get(PERM.monitor.service)).toMatchObject({ component: 'modules/monitor/TomcatInfo', name: '服务信息' });
    expect(byPerm.get(PERM.monitor.disk)?.component).toBe('modules/monitor/DiskMonitoring');
    expect(byPerm.get(PERM.monitor.trace)?.component).toBe('modules/monitor/HttpTrace');
    expect(byPerm.get(PERM.monitor.dashboard)?.component).toBe('dashboard/Monitor');
    expect(byPerm.has(PERM.monitor.metrics)).toBe(true);
    const codes = await t.app.authn.permissionCodes((await t.app.authn.authenticate(admin, '0'))!);
    for (const c of Object.values(PERM.monitor)) expect(codes.has(c), c).toBe(true);
  });
});

describe('GET /actuator/httptrace', () => {
  it('keeps the last 100 requests newest first, without tokens, cookies, passwords or bodies', async () => {
    await t.app.inject({
      method: 'POST',
      url: `${P}/sys/login`,
      headers: { cookie: 'JSESSIONID=cookie-secret-value' },
      payload: { username: 'admin', password: 'wrong-password-secret', captcha: '', checkKey: '' },
    });
    await get('/sys/user/list?pageNo=1&token=query-secret-value&password=pw-secret-value&keyword=pirate', authHeaders(admin));
    // a token-looking path segment (any route with a path parameter: the thirdLogin one carries a token there)
    await get('/sys/dict/getDictItems/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4eHh4eHh4eCJ9.c2lnbmF0dXJlc2lnbmF0dXJl', authHeaders(admin));
    const res = await get('/actuator/httptrace', authHeaders(admin));
    expect(res.statusCode).toBe(200);
    const { traces } = res.json();
    expect(traces.length).toBeGreaterThan(3);
    expect(traces.length).toBeLessThanOrEqual(100);
    const text = JSON.stringify(traces);
    for (const secret of [admin, plain, 'cookie-secret-value', 'wrong-password-secret', 'query-secret-value', 'pw-secret-value', 'eyJhbGciOiJIUzI1NiJ9'])
      expect(text).not.toContain(secret);
    expect(text.toLowerCase()).not.toContain('x-access-token');
    expect(text.toLowerCase()).not.toContain('cookie');
    const first = traces[0];
    expect(Object.keys(first).sort()).toEqual(['principal', 'request', 'response', 'session', 'timeTaken', 'timestamp']);
    expect(first.request.uri).toMatch(/^http:\/\/[^/]+\/jeecg-boot\/sys\/dict\/getDictItems\/\*{6}$/);
    expect(first.principal).toEqual({ name: 'admin' });
    expect(first.response.status).toBe(200);
    expect(typeof first.request.remoteAddress).toBe('string');
    expect(Date.parse(first.timestamp)).not.toBeNaN();
    const list = traces[1];
    expect(list.request.uri).toContain('/sys/user/list?pageNo=1&keyword=pirate');
    expect(list.request.method).toBe('GET');
    const login = traces[2];
    expect(login.request.method).toBe('POST');
    expect(login.principal).toBeNull();
    // newest first
    for (let i = 1; i < traces.length; i++) expect(Date.parse(traces[i - 1].timestamp)).toBeGreaterThanOrEqual(Date.parse(traces[i].timestamp));
  });

  it('holds 100 entries at most', async () => {
    for (let i = 0; i < 105; i++) await get('/actuator/metrics/system.cpu.count', authHeaders(admin));
    const { traces } = (await get('/actuator/httptrace', authHeaders(admin))).json();
    expect(traces).toHaveLength(100);
  });

  it('strips secret query parameters and token-like path segments', () => {
    expect(safeUrl('/a?token=x&access_token=y&checkKey=z&keyword=k&code=1&pageNo=2')).toBe('/a?keyword=k&pageNo=2');
    expect(safeUrl('/sys/user/queryById/1234567890123456789')).toBe('/sys/user/queryById/1234567890123456789');
    expect(safeUrl('/x/e9ca23d68d884d4ebb19d07889727dae')).toBe('/x/e9ca23d68d884d4ebb19d07889727dae');
    expect(safeUrl('/x/AbCdEfGhIjKlMnOpQrStUvWxYz012345')).toBe('/x/******');
    expect(safeUrl('/sys/permission/getUserPermissionByToken')).toBe('/sys/permission/getUserPermissionByToken');
  });
});

describe('GET /sys/actuator/redis/queryDiskInfo', () => {
  it('lists mounted filesystems in the contract shape', async () => {
    const res = await get('/sys/actuator/redis/queryDiskInfo', authHeaders(admin));
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: '查询成功' });
    expect(body.result.length).toBeGreaterThan(0);
    for (const d of body.result) {
      expect(Object.keys(d).sort()).toEqual(['max', 'name', 'rest', 'restPPT']);
      expect(d.max).toBeGreaterThan(0);
      expect(d.rest).toBeLessThanOrEqual(d.max);
      expect(Number.isInteger(d.restPPT)).toBe(true);
      expect(d.restPPT).toBeGreaterThanOrEqual(0);
      expect(d.restPPT).toBeLessThanOrEqual(100);
    }
    expect(new Set(body.result.map((d: { name: string }) => d.name)).size).toBe(body.result.length);
  });

  it('parses /proc/mounts, skipping pseudo filesystems', async () => {
    const m = parseMounts('proc /proc proc rw 0 0\n/dev/sda1 /mnt/my\\040disk ext4 rw 0 0\ntmpfs /tmp tmpfs rw 0 0\n');
    expect(m[1]).toEqual({ source: '/dev/sda1', target: '/mnt/my disk', type: 'ext4' });
    const none = await readDisks('/nonexistent/mounts');
    expect(none.map((d) => d.name)).toEqual(['/']);
  });
});

describe('GET /metrics (Prometheus text)', () => {
  it('answers with the permission, with the bearer token, and refuses otherwise', async () => {
    const byPerm = await get('/metrics', authHeaders(admin));
    expect(byPerm.statusCode).toBe(200);
    expect(byPerm.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = byPerm.body;
    for (const name of [
      'process_cpu_seconds_total',
      'process_start_time_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds{quantile="p99"}',
      'http_request_duration_seconds_bucket{le="+Inf"}',
      'http_request_duration_seconds_count',
      'http_open_connections',
      'sessions_active',
    ])
      expect(text, name).toContain(name);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
    // every sample line is `name{labels} number`
    for (const line of text.trim().split('\n')) if (!line.startsWith('#')) expect(line).toMatch(/^[a-z_:][a-z0-9_:]*(\{[^}]*\})? (-?[0-9.e+-]+|\+Inf|NaN)$/i);

    const byToken = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.body).toContain('process_cpu_seconds_total');

    const wrong = await get('/metrics', { authorization: `Bearer ${METRICS_TOKEN}x` });
    expect(wrong.statusCode).toBe(401);
    const none = await get('/metrics');
    expect(none.statusCode).toBe(401);
    const noCode = await get('/metrics', authHeaders(plain));
    expect(noCode.json()).toMatchObject({ success: false, code: 510 });
  });

  it('has no token way when METRICS_TOKEN is not set', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({ method: 'GET', url: `${P}/metrics`, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(res.statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

describe('latency histogram', () => {
  it('computes percentiles and rate over the window', () => {
    let clock = 1_000_000;
    const h = new LatencyHistogram(() => clock);
    for (let i = 0; i < 90; i++) h.record(0.002);
    for (let i = 0; i < 10; i++) h.record(0.4);
    clock += 10_000;
    const w = h.window();
    expect(w.count).toBe(100);
    expect(w.rps).toBeCloseTo(10, 5);
    expect(w.p50).toBeLessThanOrEqual(0.0025);
    expect(w.p99).toBeGreaterThan(0.25);
    expect(w.p99).toBeLessThanOrEqual(0.4);
    clock += 61_000;
    expect(h.window().count).toBe(0);
    expect(h.count).toBe(100);
  });
});
