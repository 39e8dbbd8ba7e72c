import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RouteAuth } from '../access/types.js';
import { isZodSchema, realSchema } from './zodSchema.js';

/**
 * The public API-docs routes, as `METHOD url` (the format of `undeclaredRoutes` in core/access/guard.ts), filled
 * in by registerApiDocs: the Swagger UI page at `{prefix}/docs` and its static files. They are public because the
 * 在线文档 menu opens `{domianURL}/docs` in an iframe, and an iframe cannot send the X-Access-Token header. They are
 * the generic Swagger UI only: the description of our routes (`/v3/api-docs`, `/docs/json`, `/docs/yaml`) needs a
 * signed-in user (security.md §1.2: anonymous API docs were CVE-2023-1784 in JeecgBoot). The page is same-origin,
 * so it reads the client's stored token (`pro__Access-Token`, contract §4.1) and sends it with every request it
 * makes, which also lets "Try it out" act as the signed-in user.
 */
export const PUBLIC_DOC_ROUTES: string[] = [];

/** Paths under the API prefix. `/v3/api-docs` is the springdoc name JeecgBoot tools look for. */
export const DOCS_PATHS = { json: '/v3/api-docs', page: '/docs' } as const;

const TOKEN_SCHEME = 'X-Access-Token';
const SCHEMA_PARTS = ['body', 'querystring', 'params', 'headers'] as const;

/**
 * OpenAPI 3 description of every route at `{prefix}/v3/api-docs` (also `{prefix}/docs/json`) and the Swagger UI
 * at `{prefix}/docs`. Must be registered before the API modules: @fastify/swagger learns routes from `onRoute`.
 * Routes without a schema still appear (method, path, tag, required permission).
 */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  const prefix = config.apiPrefix;
  PUBLIC_DOC_ROUTES.length = 0;

  // zod costs ~170 ms to import: load its JSON Schema converter only when some route really has a zod schema.
  let toJson: ToJsonSchema | null = null;
  let needsZod = false;
  app.addHook('onRoute', (route) => {
    const s = route.schema as Record<string, unknown> | undefined;
    if (s && [...SCHEMA_PARTS.map((p) => s[p]), ...Object.values((s.response ?? {}) as object)].some(isStandardSchema)) needsZod = true;
  });
  app.addHook('onReady', async () => {
    if (needsZod && !toJson) toJson = (await import('zod')).toJSONSchema as ToJsonSchema;
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: '海盗王后台管理系统 API (Pirate King Admin)',
        description:
          'JeecgBoot v3.1.0 兼容接口。除标注为公开的接口外，请在请求头 X-Access-Token 中携带登录返回的 token；' +
          '需要权限的接口在说明中列出权限编码（满足其一即可）。',
        version: '3.1.0',
      },
      components: {
        securitySchemes: { [TOKEN_SCHEME]: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const cfg = (route.config ?? {}) as { auth?: RouteAuth; methodCatchAll?: boolean };
      // 405 answers and the web fallback are plumbing, not API.
      if (cfg.methodCatchAll || !url.startsWith(prefix || '/')) return { schema: { ...schema, hide: true }, url };
      const out: Record<string, unknown> = { ...(schema ?? {}) };
      for (const part of SCHEMA_PARTS) if (out[part]) out[part] = jsonSchemaOf(out[part], toJson, 'input');
      if (out.response && typeof out.response === 'object') {
        const res: Record<string, unknown> = {};
        for (const [code, s] of Object.entries(out.response as Record<string, unknown>)) res[code] = jsonSchemaOf(s, toJson, 'output');
        out.response = res;
      }
      if (!out.tags) out.tags = [tagOf(url, prefix)];
      const auth = cfg.auth;
      if (auth && auth !== 'public') {
        out.security = [{ [TOKEN_SCHEME]: [] }];
        if (typeof auth === 'object') {
          const need = `需要权限：${auth.perms.join(' 或 ')}`;
          out.description = out.description ? `${String(out.description)}\n\n${need}` : need;
        }
      } else if (auth === 'public') {
        out.security = [];
      }
      return { schema: out, url };
    },
  });

  // A JSON route of our own at the springdoc path, next to the UI's `/docs/json`.
  app.get(`${prefix}${DOCS_PATHS.json}`, { config: { auth: 'user' }, schema: { hide: true } }, async () => app.swagger());

  await app.register(async function docsUi(scope) {
    // @fastify/swagger-ui (and the @fastify/static inside it) register routes without our `config.auth`.
    // Declare them before any onRoute hook sees them, so the guard's deny-by-default never trips.
    // (`this` is the registering child instance: it carries the route prefix.)
    const route = scope.route;
    scope.route = function (this: FastifyInstance, opts: RouteOptions) {
      // (cast: @fastify/websocket's type augmentation narrows `route` to websocket-or-not overloads)
      return (route as unknown as (o: RouteOptions) => FastifyInstance).call(this, declareDocAuth(opts));
    } as typeof scope.route;
    scope.addHook('onRoute', (opts) => {
      declareDocAuth(opts);
      const auth = (opts.config as { auth?: RouteAuth }).auth;
      if (auth === 'public') for (const m of [opts.method].flat()) if (m !== 'HEAD') PUBLIC_DOC_ROUTES.push(`${m} ${opts.url}`);
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: `${prefix}${DOCS_PATHS.page}`,
      uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false, requestInterceptor: sendStoredToken },
      staticCSP: false,
    });
  });
}

