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
const READS_NOTHING: Record<string, string> = {};

/**
 * Routes whose body is not a JSON object: multipart uploads (read as a stream by core/files, core/crud/excel.ts:
 * the parts are checked while they are read) and the like. `METHOD /url`: why. They still declare their query.
 */
const RAW_BODY: Record<string, string> = {};

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
    expect(stale, `no such route: remove from the lists in server/test/routeSchemas.test.ts`).toEqual([]);
    const declared = routes.filter((r) => keyOf(r) in READS_NOTHING && (zodPart(r, 'querystring') || zodPart(r, 'params') || zodPart(r, 'body')));
    expect(declared.map(keyOf), 'these routes declare a schema now: remove them from READS_NOTHING').toEqual([]);
  });

  it('lists the declared parameters and bodies in the OpenAPI document', async () => {
    const headers = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const res = await app.inject({ url: `${TEST_API_PREFIX}/v3/api-docs`, headers });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const bad: string[] = [];
    for (const r of routes) {
      const path = r.url.replace(/:([A-Za-z_]+)/g, '{$1}');
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
    expect(listNames).toEqual(expect.arrayContaining(['pageNo', 'pageSize', 'column', 'order', 'superQueryParams']));
    const add = JSON.stringify(doc.paths[`${TEST_API_PREFIX}/sys/position/add`]!.post!.requestBody);
    expect(add).toContain('"required"');
    expect(add).toContain('maxLength');
  });
});
