import type { FastifyInstance } from 'fastify';
import { BadRequestError } from '../envelope/errors.js';

/** The message for a JSON body that parses but is not an object (contract §0: POST/PUT bodies are JSON objects). */
export const NOT_OBJECT = '请求内容必须是JSON对象';

/**
 * A route's body as an object, or the same 400 as the parser's when there is none (no body, another content type).
 * The one check routes use before reading fields.
 */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || body === undefined || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError(NOT_OBJECT);
  return body as Record<string, unknown>;
}

/**
 * Every JSON body of the API is an object: Fastify's own parser (prototype poisoning refused) plus one check, so an
 * array, string, number or null body gets the same clear 400 on every route instead of each route checking it.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    parse(req, body as string, (err, value) => {
      if (err) return done(err, undefined);
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return done(new BadRequestError(NOT_OBJECT), undefined);
      done(null, value);
    });
  });
}
