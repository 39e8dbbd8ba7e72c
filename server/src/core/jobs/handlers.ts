import type { FastifyInstance } from 'fastify';

/**
 * The registry of job handlers (contract §11): a job's `jobClassName` is a key here, never a class to load.
 * The original's class names are the keys, so jobs saved by its client keep working. A module that offers a job
 * calls `registerJobHandler` once at import time.
 */
export interface JobRun {
  app: FastifyInstance;
  /** The row's `parameter`, passed through unchanged. */
  parameter: string | null;
  /** The job's row id. */
  jobId: string;
  /** Aborted when the run's lease is lost or the app closes. */
  signal: AbortSignal;
}

export type JobHandler = (run: JobRun) => Promise<void>;

const HANDLERS = new Map<string, { handler: JobHandler; description: string }>();

export function registerJobHandler(className: string, description: string, handler: JobHandler): void {
  HANDLERS.set(className, { handler, description });
}

export function jobHandler(className: string): JobHandler | undefined {
  return HANDLERS.get(className)?.handler;
}

export function jobHandlerNames(): { className: string; description: string }[] {
  return [...HANDLERS].map(([className, h]) => ({ className, description: h.description }));
}
