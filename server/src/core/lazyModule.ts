import { createRequire } from 'node:module';

/**
 * A CommonJS package loaded on its first use instead of at start-up (issue 23 point 7: the start path and the idle
 * memory carry only what the first request needs). For synchronous callers; an async caller can `await import(…)`.
 * Resolved from this file's place (the source tree, or server/dist in the bundle, whose node_modules are external).
 */
const requireHere = createRequire(import.meta.url);

export function lazyRequire<T>(id: string): () => T {
  let mod: T | undefined;
  return () => (mod ??= requireHere(id) as T);
}
