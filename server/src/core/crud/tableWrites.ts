import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Write generations per table: what the caches of rows (list totals in countCache.ts, list answers in
 * answerCache.ts, table-dictionary texts, department names) compare to know they are void.
 *
 * - Every INSERT/UPDATE/DELETE that goes through Kysely on this node bumps the generation of its table
 *   (`tableWriteWatch`, installed on every connection in db/connection.ts), before the statement runs and again
 *   after. Raw `sql` writes bump every table.
 * - With several nodes (REDIS_URL), each node tells the others which tables it wrote (tableWriteRelay.ts) and
 *   `applyRemoteWrites` bumps them there too, a millisecond or so later. While that relay is down a node cannot hear
 *   the others' writes: `writesHeard()` is false and the caches that promise current rows (answerCache.ts) stop
 *   serving; when it is back every table is bumped (what was said meanwhile is lost).
 * - A write inside a transaction bumps before it commits, so a read on another connection may still miss it: a
 *   table written (here or, as heard, on another node) in the last RECENT_WRITE_MS counts as "written recently" and
 *   the caches do not keep what they read from it for long (count) or at all (answers).
 */

const generations = new Map<string, number>();
let everything = 0;
/** When each table (null: any, a raw write) was last written on this node, for RECENT_WRITE_MS. */
const lastWrite = new Map<string | null, number>();
/**
 * A write inside a transaction bumps the generation before it commits, so a count on another connection may still
 * miss it. A count that starts this soon after a write to one of its tables is therefore kept only `ttlMs`, never
 * the longer lifetime of an expensive count.
 */
export const RECENT_WRITE_MS = 5_000;

function bump(table: string | null): void {
  if (table === null) everything++;
  else generations.set(table, (generations.get(table) ?? 0) + 1);
  lastWrite.set(table, Date.now());
}

type WriteListener = (tables: ReadonlyArray<string | null>) => void;
const localListeners = new Set<WriteListener>();

/** Be told of every write statement this node makes (its tables; null = a raw write). Returns the unsubscribe. */
export function onLocalWrites(listener: WriteListener): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/** Writes another node made (tableWriteRelay.ts): bumped here as if made here, not told to the listeners. */
export function applyRemoteWrites(tables: ReadonlyArray<string | null>): void {
  for (const t of tables) bump(t);
}

/**
 * Whether this node hears every write that matters: true for a node alone (no relay) and while every relay to the
 * other nodes is connected. A relay that comes back bumps every table (what was said meanwhile is lost).
 */
const unheard = new Set<object>();
export function writesHeard(): boolean {
  return unheard.size === 0;
}
/** A relay (tableWriteRelay.ts) says whether it hears the other nodes; `undefined` when it closes. */
export function setRelayHeard(relay: object, heard: boolean | undefined): void {
  if (heard === false) unheard.add(relay);
  else if (unheard.delete(relay) && heard) bump(null);
}

/** Where the generations of some tables (and of raw writes) stand: `writtenSince` tells whether one has moved. */
export interface WriteMark {
  gens: number[];
  everything: number;
}

export function markWrites(tables: readonly string[]): WriteMark {
  return { gens: tables.map((t) => generations.get(t) ?? 0), everything };
}

/** True when one of `tables` (the same list as marked) or any table by a raw write was written after `mark`. */
export function writtenSince(tables: readonly string[], mark: WriteMark): boolean {
  if (mark.everything !== everything) return true;
  for (let i = 0; i < tables.length; i++) if ((generations.get(tables[i]) ?? 0) !== mark.gens[i]) return true;
  return false;
}

/** The generation of one table (tests, and caches that compare one table). */
export function generationOf(table: string): number {
  return generations.get(table) ?? 0;
}

export function writtenRecently(tables: readonly string[], t: number): boolean {
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
      for (const l of localListeners) l(tables);
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
