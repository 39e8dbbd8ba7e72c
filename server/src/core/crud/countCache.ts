import type {
  CompiledQuery,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * List totals (issue 2 point 22, issue 3 point 12): `count(*)` over a big table costs far more than the page itself
 * (100k rows: 3 ms against 0.1 ms; 1M rows: tens to hundreds of ms), so a total is reused for a short while.
 *
 * Correctness rules:
 * - The key is the compiled count SQL plus its bound values, so every filter, tenant scope and data rule has its own
 *   entry: two requests share a total only when they would run the very same statement.
 * - Every INSERT/UPDATE/DELETE that goes through Kysely on this node bumps a write generation of its table
 *   (`tableWriteWatch`, installed on every connection in db/connection.ts); an entry remembers the generations of
 *   every table its statement reads and is void as soon as one moved. So a write on this node shows in the next
 *   total at once, whatever module made it. Raw `sql` writes bump every table.
 * - Writes made by other nodes (or outside the application) show within the entry's lifetime: 3 s, longer only for
 *   a total that is expensive to count (`costFactor` × the time the count took, at most `maxTtlMs` = 30 s): a count
 *   then takes at most about 0.1 % of the server's time however busy the list is. This matters most on SQLite, whose
 *   driver is synchronous: a 40 ms count (100k users) stalls every request in flight, and recounting it every 3 s
 *   under 16 connections puts about 1 % of requests 40 ms late — exactly the p99.
 * - Concurrent requests for the same missing total share one count (single flight), so a cold cache under load
 *   runs `count(*)` once, not once per connection.
 */
export const COUNT_CACHE = {
  ttlMs: 3_000,
  maxTtlMs: 30_000,
  costFactor: 1000,
  maxEntries: 500,
} as const;

const generations = new Map<string, number>();
let everything = 0;
/** When each table (null: any, a raw write) was last written on this node, for RECENT_WRITE_MS. */
const lastWrite = new Map<string | null, number>();
/**
 * A write inside a transaction bumps the generation before it commits, so a count on another connection may still
 * miss it. A count that starts this soon after a write to one of its tables is therefore kept only `ttlMs`, never
 * the longer lifetime of an expensive count.
 */
const RECENT_WRITE_MS = 5_000;

function bump(table: string | null): void {
  if (table === null) everything++;
  else generations.set(table, (generations.get(table) ?? 0) + 1);
  lastWrite.set(table, Date.now());
}

function writtenRecently(tables: readonly string[], t: number): boolean {
  if (t - (lastWrite.get(null) ?? -Infinity) < RECENT_WRITE_MS) return true;
  return tables.some((x) => t - (lastWrite.get(x) ?? -Infinity) < RECENT_WRITE_MS);
}

function tableName(node: OperationNode | undefined): string | null | undefined {
  if (!node) return undefined;
  const n = node as unknown as { kind: string; table?: { identifier?: { name?: string } }; node?: OperationNode; froms?: OperationNode[] };
  if (n.kind === 'TableNode') return n.table?.identifier?.name;
  if (n.kind === 'AliasNode') return tableName(n.node);
  return undefined;
}

/**
 * The tables a write statement changes; null = unknown (a raw write); undefined = not a write. A statement's
 * data-modifying CTEs count too (`with moved as (update …) select … from moved` writes).
 */
function writtenTables(node: RootOperationNode): Array<string | null> | undefined {
  const own = ownWrites(node);
  const ctes = (node as unknown as { with?: { expressions?: Array<{ expression?: RootOperationNode }> } }).with?.expressions ?? [];
  const inner = ctes.flatMap((c) => (c.expression ? (writtenTables(c.expression) ?? []) : []));
  return own || inner.length ? [...(own ?? []), ...inner] : undefined;
}

/** The tables the statement itself (not its CTEs) changes. */
function ownWrites(node: RootOperationNode): Array<string | null> | undefined {
  const n = node as unknown as {
    kind: string;
    into?: OperationNode;
    table?: OperationNode;
    from?: { froms?: OperationNode[] };
    sqlFragments?: readonly string[];
  };
  switch (n.kind) {
    case 'InsertQueryNode':
      return [tableName(n.into) ?? null];
    case 'UpdateQueryNode':
      return [tableName(n.table) ?? null];
    case 'DeleteQueryNode':
      return (n.from?.froms ?? []).map((f) => tableName(f) ?? null);
    case 'MergeQueryNode':
      return [null];
    case 'RawNode': {
      const text = (n.sqlFragments ?? []).join(' ').trimStart().slice(0, 16).toLowerCase();
      return /^(insert|update|delete|replace|merge|with)\b/.test(text) ? [null] : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A Kysely plugin that counts writes per table. The generation moves before the statement runs and again after it
 * has run, so a count that started in between is never stored as current.
 */
export const tableWriteWatch: KyselyPlugin = {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(args.node);
    if (tables) {
      for (const t of tables) bump(t);
      pendingWrites.set(args.queryId, tables);
    }
    return args.node;
  },
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = pendingWrites.get(args.queryId);
    if (tables) {
      pendingWrites.delete(args.queryId);
      for (const t of tables) bump(t);
    }
    return args.result;
  },
};
const pendingWrites = new WeakMap<object, Array<string | null>>();

/** Every table a query's operation tree names (for the count's dependencies). */
export function tablesOf(node: OperationNode): string[] {
  const out = new Set<string>();
  const walk = (x: unknown): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) {
      for (const y of x) walk(y);
      return;
    }
    const o = x as { kind?: string };
    if (o.kind === 'TableNode') {
      const name = tableName(o as OperationNode);
      if (name) out.add(name);
      return;
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(node);
  return [...out];
}

/**
 * A value that changes whenever this node writes to one of `tables` (or makes a raw write): other caches of rows of
 * these tables (e.g. table-dictionary texts) compare it to know they are void.
 */
export function writeStamp(tables: readonly string[]): string {
  return `${everything}:${tables.map((t) => generations.get(t) ?? 0).join(':')}`;
}

function snapshot(tables: readonly string[]): number[] {
  return tables.map((t) => generations.get(t) ?? 0);
}

interface Entry {
  total: number;
  at: number;
  ttl: number;
  tables: string[];
  gens: number[];
  everything: number;
}

/** Totals of one CRUD service (one binding), keyed by statement. */
export class CountCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<number>>();
  /** Moves on `clear()`, so a count that was running during a clear is not stored. */
  private epoch = 0;

  private fresh(e: Entry, t: number): boolean {
    if (t - e.at >= e.ttl || e.everything !== everything) return false;
    for (let i = 0; i < e.tables.length; i++) if ((generations.get(e.tables[i]) ?? 0) !== e.gens[i]) return false;
    return true;
  }

  /**
   * The total of `query` (a compiled `select count(*) … as total`), from the cache when still valid. The key is the
   * query's SQL and values; a caller that already has a statement with the same filter (the page query without its
   * limit and offset) may pass that as `key` and the count as a function, compiled only when it must run.
   */
  async get(query: CompiledQuery | (() => CompiledQuery), run: (q: CompiledQuery) => Promise<number>, key?: string): Promise<number> {
    if (key === undefined) {
      if (typeof query === 'function') query = query();
      key = `${query.sql}\u0000${JSON.stringify(query.parameters)}`;
    }
    const t = Date.now();
    const hit = this.entries.get(key);
    if (hit && this.fresh(hit, t)) return hit.total;
    const running = this.inflight.get(key);
    if (running) return running;
    const compiled = typeof query === 'function' ? query() : query;
    const tables = tablesOf(compiled.query);
    const before = { gens: snapshot(tables), everything, epoch: this.epoch, at: t };
    const started = performance.now();
    const p = run(compiled).then((total) => {
      const ttl = writtenRecently(tables, t)
        ? COUNT_CACHE.ttlMs
        : Math.min(COUNT_CACHE.maxTtlMs, Math.max(COUNT_CACHE.ttlMs, COUNT_CACHE.costFactor * (performance.now() - started)));
      // Store only when nothing this total depends on was written while it was being counted.
      const unchanged = before.epoch === this.epoch && before.everything === everything && snapshot(tables).every((g, i) => g === before.gens[i]);
      if (unchanged) {
        this.entries.delete(key);
        if (this.entries.size >= COUNT_CACHE.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        this.entries.set(key, { total, at: before.at, ttl, tables, gens: before.gens, everything: before.everything });
      }
      return total;
    });
    this.inflight.set(key, p);
    try {
      return await p;
    } finally {
      if (this.inflight.get(key) === p) this.inflight.delete(key);
    }
  }

  clear(): void {
    this.epoch++;
    this.entries.clear();
    this.inflight.clear();
  }
}
