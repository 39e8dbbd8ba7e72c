/**
 * In-process metrics of one app (issue 14 points 1 and 3): request latency (histogram + sliding window), the
 * request trace ring, open connections. `installMetrics` is a fastify-plugin registered by the monitor module inside
 * the API prefix, so its onResponse hook sees every API route (hooks of a context reach the routes registered
 * before them too). The process-wide figures (event loop, GC, CPU) are in runtime.ts.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LatencyHistogram } from './histogram.js';
import { TRACE_REQUEST_HEADERS, TRACE_RESPONSE_HEADERS, TraceRing } from './trace.js';
import { startRuntimeCollectors } from './runtime.js';

export interface AppMetrics {
  latency: LatencyHistogram;
  traces: TraceRing;
  connections: { open: number; total: number; peak: number };
  /** When this app instance was built (ms). */
  startedAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

function record(m: AppMetrics, req: FastifyRequest, reply: FastifyReply): void {
  const ms = reply.elapsedTime;
  m.latency.record(ms / 1000);
  const user = req.user;
  const h = req.headers;
  m.traces.push({
    at: Date.now(),
    user: user ? user.username : null,
    method: req.method,
    protocol: req.protocol,
    host: req.host,
    url: req.url,
    requestHeaders: TRACE_REQUEST_HEADERS.map((n) => h[n]),
    remoteAddress: req.ip,
    status: reply.statusCode,
    responseHeaders: TRACE_RESPONSE_HEADERS.map((n) => reply.getHeader(n)),
    ms,
  });
}

export const installMetrics = fp(
  async function installMetrics(app: FastifyInstance) {
    startRuntimeCollectors();
    const m: AppMetrics = {
      latency: new LatencyHistogram(),
      traces: new TraceRing(),
      connections: { open: 0, total: 0, peak: 0 },
      startedAt: Date.now(),
    };
    app.decorate('metrics', m);
    const c = m.connections;
    app.server.on('connection', (socket) => {
      c.open++;
      c.total++;
      if (c.open > c.peak) c.peak = c.open;
      socket.once('close', () => void c.open--);
    });
    app.addHook('onResponse', (req, reply, done) => {
      record(m, req, reply);
      done();
    });
  },
  { name: 'pk-metrics' },
);