/** The UI's copies of the description (`/json`, `/yaml`) need a signed-in user; the page and its files are public. */
function declareDocAuth<T extends { config?: unknown; url?: string }>(opts: T): T {
  const config = (opts.config ?? {}) as { auth?: RouteAuth };
  if (!config.auth) opts.config = { ...config, auth: /\/(json|yaml)$/.test(opts.url ?? '') ? 'user' : 'public' };
  return opts;
}

/**
 * Runs in the browser (serialised into swagger-initializer.js by @fastify/swagger-ui, so it must be
 * self-contained): add the client's stored token (Vue.ls format `{"value": token, "expire": ms|null}`).
 */
function sendStoredToken<R>(req: R): R {
  try {
    const store = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
    const raw = store.getItem('pro__Access-Token');
    const data = raw ? JSON.parse(raw) : null;
    const headers = (req as unknown as { headers: Record<string, string> }).headers;
    if (data && data.value && (data.expire == null || data.expire > Date.now())) headers['X-Access-Token'] = String(data.value);
  } catch {
    /* no storage (private mode, another origin): the request goes without a token */
  }
  return req;
}

/** `/jeecg-boot/sys/position/list` → `sys/position`; `/jeecg-boot/sys/login` → `sys`. */
function tagOf(url: string, prefix: string): string {
  const parts = url
    .slice(prefix.length)
    .split('/')
    .filter((p) => p && !p.startsWith(':') && p !== '*');
  const dirs = parts.slice(0, Math.min(2, Math.max(1, parts.length - 1)));
  return dirs.join('/') || 'root';
}

/** Zod schemas (standard-schema objects) become JSON Schema; JSON Schema passes through; anything else is dropped. */
function jsonSchemaOf(part: unknown, toJson: ToJsonSchema | null, io: 'input' | 'output'): unknown {
  if (!part || typeof part !== 'object') return undefined;
  const s = realSchema(part);
  if (isStandardSchema(s)) {
    try {
      return toJson?.(s, { unrepresentable: 'any', target: 'openapi-3.0', io, override: foldRepeated });
    } catch {
      return undefined;
    }
  }
  return s;
}

type ToJsonSchema = (
  schema: unknown,
  opts: { unrepresentable: 'any'; target: 'openapi-3.0'; io: 'input' | 'output'; override: (ctx: { jsonSchema: Record<string, unknown> }) => void },
) => unknown;

/**
 * A query value that may be repeated (core/http/routeSchemas.ts `qv`: a string or an array of strings) is
 * documented as the one value a client sends, typed as its metadata says (`integer` for pageNo) or a string.
 */
function foldRepeated({ jsonSchema: j }: { jsonSchema: Record<string, unknown> }): void {
  const any = j.anyOf as Array<Record<string, unknown>> | undefined;
  if (!Array.isArray(any) || any.length !== 2 || any[0]?.type !== 'string' || any[1]?.type !== 'array') return;
  if ((any[1].items as { type?: unknown } | undefined)?.type !== 'string') return;
  delete j.anyOf;
  j.type ??= 'string';
}

function isStandardSchema(s: unknown): boolean {
  return isZodSchema(s) || (!!s && typeof s === 'object' && '~standard' in s);
}
