import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { rowCounts } from './helpers/rowCounts.js';
import { collectRoutes, samplePath, type SeenRoute } from './helpers/routes.js';

// Issue 10 point 8: odd input never gives an HTTP 500 or a body outside the envelope. Every registered route is
// called as the admin with a NUL character and a lone UTF-16 surrogate in its path parameters, query values, JSON
// body fields and multipart fields, a multipart body cut off in the middle, bad percent-escapes and traversal paths.
// Each answer must be a 4xx envelope (success false, a Chinese message) and no table may change. Runs on every
// database of TEST_DB; new routes are covered as soon as they are registered.

/** Body field names the routes read, so a bad value reaches the code that would store or compare it. */
const FIELDS = [
  'id',
  'ids',
  'username',
  'password',
  'confirmpassword',
  'oldpassword',
  'realname',
  'name',
  'code',
  'title',
  'remark',
  'description',
  'phone',
  'email',
  'workNo',
  'roleCode',
  'roleName',
  'departName',
  'orgCode',
  'dictCode',
  'dictName',
  'itemText',
  'itemValue',
  'parentId',
  'pid',
  'tenantId',
  'captcha',
  'checkKey',
  'tableName',
  'fieldName',
  'fieldVal',
  'dataId',
  'url',
  'component',
  'value',
  'text',
  'key',
  'userIds',
  'roleId',
  'userId',
  'departId',
  'permissionIds',
  'selectedRoles',
  'selectedDeparts',
  'jobClassName',
  'cronExpression',
  'parameter',
  'ruleCode',
  'ruleName',
];

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';
const badBody = (s: string) => {
  const o: Record<string, unknown> = Object.fromEntries(FIELDS.map((k) => [k, s]));
  o.list = [{ name: s }];
  return JSON.stringify(o); // a lone surrogate is written as the escape \ud800 (well-formed JSON, ill-formed text)
};
const QUERY_KEYS = [
  'id',
  'ids',
  'username',
  'name',
  'code',
  'keyword',
  'dictCode',
  'tableName',
  'fieldName',
  'fieldVal',
  'pid',
  'parentId',
  'column',
  'superQueryParams',
];
const query = (v: string) => QUERY_KEYS.map((k) => `${k}=${v}`).join('&');

/** Values for path parameters (already percent-encoded where needed). */
const PARAM_VALUES = ['%00', 'a%00b', '%E0%A4%A', '%ED%A0%80', '%', '..%2F..%2F..%2Fetc%2Fpasswd', '..%5C..%5Cwindows%5Cwin.ini'];
/** Extra tails for wildcard routes (static files): traversal in raw and encoded forms. */
const WILDCARD_VALUES = ['../../../etc/passwd', '..%2f..%2f..%2fetc%2fpasswd', '%2e%2e/%2e%2e/package.json', '..%252f..%252fetc', 'a/%00/b', 'a%c0%af'];

