import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { isZodSchema } from '../src/core/http/zodSchema.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { collectRoutes, type SeenRoute } from './helpers/routes.js';

// Issue 11 point 2: every route that reads a query, a body or path parameters declares them as a zod schema
// (core/http/routeSchemas.ts helpers, core/crud/schemas.ts for the engine's routes), and the OpenAPI document
// (`/v3/api-docs`) lists them. New routes are covered as soon as they are registered.

/**
 * Routes that read no query and no body (the caller comes from the token; a path parameter, if any, is declared):
 * nothing to declare. `METHOD /url` (without the API prefix): why.
 */
const READS_NOTHING: Record<string, string> = {
  // issue 14 account pages
  'GET /sys/user/account/profile': "the caller's own profile",
  'GET /sys/user/account/settings': "the caller's own settings",
  'GET /sys/user/account/sessions': "the caller's own sessions",
  'GET /sys/logout': 'the token header only',
  'POST /sys/logout': 'the token header only',
  'PUT /sys/logout': 'the token header only',
  'DELETE /sys/logout': 'the token header only',
  'PATCH /sys/logout': 'the token header only',
  'GET /sys/user/getCurrentUserDeparts': "the caller's departments",
  'GET /content/policy/currentAll': 'the policies in force now, one per type',
  'GET /sys/permission/getUserPermissionByToken': "the caller's menus and codes",
  'GET /sys/user/generateUserId': 'a fresh id',
  'GET /sys/user/recycleBin': 'every deleted user the caller may see',
  'GET /sys/role/queryall': 'every role',
  // issue 14 oauth part
  'GET /sys/thirdLogin/providers': 'the configured OpenID providers',
  'GET /sys/thirdLogin/bindings': "the caller's own third-party links",
  'GET /book/bookReservationInfo/deskShips': 'every sailing ship with free places',
  'GET /book/bookReservationInfo/capacityList': 'every slot capacity row',
  'GET /sys/role/queryTreeList': 'the whole menu tree',
  'GET /sys/permission/list': 'the whole menu tree',
  'GET /sys/permission/getSystemMenuList': 'the top-level menus',
  'GET /sys/permission/queryTreeList': 'the whole menu tree',
  'GET /sys/sysDepart/queryIdTree': 'the whole department tree',
  'GET /sys/sysDepart/queryMyDeptTreeList': "the caller's departments",
  'GET /sys/tenant/getCurrentUserTenant': "the caller's tenants",
  'GET /sys/dict/queryAllDictItems': 'every dictionary',
  'GET /sys/dict/refleshCache': 'clears the caches',
  'POST /sys/dict/refleshCache': 'clears the caches',
  'GET /sys/dict/deleteList': 'the dictionary recycle bin',
  'PUT /sys/dict/back/:id': 'restores the path id (declared as params); no body',
  'GET /sys/loginfo': "today's and all visits",
  'GET /sys/visitInfo': 'the last 7 days',
  'GET /sys/dataSource/options': 'every data source',
  'GET /sys/gatewayRoute/list': 'every route (unpaged, contract §12.7)',
  'GET /sys/gatewayRoute/clearRedis': 'clears the route cache',
  'PUT /sys/sysAnnouncementSend/readAll': "marks all of the caller's notices read (no body)",
  'GET /sys/quartzJob/handlers': 'every job class the server knows',
  // dashboard venue (issue 14 point 4)
  'GET /dashboard/venue/keyFigures': "today's venue figures, yesterday's and the 7-day trend",
  // issue 14 monitor (s14-monitor)
  'GET /actuator/metrics': 'the metric names',
  'GET /actuator/httptrace': 'the last 100 requests',
  'GET /sys/actuator/redis/queryDiskInfo': 'every mounted filesystem',
  'GET /metrics': 'every figure, Prometheus text (the token or session header only)',
};

/** Not an HTTP route: the WebSocket upgrade of core/realtime (its path parameters are read on connect). */
const NOT_HTTP: Record<string, string> = {
  'GET /vxeSocket/:userId/:pageId': 'WebSocket (core/realtime/vxeSocket.ts): no HTTP answer to document',
  'GET /websocket/:userId': 'WebSocket (core/realtime/liveSocket.ts): no HTTP answer to document',
};

