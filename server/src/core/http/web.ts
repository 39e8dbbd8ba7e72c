import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';

/** Serve the built React app at `/` with a history-mode fallback (filled in by the web-serving work). */
export async function registerWeb(app: FastifyInstance, config: AppConfig): Promise<void> {
  void app;
  void config;
}