const BOUNDARY = 'pkFuzzBoundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
/** A multipart body cut off in the middle of its file part (no closing boundary). */
const TRUNCATED = Buffer.concat([
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="biz"\r\n\r\ntemp\r\n--${BOUNDARY}\r\n`),
  Buffer.from('Content-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n'),
  Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000half a zip'),
]);
/** Well-formed multipart whose fields and file name hold a NUL / a lone surrogate. */
const multipartWith = (s: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="biz"\r\n\r\n${s}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="na${s}me"\r\n\r\n${s}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${s}.png"\r\nContent-Type: image/png\r\n\r\n` +
      `\u0089PNG\r\n\u001a\n0000\r\n--${BOUNDARY}--\r\n`,
  );

interface Probe {
  what: string;
  opts: InjectOptions;
  /**
   * The probe must be refused (4xx). The others carry text that may be harmless where a route does not read it
   * (a bad escape in a query value stays literal text, a multipart body sent to a route that reads none): they
   * must still never give a 5xx, and any refusal is the envelope.
   */
  refuse: boolean;
}

/**
 * Routes whose refusals are in their caller's shape, not the envelope: the WeChat Pay callback answers 4xx
 * `{ code: 'FAIL', message }` as WeChat Pay v3 expects (game/shop.test.ts); never a 5xx all the same.
 */
const FOREIGN_SHAPE = /\/shop\/pay\/notify\/wechat$/;

/** Routes that read a multipart body: a body cut off in the middle is refused there. */
const READS_MULTIPART = /\/(importExcel|upload)$/;

function probes(r: SeenRoute): Probe[] {
  const out: Probe[] = [];
  const m = r.method as InjectOptions['method'];
  const hasParams = /:[A-Za-z_]+|\*$/.test(r.url);
  if (hasParams) {
    const values = r.url.endsWith('*') ? [...PARAM_VALUES, ...WILDCARD_VALUES] : PARAM_VALUES;
    for (const v of values) {
      // traversal in an id is just an id that matches nothing; in a file path it must be refused
      const refuse = !v.startsWith('..') || r.url.endsWith('*');
      out.push({ what: `path ${v}`, refuse, opts: { method: m, url: r.url.replace(/:[A-Za-z_]+/g, v).replace(/\*$/, v) } });
    }
  }
  const base = samplePath(r.url);
  out.push({ what: 'query NUL', refuse: true, opts: { method: m, url: `${base}?${query('a%00b')}` } });
  out.push({ what: 'query lone surrogate', refuse: false, opts: { method: m, url: `${base}?${query('a%ED%A0%80b')}` } });
  out.push({ what: 'query bad escape', refuse: false, opts: { method: m, url: `${base}?${query('%E0%A4%A')}` } });
  if (m === 'POST' || m === 'PUT') {
    const json = { 'content-type': 'application/json' };
    out.push({ what: 'body NUL', refuse: true, opts: { method: m, url: base, headers: json, payload: badBody(NUL) } });
    out.push({ what: 'body lone surrogate', refuse: true, opts: { method: m, url: base, headers: json, payload: badBody(LONE) } });
    const mp = { 'content-type': MULTIPART };
    out.push({ what: 'multipart cut off', refuse: READS_MULTIPART.test(r.url), opts: { method: m, url: base, headers: mp, payload: TRUNCATED } });
    out.push({
      what: 'multipart without boundary',
      refuse: READS_MULTIPART.test(r.url),
      opts: { method: m, url: base, headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
    });
    out.push({ what: 'multipart NUL', refuse: false, opts: { method: m, url: base, headers: mp, payload: multipartWith('\u0000') } });
    out.push({ what: 'multipart lone surrogate', refuse: false, opts: { method: m, url: base, headers: mp, payload: multipartWith('\ud800') } });
  }
  return out;
}

describe('route fuzz: odd input on every route', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let headers: Record<string, string>;
  let routes: SeenRoute[];

  const counts = () => rowCounts(ctx);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    routes = (await collectRoutes(ctx)).filter((r) => !r.catchAll && r.method !== 'OPTIONS');
  });
  afterAll(async () => close?.());

  it('never answers 5xx or outside the envelope; refuses bad text with a 4xx envelope in Chinese; changes nothing', async () => {
    expect(routes.length).toBeGreaterThan(100);
    const before = await counts();
    const bad: string[] = [];
    let sent = 0;
    for (const r of routes) {
      for (const p of probes(r)) {
        sent++;
        const res = await app.inject({ ...p.opts, headers: { ...headers, ...(p.opts.headers as Record<string, string>) } });
        let body: { success?: unknown; code?: unknown; message?: unknown } | null = null;
        try {
          body = res.json();
        } catch {
          body = null;
        }
        const envelope =
          !!body &&
          typeof body === 'object' &&
          typeof body.message === 'string' &&
          ((body.success === false && typeof body.code === 'number') || (FOREIGN_SHAPE.test(r.url) && body.code === 'FAIL'));
        const chinese = envelope && /[\u4e00-\u9fff]/.test(String(body!.message));
        const refused = res.statusCode >= 400 && res.statusCode < 500;
        if (res.statusCode >= 500 || (p.refuse && !refused) || (res.statusCode >= 400 && !(envelope && chinese)))
          bad.push(`${r.key} [${p.what}] → HTTP ${res.statusCode} ${res.body.slice(0, 140)}`);
      }
      // a probe that reached sign-out would end the admin's session: sign in again
      if (/logout/i.test(r.url)) headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    }
    expect(sent).toBeGreaterThan(500);
    expect(bad).toEqual([]);
    expect(await counts()).toEqual(before);
  }, 120_000);
});
