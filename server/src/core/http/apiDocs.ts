import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.js';

/** OpenAPI JSON and the interactive API page under the prefix (filled in by the API-docs work). */
export async function registerApiDocs(app: FastifyInstance, config: AppConfig): Promise<void> {
  void app;
  void config;
}
