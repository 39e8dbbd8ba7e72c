import { createQueryId, type Compilable, type Kysely, type QueryResult, type RootOperationNode } from 'kysely';
import type { Database } from './schema.js';
import { markPrepared } from './pgPrepared.js';

/** What a placeholder parameter looks like while a query is compiled (never reaches a database). */
const MARK = '\u0000pk-param:';

interface Prepared {
  sql: string;
  query: RootOperationNode;
  /** Per bound parameter: the argument it takes, or the constant the builder bound. */
  slots: ReadonlyArray<{ arg: string } | { value: unknown }>;
}

/**
 * A query of a hot path built and compiled ONCE per database dialect and shape, then run with new values: Kysely
 * otherwise builds, freezes and compiles its operation tree on every call (≈ 10–70 µs each, a large part of a play
 * call's CPU on SQLite). `build` gets placeholder arguments: it must pass them to the builder as values only, each by
 * name (never spread, compute with or branch on them — a choice that changes the SQL belongs in `shape`). Each placeholder is
 * a bound parameter, so values stay bound; a placeholder found in the SQL text itself is refused at compile time.
 * Plugins still see each run (the count cache's write watch: `transformQuery` with a fresh query id).
 *
 *   const byKey = compiledQuery((db, a: { keyId: string }) => db.selectFrom('game_device').selectAll().where('key_id', '=', a.keyId));
 *   const rows = (await byKey(db, 'sqlite', { keyId })).rows;
 */
export function compiledQuery<A extends Record<string, unknown>, O>(build: (db: Kysely<Database>, a: A, shape: string) => Compilable<O>) {
  // per dialect adapter (a transaction shares its database's), then per shape
  const cache = new WeakMap<object, Map<string, Prepared>>();
  const prepare = (db: Kysely<Database>, shape: string): Prepared => {
    const placeholders = new Proxy({}, { get: (_t, k) => `${MARK}${String(k)}` }) as A;
    const c = build(db, placeholders, shape).compile();
    if (c.sql.includes(MARK)) throw new Error(`compiledQuery: an argument was written into the SQL text (${c.sql.slice(0, 80)})`);
    const slots = c.parameters.map((v) => (typeof v === 'string' && v.startsWith(MARK) ? { arg: v.slice(MARK.length) } : { value: v }));
    markPrepared(c.sql); // PostgreSQL: a named statement, parsed and planned once per connection (pgPrepared.ts)
    return { sql: c.sql, query: c.query, slots };
  };
  return async (db: Kysely<Database>, shape: string, args: A): Promise<QueryResult<O>> => {
    const executor = db.getExecutor();
    let byShape = cache.get(executor.adapter);
    if (!byShape) cache.set(executor.adapter, (byShape = new Map()));
    let p = byShape.get(shape);
    if (!p) byShape.set(shape, (p = prepare(db, shape)));
    const queryId = createQueryId();
    const query = executor.transformQuery(p.query, queryId);
    const parameters = p.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    return db.executeQuery<O>({ sql: p.sql, parameters, query, queryId });
  };
}

/** Rows changed by a compiled INSERT / UPDATE / DELETE. */
export const affected = (r: QueryResult<unknown>): number => Number(r.numAffectedRows ?? 0);
