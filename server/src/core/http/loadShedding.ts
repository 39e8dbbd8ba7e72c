import v8 from 'node:v8';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { fail } from '../envelope/result.js';

/**
 * Shed load instead of drowning (README "Several nodes"): when this node is overloaded it answers 503 with
 * Retry-After at once — the balancer sends the call elsewhere or the client retries — instead of queueing until every
 * call takes half a minute. Overloaded means: the event loop's mean delay over the last second above
 * MAX_EVENT_LOOP_DELAY_MS, the V8 heap above MAX_HEAP_USED_PERCENT of its limit (measured by
 * @fastify/under-pressure), or more than MAX_IN_FLIGHT requests being answered at once. The health check and a route
 * whose config says `shed: false` are never refused, so the balancer still reads the node's state.
 *
 * The event-loop delay is sampled here, not by under-pressure: a second without any sample (the loop blocked, or a
 * node still starting under load) counts there as an infinite delay and refused every request of the next second
 * even when the loop was free again; here such a second counts as the time the sampler itself came late.
 */
export interface LoadSheddingConfig {
  /** 0 = not checked. */
  maxEventLoopDelayMs: number;
  /** Percent of V8's heap limit; 0 = not checked. */
  maxHeapUsedPercent: number;
  /** Requests answered at once on this node; 0 = not checked. */
  maxInFlight: number;
}

export const LOAD_SHED_MSG = '服务器繁忙，请稍后重试';
export const LOAD_SHED_RETRY_AFTER_S = 2;

export function loadLoadSheddingConfig(env: NodeJS.ProcessEnv, failWith: (message: string) => never): { loadShedding: LoadSheddingConfig } {
  const num = (name: string, fallback: number, max: number): number => {
    const raw = (env[name] ?? '').trim();
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) > max) failWith(`${name} must be a whole number between 0 and ${max} (0 = not checked; got "${raw}")`);
    return Number(raw);
  };
  return {
    loadShedding: {
      maxEventLoopDelayMs: num('MAX_EVENT_LOOP_DELAY_MS', 2000, 60_000),
      maxHeapUsedPercent: num('MAX_HEAP_USED_PERCENT', 90, 100),
      maxInFlight: num('MAX_IN_FLIGHT', 500, 100_000),
    },
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: never refused under load (the health check). */
    shed?: boolean;
  }
}

function refuse(reply: FastifyReply) {
  reply.code(503).header('retry-after', String(LOAD_SHED_RETRY_AFTER_S));
  return fail(LOAD_SHED_MSG, 503);
}

export const loadShedding = fp(
  async function loadShedding(app: FastifyInstance, opts: LoadSheddingConfig) {
    let inFlight = 0;
    const exempt = (req: FastifyRequest) => req.routeOptions.config?.shed === false;
    // callback hooks: they run on every request and never wait (an async hook costs a promise per request)
    if (opts.maxInFlight > 0) {
      app.addHook('onRequest', (req, reply, done) => {
        if (exempt(req)) return done();
        if (inFlight >= opts.maxInFlight) return void reply.send(refuse(reply));
        inFlight++;
        reply.raw.once('close', () => inFlight--);
        done();
      });
    }
    if (opts.maxEventLoopDelayMs > 0) {
      const delay = eventLoopDelaySampler();
      app.addHook('onReady', async () => delay.start());
      app.addHook('onClose', async () => delay.stop());
      app.addHook('onRequest', (req, reply, done) => {
        if (delay.ms() > opts.maxEventLoopDelayMs && !exempt(req)) return void reply.send(refuse(reply));
        done();
      });
    }
    const heapLimit = v8.getHeapStatistics().heap_size_limit;
    if (opts.maxHeapUsedPercent > 0) {
      await app.register(underPressure, {
        maxHeapUsedBytes: opts.maxHeapUsedPercent > 0 ? Math.floor((heapLimit * opts.maxHeapUsedPercent) / 100) : 0,
        // a value returned is what under-pressure sends (its types say void); undefined lets the request through
        pressureHandler: ((req: FastifyRequest, reply: FastifyReply) => (exempt(req) ? undefined : refuse(reply))) as unknown as () => void,
      });
    }
  },
  { name: 'load-shedding' },
);

const SAMPLE_MS = 1000;

/** The event loop's mean delay over the last second (0 before the first second); see above for a second without samples. */
function eventLoopDelaySampler() {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  let at = 0;
  return {
    start() {
      histogram.enable();
      at = performance.now();
      timer = setInterval(() => {
        const t = performance.now();
        last = histogram.count > 0 ? histogram.mean / 1e6 : Math.max(0, t - at - SAMPLE_MS);
        at = t;
        histogram.reset();
      }, SAMPLE_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      histogram.disable();
    },
    ms: () => last,
  };
}