/**
 * Routes whose body is not a JSON object: multipart uploads (read as a stream by core/files, core/crud/excel.ts:
 * the parts are checked while they are read) and the like. `METHOD /url`: why. They still declare their query.
 */
const RAW_BODY: Record<string, string> = {
  'POST /shop/pay/notify/wechat': 'the raw JSON text: its signature covers the bytes as sent (payNotify.service.ts checks and parses it)',
};

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const DOC_ROUTES = /^\/(v3\/api-docs|docs)(\/|$)/;

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
}

/** The route's key without the API prefix, as the lists above write it. */
const keyOf = (r: SeenRoute) => `${r.method} ${r.url.slice(TEST_API_PREFIX.length)}`;
const zodPart = (r: SeenRoute, part: string) => isZodSchema(r.schema?.[part]);

describe('route schemas: every route declares what it reads, and the API document shows it', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let routes: SeenRoute[];

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    routes = (await collectRoutes(ctx)).filter(
      (r) => !r.catchAll && r.method !== 'OPTIONS' && r.url.startsWith(TEST_API_PREFIX) && !DOC_ROUTES.test(r.url.slice(TEST_API_PREFIX.length)),
    );
    routes = routes.filter((r) => !(keyOf(r) in NOT_HTTP));
  });
  afterAll(async () => close?.());

  it('declares a zod schema for the query, body and path parameters of every route', () => {
    expect(routes.length).toBeGreaterThan(100);
    const missing: string[] = [];
    for (const r of routes) {
      const key = keyOf(r);
      const file = 'the route (its module routes.ts; engine routes: core/crud/schemas.ts)';
      if (/:[A-Za-z_]+/.test(r.url) && !zodPart(r, 'params'))
        missing.push(`${key}: path parameters without a schema: add \`schema: { params: paramsOf({ name: '说明' }) }\` (core/http/routeSchemas.ts) to ${file}`);
      if (WITH_BODY.has(r.method) && !zodPart(r, 'body') && !(key in RAW_BODY) && !(key in READS_NOTHING))
        missing.push(
          `${key}: body without a schema: add \`schema: { body: bodyOf({ name: text('说明') }) }\` (core/http/routeSchemas.ts) to ${file}, ` +
            `or, when its body is multipart or raw, add '${key}': '<why>' to RAW_BODY (when it reads no body, to READS_NOTHING) in server/test/routeSchemas.test.ts`,
        );
      if (!WITH_BODY.has(r.method) && !zodPart(r, 'querystring') && !zodPart(r, 'params') && !(key in READS_NOTHING))
        missing.push(
          `${key}: no schema: add \`schema: { querystring: queryOf({ name: '说明' }) }\` (core/http/routeSchemas.ts) to ${file}, ` +
            `or, when it reads no query and no path parameter, add '${key}': '<why>' to READS_NOTHING in server/test/routeSchemas.test.ts`,
        );
    }
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('keeps the exception lists to routes that exist and need them', () => {
    const keys = new Set(routes.map(keyOf));
    const stale = [...Object.keys(READS_NOTHING), ...Object.keys(RAW_BODY)].filter((k) => !keys.has(k));
    for (const k of Object.keys(NOT_HTTP)) if (keys.has(k)) stale.push(k);
    expect(stale, `no such route: remove from the lists in server/test/routeSchemas.test.ts`).toEqual([]);
    const declared = routes.filter((r) => keyOf(r) in READS_NOTHING && (zodPart(r, 'querystring') || zodPart(r, 'body')));
    expect(declared.map(keyOf), 'these routes declare a schema now: remove them from READS_NOTHING').toEqual([]);
  });

  it('lists the declared parameters and bodies in the OpenAPI document', async () => {
    const headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const res = await app.inject({ url: `${TEST_API_PREFIX}/v3/api-docs`, headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const bad: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      if (!op) {
        bad.push(`${keyOf(r)}: not in the document`);
        continue;
      }
      const names = (where: string) => new Set((op.parameters ?? []).filter((p) => p.in === where).map((p) => p.name));
      if (zodPart(r, 'querystring')) {
        const query = names('query');
        if (!query.size) bad.push(`${keyOf(r)}: query parameters not listed`);
        if (/\/list$/.test(r.url) && r.method === 'GET' && !query.has('pageNo') && keyOf(r) !== 'GET /sys/gatewayRoute/list')
          bad.push(`${keyOf(r)}: a list without pageNo`);
      }
      if (zodPart(r, 'params')) {
        const inPath = names('path');
        for (const m of r.url.matchAll(/:([A-Za-z_]+)/g)) if (!inPath.has(m[1]!)) bad.push(`${keyOf(r)}: path parameter ${m[1]} not listed`);
      }
      if (zodPart(r, 'body') && !op.requestBody) bad.push(`${keyOf(r)}: body not in the document`);
    }
    expect(bad, bad.join('\n')).toEqual([]);

    // the engine's derived schemas carry the entity's facts: a filter, its range, a required field with its length
    const list = doc.paths[`${TEST_API_PREFIX}/sys/position/list`]!.get!;
    const listNames = (list.parameters ?? []).map((p) => p.name);
    // a query value that may be repeated is documented as the one value the client sends
    const pageNo = (list.parameters ?? []).find((p) => p.name === 'pageNo') as { schema?: Record<string, unknown> } | undefined;
    expect(pageNo?.schema).toMatchObject({ type: 'integer' });
    expect(pageNo?.schema).not.toHaveProperty('anyOf');
    expect(listNames).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams']));
    const add = JSON.stringify(doc.paths[`${TEST_API_PREFIX}/sys/position/add`]!.post!.requestBody);
    expect(add).toContain('"required"');
    expect(add).toContain('maxLength');
  });

  it("keeps the wire contract: extra properties, numbers as strings, empty strings, repeated values, the engine's messages", async () => {
    const headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      app.inject({ method, url: `${TEST_API_PREFIX}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

    // the body reaches the engine as it came: its first unknown key is named, before a later field's length
    let r = await api('POST', '/sys/position/add', { zzUnknown: 1, code: 'schemaA', name: 'x'.repeat(500), postRank: '1' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('未知字段：zzUnknown');
    r = await api('POST', '/sys/position/add', { name: '名称', postRank: '1' });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('职务编码不能为空');
    // no body at all: the parser's message, as before
    r = await app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/position/add`, headers });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('请求内容必须是JSON对象');

    // the original client: echoed audit and *_dictText properties, numbers as strings, empty strings
    r = await api('POST', '/sys/position/add', { code: 'schemaB', name: '结构B', postRank: 2, createBy: '', postRank_dictText: '级别' });
    expect(r.json()).toMatchObject({ success: true });
    const listed = await api('GET', '/sys/position/list?code=schemaB&pageNo=1&pageNo=2&pageSize=10&name=&_t=1700000000');
    expect(listed.json()).toMatchObject({ success: true, result: { total: 1 } });
    const row = listed.json().result.records[0] as Record<string, unknown>;
    r = await api('PUT', '/sys/position/edit', { ...row, name: '结构B2', postRank: '3', sysOrgCode: '' });
    expect(r.json()).toMatchObject({ success: true });
    r = await api('GET', `/sys/position/queryById?id=${String(row.id)}`);
    expect(r.json().result).toMatchObject({ name: '结构B2', postRank: '3' });

    // the contract's own answers of the standard routes stay: a missing id (400), no ids (code 500 envelope)
    r = await api('DELETE', '/sys/position/delete');
    expect(r.statusCode).toBe(400);
    r = await api('DELETE', '/sys/position/deleteBatch?ids=');
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ success: false, code: 500 });
    r = await api('DELETE', `/sys/position/deleteBatch?ids=${String(row.id)},`);
    expect(r.json()).toMatchObject({ success: true });
  });
});
