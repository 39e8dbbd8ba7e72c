import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { loadConfig } from '../src/config.js';
import { installErrorHandler } from '../src/core/http/errorHandler.js';
import { registerApiDocs } from '../src/core/http/apiDocs.js';
import { checkOnly, installZodSchemas, lazySchema, parseOr400, type ZodTypeProvider } from '../src/core/http/zodSchema.js';

// Issue 11 point 2: route schemas written with zod validate query and body (400 envelope naming the field, the
// handler never runs) and feed the OpenAPI document; routes without a zod schema keep working as before.
describe('zod route schemas', () => {
  let app: FastifyInstance;
  const calls: unknown[] = [];
  let lazyBuilds = 0;
  const lazyBody = lazySchema(() => {
    lazyBuilds++;
    return z.object({ title: z.string({ error: '标题不能为空' }).min(1), n: z.coerce.number().optional() });
  });
  let buildsAtReady = -1;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    installErrorHandler(app);
    installZodSchemas(app);
    // no access guard here: the docs route needs a signed-in user, so the test reads app.swagger() directly
    await registerApiDocs(app, loadConfig({ DATA_DIR: '/tmp' }));
    await app.register(
      async (api) => {
        const r = api.withTypeProvider<ZodTypeProvider>();
        r.get(
          '/sys/thing/list',
          {
            config: { auth: 'public' },
            schema: { querystring: z.object({ code: z.string().trim().min(1), pageNo: z.coerce.number().int().min(1).default(1) }) },
          },
          async (req) => {
            calls.push(req.query);
            // typed: req.query.pageNo is a number
            return { success: true, result: { code: req.query.code, next: req.query.pageNo + 1 } };
          },
        );
        r.post(
          '/sys/thing/add/:kind',
          {
            config: { auth: 'public' },
            schema: {
              params: z.object({ kind: z.enum(['a', 'b']) }),
              body: z.object({ name: z.string({ error: '名称不能为空' }), tags: z.array(z.object({ v: z.number() })).optional() }),
            },
          },
          async (req) => {
            calls.push(req.body);
            return { success: true, result: `${req.params.kind}:${req.body.name}` };
          },
        );
        // check-only schemas (the engine's): an empty query's verdict is asked once, then reused
        r.get('/sys/thing/needsCode', { config: { auth: 'public' }, schema: { querystring: checkOnly(z.looseObject({ code: z.string() })) } }, async (req) => ({
          success: true,
          result: req.query,
        }));
        r.get(
          '/sys/thing/mayHaveCode',
          { config: { auth: 'public' }, schema: { querystring: checkOnly(z.looseObject({ code: z.string().optional() })) } },
          async (req) => ({ success: true, result: req.query }),
        );
        r.post('/sys/thing/lazy', { config: { auth: 'public' }, schema: { body: lazyBody } }, async (req) => ({ success: true, result: req.body }));
        api.post(
          '/sys/thing/plain',
          { config: { auth: 'public' }, schema: { body: { type: 'object', required: ['x'], properties: { x: { type: 'string' } } } } },
          async (req) => ({ success: true, result: req.body }),
        );
      },
      { prefix: '/jeecg-boot' },
    );
    await app.ready();
    buildsAtReady = lazyBuilds;
  });
  afterAll(async () => app.close());

  it('hands the parsed, coerced query to the handler', async () => {
    const res = await app.inject('/jeecg-boot/sys/thing/list?code=%20ab%20&pageNo=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ code: 'ab', next: 3 });
    expect((await app.inject('/jeecg-boot/sys/thing/list?code=x')).json().result.next).toBe(2);
  });

  it('answers a bad query value with 400 and the envelope naming the parameter; the handler does not run', async () => {
    calls.length = 0;
    for (const [qs, name] of [
      ['code=x&pageNo=abc', 'pageNo'],
      ['pageNo=1', 'code'],
      ['code=%20%20', 'code'],
      ['code=a&code=b', 'code'],
      ['code=x&pageNo=0', 'pageNo'],
    ]) {
      const res = await app.inject(`/jeecg-boot/sys/thing/list?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json(), qs).toMatchObject({ success: false, code: 400, message: `参数${name}不正确` });
    }
    expect(calls).toEqual([]);
  });

  it('a check-only query schema judges an empty query the same every time, and a non-empty one as before', async () => {
    for (let i = 0; i < 2; i++) {
      const refused = await app.inject('/jeecg-boot/sys/thing/needsCode');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ success: false, message: '参数code不正确' });
      const passed = await app.inject('/jeecg-boot/sys/thing/mayHaveCode');
      expect(passed.statusCode).toBe(200);
      expect(passed.json().result).toEqual({});
    }
    expect((await app.inject('/jeecg-boot/sys/thing/needsCode?code=a')).json().result).toEqual({ code: 'a' });
    expect((await app.inject('/jeecg-boot/sys/thing/mayHaveCode?code=a&code=b')).statusCode).toBe(400);
  });

  it('validates params and body: nested paths named, messages written in the schema kept', async () => {
    calls.length = 0;
    const post = (url: string, payload: unknown) => app.inject({ method: 'POST', url, payload: payload as object });
    expect((await post('/jeecg-boot/sys/thing/add/c', { name: 'n' })).json().message).toBe('参数kind不正确');
    expect((await post('/jeecg-boot/sys/thing/add/a', {})).json()).toMatchObject({ success: false, message: '名称不能为空' });
    const nested = await post('/jeecg-boot/sys/thing/add/a', { name: 'n', tags: [{ v: 1 }, { v: 'x' }] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().message).toBe('参数tags.1.v不正确');
    const notObject = await app.inject({ method: 'POST', url: '/jeecg-boot/sys/thing/add/a', payload: '[1]', headers: { 'content-type': 'application/json' } });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('请求内容不正确');
    expect(calls).toEqual([]);
    const good = await post('/jeecg-boot/sys/thing/add/b', { name: '甲' });
    expect(good.json().result).toBe('b:甲');
  });

  it('parseOr400 applies the same rule outside a route schema', () => {
    const schema = z.object({ ids: z.array(z.string().min(1)).min(1) });
    expect(parseOr400(schema, { ids: ['a'] })).toEqual({ ids: ['a'] });
    expect(() => parseOr400(schema, { ids: [''] }, 'body')).toThrow('参数ids.0不正确');
    expect(() => parseOr400(schema, null, 'body')).toThrow('请求内容不正确');
  });

  it('builds a lazy schema on its first use, not at registration or ready, and validates with it as with any other', async () => {
    expect(buildsAtReady).toBe(0);
    const bad = await app.inject({ method: 'POST', url: '/jeecg-boot/sys/thing/lazy', payload: { n: '2' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: '标题不能为空' });
    const ok = await app.inject({ method: 'POST', url: '/jeecg-boot/sys/thing/lazy', payload: { title: 't', n: '2' } });
    expect(ok.json().result).toEqual({ title: 't', n: 2 });
    expect(lazyBuilds).toBe(1);
    // it stands for the schema itself where code reads it
    expect(lazyBody.safeParse({ title: 'x' }).success).toBe(true);
    expect(Object.keys(lazyBody.shape)).toEqual(['title', 'n']);
    const doc = app.swagger() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: object } }> } }>> };
    expect(Object.keys(doc.paths['/jeecg-boot/sys/thing/lazy']!.post!.requestBody!.content['application/json']!.schema.properties)).toEqual(['title', 'n']);
    expect(lazyBuilds).toBe(1);
  });

  it('leaves routes with a JSON Schema on Fastify’s own validation', async () => {
    expect((await app.inject({ method: 'POST', url: '/jeecg-boot/sys/thing/plain', payload: { x: 'y' } })).json().result).toEqual({ x: 'y' });
    expect((await app.inject({ method: 'POST', url: '/jeecg-boot/sys/thing/plain', payload: {} })).statusCode).toBe(400);
  });

  it('shows the zod parameters and body in the OpenAPI document', async () => {
    const doc = app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string; required?: boolean }[];
            requestBody?: { content: Record<string, { schema: { properties: object; required?: string[] } }> };
          }
        >
      >;
    };
    const list = doc.paths['/jeecg-boot/sys/thing/list']!.get!;
    expect(list.parameters?.map((p) => [p.name, p.in, !!p.required])).toEqual([
      ['code', 'query', true],
      ['pageNo', 'query', false],
    ]);
    const add = doc.paths['/jeecg-boot/sys/thing/add/{kind}']!.post!;
    expect(add.parameters?.map((p) => [p.name, p.in])).toEqual([['kind', 'path']]);
    const body = add.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties)).toEqual(['name', 'tags']);
    expect(body.required).toEqual(['name']);
  });
});
