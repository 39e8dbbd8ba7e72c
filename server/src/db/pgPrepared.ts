import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** SQL text of a hot path's compiled query (compiledQuery.ts) → the name of its PostgreSQL prepared statement. */
const NAMES = new Map<string, string>();

/**
 * Mark a compiled query's SQL text to run as a named prepared statement on PostgreSQL: parsed and planned once per
 * connection, not on every run (node-postgres otherwise sends every query unnamed, which PostgreSQL parses and plans
 * each time — most of a short statement's server CPU). Only the fixed texts of compiledQuery are marked: a bounded
 * set, so a connection never piles up statements.
 */
export function markPrepared(sql: string): void {
  if (!NAMES.has(sql)) NAMES.set(sql, `pk_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`);
}

/** The prepared statement name of a marked SQL text (undefined for any other text). */
export const preparedName = (sql: string): string | undefined => NAMES.get(sql);

type QueryFn = (...args: unknown[]) => unknown;
const PATCHED = new WeakSet<object>();

/**
 * The pool Kysely's PostgreSQL dialect runs on, with each client's `query(text, values)` sent as a named statement
 * when the text is marked (markPrepared). Everything else — cursors (streamed exports), other texts — runs unchanged.
 */
export function withPreparedStatements(pool: PostgresPool): PostgresPool {
  return {
    connect: async () => {
      const client = await pool.connect();
      if (!PATCHED.has(client)) {
        PATCHED.add(client);
        const query = (client.query as QueryFn).bind(client);
        (client as { query: QueryFn }).query = (text: unknown, values?: unknown) => {
          const name = typeof text === 'string' ? NAMES.get(text) : undefined;
          return name ? query({ name, text, values }) : values === undefined ? query(text) : query(text, values);
        };
      }
      return client as PostgresPoolClient;
    },
    end: () => pool.end(),
  };
}
