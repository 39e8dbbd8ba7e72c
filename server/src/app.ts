import type { Entity } from '@pk/contract';
import { loggerOptions } from './core/http/logOptions.js';
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config.js';
import type { AppContext } from './core/context.js';
import { accessGuard } from './core/access/guard.js';
import { createAuthenticator } from './core/auth/authenticator.js';
import { installErrorHandler } from './core/http/errorHandler.js';
import { collectRouteMethods, installNotFound, methodCatchAll } from './core/http/methods.js';
import { registerModules } from './modules/index.js';
import { registerWeb } from './core/http/web.js';
import { registerApiDocs } from './core/http/apiDocs.js';
import { installJsonBodyParser } from './core/http/jsonBody.js';
import { rateLimits } from './core/http/rateLimit.js';
import { securityHeaders } from './core/http/securityHeaders.js';
import { corsPolicy } from './core/http/cors.js';
import { clientErrorHandler, frameworkErrors, rejectOddInput } from './core/http/oddInput.js';
import { compressAnswers } from './core/http/compress.js';
import { operationLog } from './core/oplog/index.js';
import { createNotifier } from './core/notify/notifier.js';
import { installScheduler } from './core/jobs/scheduler.js';
import type { SchedulerOptions } from './core/jobs/schedulerOptions.js';
import { loadShedding } from './core/http/loadShedding.js';
import { requestTimeout } from './core/http/requestTimeout.js';
import { healthModule } from './core/http/health.js';
import { tableWriteRelay } from './core/crud/tableWriteRelay.js';

export interface BuildOptions {
  /** Pino logger options, or false to keep tests quiet. */
  logger?: boolean | object;
  /** The job scheduler (core/jobs/scheduler.ts): off unless `enabled` (main.ts turns it on; tests when they need it). */
  scheduler?: Partial<SchedulerOptions>;
  /** The entities whose routes are registered (default: packages/contract's `ENTITIES`); see modules/entityModules.ts. */
  entities?: readonly Entity[];
}

/**
 * Build the Fastify instance for a prepared context (database migrated and seeded, key-value store open).
 * No side effects beyond the instance: main.ts listens, tests use app.inject().
 */
export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config: AppConfig = ctx.config;
  const app = Fastify({
    logger: loggerOptions(opts.logger, config.logLevel),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    trustProxy: config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false } },
    frameworkErrors,
    // no plugin is killed for being slow: a loaded machine once took 7–8.5 s to start and Fastify's fixed 10 s limit
    // ended the node; every wait inside a plugin has its own bound (db/timeouts.ts)
    pluginTimeout: 0,
    clientErrorHandler,
  });
  app.decorate('ctx', ctx);
  installErrorHandler(app);
  installJsonBodyParser(app);
  installNotFound(app);
  const byUrl = collectRouteMethods(app);
  app.decorate('authn', createAuthenticator(ctx));
  app.decorate(
    'notifier',
    createNotifier((err) => app.log.warn({ err }, 'notice push failed')),
  );
  installScheduler(app, opts.scheduler);
  await app.register(loadShedding, config.loadShedding); // first: a refused request costs nothing else
  await app.register(requestTimeout, { requestTimeoutMs: config.requestTimeoutMs });
  await app.register(securityHeaders);
  await app.register(corsPolicy);
  await app.register(rateLimits);
  await app.register(rejectOddInput);
  await app.register(operationLog); // reads the answer before compressAnswers turns it into bytes (core/oplog)
  await app.register(compressAnswers); // after rejectOddInput's onSend, before the modules (core/http/compress.ts)
  await app.register(accessGuard);
  await app.register(tableWriteRelay); // several nodes: each hears the tables the others write (cached list answers)
  await registerApiDocs(app, config);
  await app.register(healthModule, { prefix: config.apiPrefix });
  await app.register(registerModules, { prefix: config.apiPrefix, entities: opts.entities });
  await app.register(methodCatchAll, { byUrl });
  if (fs.existsSync(config.webDist)) await registerWeb(app, config);
  return app;
}
