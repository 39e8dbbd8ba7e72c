/**
 * Route schemas written with zod 4. A route declares
 *
 *   app.withTypeProvider<ZodTypeProvider>().get('/sys/position/queryByCode', {
 *     config: perm('position:list'),
 *     schema: { querystring: z.object({ code: z.string().trim().min(1) }) },
 *   }, async (req) => req.query.code)          // req.query is the parsed, typed value
 *
 * and gets: the parsed value (coerced, trimmed, defaults filled) in `req.query` / `req.body` / `req.params`; a failed
 * validation answers HTTP 400 with the envelope `参数code不正确` (the first issue; the field path named) before the
 * handler runs, so nothing changes; the OpenAPI document shows the parameters (core/http/apiDocs.ts converts the
 * schema with `z.toJSONSchema`). A message written in the schema (`z.string({ error: '编码不能为空' })`) is used as it is.
 * Routes without a zod schema keep Fastify's own (Ajv) validation: the compiler is set per route, only on routes
 * whose schema holds a zod part. Query values arrive as strings: use
 * `z.coerce.number()` (blank = 0) or `z.string().regex(...)`; repeated parameters arrive as arrays.
 */
import type { FastifyInstance, FastifySchema, FastifyTypeProvider, RouteOptions } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import type { z } from 'zod';
import { BadRequestError } from '../envelope/errors.js';

const PARTS = ['body', 'querystring', 'params', 'headers'] as const;
/** Marks an issue whose message was not written in the schema (replaced by `参数x不正确`). */
const DEFAULT_MESSAGE = '\u0000default';

/** `req.query` / `req.body` / `req.params` typed as the output of the route's zod schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A zod 4 schema, recognised without importing zod (it costs ~170 ms to load: only modules that use it pay). */
export function isZodSchema(s: unknown): s is z.ZodType {
  if (isLazySchema(s)) return true;
  return !!s && typeof s === 'object' && '_zod' in s && typeof (s as { safeParse?: unknown }).safeParse === 'function';
}

const BUILD = Symbol('lazy schema');

/**
 * A schema built on its first use: the first request that the route validates, or the API document. Building the
 * zod schemas of every CRUD route at registration was a tenth of the start (issue 23 point 7). It stands for the
 * schema everywhere: a property read builds it and reads the real one; the validator and the API document take the
 * real one first (`realSchema`), so a request pays for no indirection.
 */
export function lazySchema<S extends z.ZodType>(build: () => S): S {
  let built: S | undefined;
  const get = () => (built ??= build());
  return new Proxy({} as S, {
    get: (_t, key) => {
      if (key === BUILD) return get;
      // what Fastify asks of every route schema at ready (a fluent-json-schema mark, per-content-type bodies) is no
      // zod property: answered without building
      if (!built && (typeof key === 'symbol' || NOT_ZOD.has(key))) return undefined;
      return Reflect.get(get(), key);
    },
    has: (_t, key) => key === BUILD || Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor: (_t, key) => {
      const d = Reflect.getOwnPropertyDescriptor(get(), key);
      return d && { ...d, configurable: true };
    },
    // not Object.prototype: Fastify leaves a schema of its own class (zod's) to the route's validator compiler
    getPrototypeOf: () => (built ? Reflect.getPrototypeOf(built) : LAZY_PROTO),
  });
}

const LAZY_PROTO = Object.freeze(Object.create(null) as object);
const NOT_ZOD = new Set(['isFluentSchema', 'content']);

function isLazySchema(s: unknown): boolean {
  return !!s && typeof s === 'object' && typeof (s as { [BUILD]?: unknown })[BUILD] === 'function';
}

/** The schema itself, built now if it was lazy. */
export function realSchema<T>(s: T): T {
  return isLazySchema(s) ? (s as unknown as { [BUILD]: () => T })[BUILD]() : s;
}

/** The Chinese message of a failed parse: the schema's own message, else `参数<path>不正确` for the first issue. */
export function zodMessage(error: z.ZodError, part: string): string {
  const issue = error.issues[0];
  if (!issue) return '请求参数不正确';
  if (issue.message !== DEFAULT_MESSAGE) return issue.message;
  const path = issue.path.map(String).join('.');
  if (path) return `参数${path}不正确`;
  return part === 'body' ? '请求内容不正确' : '请求参数不正确';
}

/** Parse `data` with a zod schema; throws BadRequestError (400, envelope) with zodMessage. For use outside route schemas. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown, part = 'querystring'): z.output<S> {
  const r = schema.safeParse(data, { error: () => DEFAULT_MESSAGE });
  if (!r.success) throw new BadRequestError(zodMessage(r.error, part));
  return r.data;
}

/**
 * Schemas that check and document but hand the route the input exactly as it came (same object, same key order):
 * the engine's own checks (core/crud/validate.ts, core/query) read it and answer with their messages.
 * See core/http/routeSchemas.ts.
 */
const CHECK_ONLY = new WeakSet<object>();

/** Mark a schema check-only: on success the route gets the unparsed input (no stripping, coercion or reordering). */
export function checkOnly<S extends z.ZodType>(schema: S): S {
  CHECK_ONLY.add(schema);
  return schema;
}

/** A plain object without own enumerable keys (a request with no query string, an empty JSON body). */
function isEmptyObject(data: unknown): boolean {
  if (!data || typeof data !== 'object') return false;
  for (const _ in data) return false;
  return true;
}

function zodValidator(schema: z.ZodType, part: string) {
  const asIs = CHECK_ONLY.has(schema);
  // A check-only schema hands the input on unchanged, so its verdict on an empty object is the same every time:
  // asked once (a list page without parameters is the most frequent request).
  let emptyOk: boolean | undefined;
  return (data: unknown) => {
    if (asIs && isEmptyObject(data)) {
      emptyOk ??= schema.safeParse({}).success;
      if (emptyOk) return { value: data };
    }
    const r = schema.safeParse(data, { error: () => DEFAULT_MESSAGE });
    if (r.success) return asIs ? { value: data } : { value: r.data };
    // A BizError keeps its code (400) and message through Fastify's wrapping; the error handler sends the envelope.
    return { error: new BadRequestError(zodMessage(r.error, part)) as unknown as FastifySchemaValidationError[] };
  };
}

function hasZodPart(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  const s = schema as Record<string, unknown>;
  return PARTS.some((p) => isZodSchema(s[p])) || Object.values((s.response ?? {}) as object).some(isZodSchema);
}

/**
 * Give routes that declare a zod schema the zod validator and serializer. Called first in registerModules
 * (modules/index.ts): an onRoute hook sees only routes added after it, in its scope and below.
 */
export function installZodSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!hasZodPart(route.schema)) return;
    route.validatorCompiler = ({ schema, httpPart }) => {
      if (isLazySchema(schema)) {
        let validate: ReturnType<typeof zodValidator> | undefined;
        return (data: unknown) => (validate ??= zodValidator(realSchema(schema as z.ZodType), httpPart ?? 'body'))(data);
      }
      if (isZodSchema(schema)) return zodValidator(schema, httpPart ?? 'body');
      throw new Error(`route ${route.url}: mix of zod and JSON Schema parts is not supported`);
    };
    // Response schemas document the answer; the answer itself is serialised as it is (no Ajv, no stripping).
    route.serializerCompiler = () => (data: unknown) => JSON.stringify(data);
  });
}
