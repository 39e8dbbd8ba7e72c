import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { RouteAuth } from '../access/types.js';

/**
 * The API-docs routes, as `METHOD url` (the format of `undeclaredRoutes` in core/access/guard.ts), filled in by
 * registerApiDocs. They are public on purpose: the 系统管理 → 接口文档 menu opens `{domianURL}/docs` in an iframe,
 * and an iframe cannot send the X-Access-Token header. They describe routes only (paths, methods, schemas, the
 * permission code a route needs); no configuration, data or secret is ever in them.
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
      for (const part of SCHEMA_PARTS) if (out[part]) out[part] = jsonSchemaOf(out[part], toJson);
      if (out.response && typeof out.response === 'object') {
        const res: Record<string, unknown> = {};
        for (const [code, s] of Object.entries(out.response as Record<string, unknown>)) res[code] = jsonSchemaOf(s, toJson);
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
  app.get(`${prefix}${DOCS_PATHS.json}`, { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
  PUBLIC_DOC_ROUTES.push(`GET ${prefix}${DOCS_PATHS.json}`);

  await app.register(async function docsUi(scope) {
    // @fastify/swagger-ui (and the @fastify/static inside it) register routes without our `config.auth`.
    // Declare them public before any onRoute hook sees them, so the guard's deny-by-default never trips.
    // (`this` is the registering child instance: it carries the route prefix.)
    const route = scope.route;
    scope.route = function (this: FastifyInstance, opts: RouteOptions) {
      return route.call(this, declarePublic(opts));
    } as typeof scope.route;
    scope.addHook('onRoute', (opts) => {
      declarePublic(opts);
      for (const m of [opts.method].flat()) if (m !== 'HEAD') PUBLIC_DOC_ROUTES.push(`${m} ${opts.url}`);
    });
    await scope.register(fastifySwaggerUi, {
      routePrefix: `${prefix}${DOCS_PATHS.page}`,
      uiConfig: { docExpansion: 'none', deepLinking: true, persistAuthorization: false },
      staticCSP: false,
    });
  });
}

function declarePublic<T extends { config?: unknown }>(opts: T): T {
  const config = (opts.config ?? {}) as { auth?: RouteAuth };
  if (!config.auth) opts.config = { ...config, auth: 'public' };
  return opts;
}

/** `/jeecg-boot/sys/position/list` → `sys/position`; `/jeecg-boot/sys/login` → `sys`. */
function tagOf(url: string, prefix: string): string {
  const parts = url.slice(prefix.length).split('/').filter((p) => p && !p.startsWith(':') && p !== '*');
  const dirs = parts.slice(0, Math.min(2, Math.max(1, parts.length - 1)));
  return dirs.join('/') || 'root';
}

/** Zod schemas (standard-schema objects) become JSON Schema; JSON Schema passes through; anything else is dropped. */
function jsonSchemaOf(s: unknown, toJson: ToJsonSchema | null): unknown {
  if (!s || typeof s !== 'object') return undefined;
  if (isStandardSchema(s)) {
    try {
      return toJson?.(s, { unrepresentable: 'any', target: 'openapi-3.0' });
    } catch {
      return undefined;
    }
  }
  return s;
}

type ToJsonSchema = (schema: unknown, opts: { unrepresentable: 'any'; target: 'openapi-3.0' }) => unknown;

function isStandardSchema(s: unknown): boolean {
  return !!s && typeof s === 'object' && '~standard' in s;
}
