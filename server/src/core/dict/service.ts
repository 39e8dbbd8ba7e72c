import type { EntityDef } from '@pk/contract';
import type { AppContext } from '../context.js';
import { newId } from '../id.js';
import { writeStamp } from '../crud/tableWrites.js';
import { isTableDictCode, resolveTableDict, tableOfDictCode, type DictCaller, type TableDictRow } from './tableRegistry.js';

/**
 * Table-dictionary texts for `_dictText` are reused while this node has not written to the dictionary's table (any
 * insert/update/delete through Kysely voids them at once, core/crud/countCache.ts) and for at most this long, the
 * bound for writes made by other nodes. Each list page would otherwise query every table dictionary again.
 */
export const TABLE_TEXT_CACHE_MS = 3_000;
const TABLE_TEXT_MAX_VALUES = 10_000;
/** At most this many (dictionary, scope) text caches are kept (one per tenant set that asked). */
const TABLE_TEXT_MAX_SCOPES = 1_000;

interface TableTexts {
  stamp: string;
  at: number;
  /** value → text, or null when the table has no such value. */
  texts: Map<string, string | null>;
}

/** `DictModel` on the wire (contract §6.1): title and label repeat the text. */
export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

export function dictModel(value: string, text: string): DictModel {
  return { value, text, title: text, label: text };
}

interface PlainItem {
  value: string;
  text: string;
  enabled: boolean;
}

interface PlainCache {
  /** Every non-deleted dictionary by code, items ordered by sort_order (disabled ones included). */
  byCode: Map<string, PlainItem[]>;
}

/** KV key whose value changes whenever any node clears the dictionary cache. */
export const DICT_VERSION_KEY = 'sys:cache:dict:version';
/** How long a node trusts its copy before looking at the shared version again. */
const VERSION_CHECK_MS = 1000;

/**
 * Dictionaries (contract §6): plain codes from sys_dict/sys_dict_item, cached in memory per node and reloaded when
 * the shared version key in the KV changes (so `refleshCache` on one node clears every node within a second);
 * table dictionaries only through the registry (core/dict/tableRegistry.ts), always read as the calling request
 * (a scoped table such as sys_user answers inside the caller's tenants); only their `_dictText` texts are cached,
 * briefly, per dictionary and caller scope.
 */
export class DictService {
  private plain: Promise<PlainCache> | null = null;
  private version: string | null | undefined = undefined;
  private checkedAt = 0;
  private tableTexts = new Map<string, TableTexts>();

  constructor(private readonly ctx: AppContext) {}

  /** Drop this node's copy and tell every other node to drop theirs. */
  async invalidate(): Promise<void> {
    const v = newId();
    await this.ctx.kv.set(DICT_VERSION_KEY, v, 0);
    this.version = v;
    this.checkedAt = Date.now();
    this.plain = null;
    this.tableTexts.clear();
  }

  private async load(): Promise<PlainCache> {
    const now = Date.now();
    if (now - this.checkedAt >= VERSION_CHECK_MS) {
      this.checkedAt = now;
      const v = await this.ctx.kv.get(DICT_VERSION_KEY);
      if (v !== this.version) {
        this.version = v;
        this.plain = null;
      }
    }
    if (!this.plain) {
      const p = this.readPlain();
      this.plain = p;
      p.catch(() => {
        if (this.plain === p) this.plain = null;
      });
    }
    return this.plain;
  }

  private async readPlain(): Promise<PlainCache> {
    const db = this.ctx.db.db;
    const dicts = await db
      .selectFrom('sys_dict')
      .select(['id', 'dict_code'])
      .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
      .execute();
    const items = await db.selectFrom('sys_dict_item').select(['dict_id', 'item_value', 'item_text', 'sort_order', 'status', 'id']).execute();
    const byId = new Map<string, PlainItem[]>();
    const byCode = new Map<string, PlainItem[]>();
    for (const d of dicts) {
      const list: PlainItem[] = [];
      byId.set(d.id, list);
      byCode.set(d.dict_code, list);
    }
    // Sort in JS so NULL sort orders land the same way on every database (first, as in MySQL).
    items.sort((a, b) => (a.sort_order ?? -Infinity) - (b.sort_order ?? -Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const it of items) {
      const list = it.dict_id ? byId.get(it.dict_id) : undefined;
      if (list) list.push({ value: String(it.item_value), text: String(it.item_text), enabled: Number(it.status) === 1 });
    }
    return { byCode };
  }

  /**
   * `GET /sys/dict/getDictItems/{code}`: a plain code gives all its items (disabled ones too), an unknown plain
   * code `[]`; a table code must be registered (else a 400 before any SQL).
   */
  async getDictItems(code: string, caller?: DictCaller): Promise<DictModel[]> {
    if (isTableDictCode(code)) {
      const dict = resolveTableDict(code);
      return (await dict.all(this.ctx.db.db, caller)).map((r) => dictModel(r.value, r.text));
    }
    const items = (await this.load()).byCode.get(code) ?? [];
    return items.map((i) => dictModel(i.value, i.text));
  }

  /** Every non-deleted dictionary with its enabled items (login and `queryAllDictItems`). */
  async queryAllDictItems(): Promise<Record<string, DictModel[]>> {
    const out: Record<string, DictModel[]> = {};
    for (const [code, items] of (await this.load()).byCode) out[code] = items.filter((i) => i.enabled).map((i) => dictModel(i.value, i.text));
    return out;
  }

  /**
   * value → text for the given values of one dictionary (all items, disabled included, as the original). A table
   * dictionary is read as `caller` (no caller: a scoped table translates nothing); the texts are cached per
   * dictionary and caller scope, so one caller's answer never reaches another.
   */
  async textsOf(code: string, values: string[], caller?: DictCaller): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    if (isTableDictCode(code)) {
      const dict = resolveTableDict(code);
      const stamp = writeStamp([tableOfDictCode(code)]);
      const t = Date.now();
      const cacheKey = `${code}\u0000${dict.scopeKey(caller)}`;
      let cached = this.tableTexts.get(cacheKey);
      if (!cached || cached.stamp !== stamp || t - cached.at >= TABLE_TEXT_CACHE_MS || cached.texts.size > TABLE_TEXT_MAX_VALUES) {
        if (!cached && this.tableTexts.size >= TABLE_TEXT_MAX_SCOPES) this.tableTexts.clear();
        cached = { stamp, at: t, texts: new Map() };
        this.tableTexts.set(cacheKey, cached);
      }
      const uniq = [...new Set(values)];
      const missing = uniq.filter((v) => !cached.texts.has(v));
      const found = new Map<string, string>();
      for (let i = 0; i < missing.length; i += 1000) {
        for (const r of await dict.byValues(this.ctx.db.db, missing.slice(i, i + 1000), caller)) found.set(r.value, r.text);
      }
      // Remember what was read only if nothing was written to the table meanwhile.
      if (missing.length && writeStamp([tableOfDictCode(code)]) === stamp) for (const v of missing) cached.texts.set(v, found.get(v) ?? null);
      for (const v of uniq) {
        const text = found.has(v) ? found.get(v) : cached.texts.get(v);
        if (text !== null && text !== undefined) map.set(v, text);
      }
      return map;
    }
    for (const i of (await this.load()).byCode.get(code) ?? []) if (!map.has(i.value)) map.set(i.value, i.text);
    return map;
  }

  /** text → value for the given texts (Excel import), read as `caller`. Enabled items win over disabled ones with the same text. */
  async valuesOf(code: string, texts: string[], caller?: DictCaller): Promise<Map<string, string>> {
    const map = new Map<string, string>();
    if (isTableDictCode(code)) {
      const uniq = [...new Set(texts)];
      let found: TableDictRow[] = [];
      for (let i = 0; i < uniq.length; i += 1000) found = found.concat(await resolveTableDict(code).byTexts(this.ctx.db.db, uniq.slice(i, i + 1000), caller));
      for (const r of found) if (!map.has(r.text)) map.set(r.text, r.value);
      return map;
    }
    const items = (await this.load()).byCode.get(code) ?? [];
    for (const i of [...items.filter((x) => x.enabled), ...items.filter((x) => !x.enabled)]) if (!map.has(i.text)) map.set(i.text, i.value);
    return map;
  }

  /**
   * Add `{prop}_dictText` to each record with a non-empty dictionary field (contract §5.6): comma values are
   * translated one by one and joined with ','; unknown values pass through. Only page results get this. The records
   * are changed in place (every caller passes rows it has just built for the wire) and returned. Table dictionaries
   * are read as `caller` (see textsOf).
   */
  async translate<T extends Record<string, unknown>>(
    records: T[],
    entity: Pick<EntityDef, 'fields'>,
    caller?: DictCaller,
  ): Promise<Array<Record<string, unknown>>> {
    const dictFields = dictFieldsOf(entity);
    if (!dictFields.length || !records.length) return records;
    const maps: Array<[string, string, Map<string, string>]> = [];
    for (const f of dictFields) {
      const values = new Set<string>();
      for (const r of records) for (const v of splitValues(r[f.prop])) values.add(v);
      if (!values.size) continue;
      const code = f.dict!;
      // A plain code with no items at all adds nothing ("fields with no dictionary data are left out").
      if (!isTableDictCode(code) && !(await this.load()).byCode.get(code)?.length) continue;
      maps.push([f.prop, `${f.prop}_dictText`, await this.textsOf(code, [...values], caller)]);
    }
    for (const r of records as Array<Record<string, unknown>>) {
      for (const [prop, textProp, map] of maps) {
        const parts = splitValues(r[prop]);
        if (parts.length === 1) r[textProp] = map.get(parts[0]) ?? parts[0];
        else if (parts.length) r[textProp] = parts.map((p) => map.get(p) ?? p).join(',');
      }
    }
    return records;
  }
}

/** The dictionary fields of an entity definition (definitions are static: computed once each). */
const dictFieldsCache = new WeakMap<object, EntityDef['fields']>();
function dictFieldsOf(entity: Pick<EntityDef, 'fields'>): EntityDef['fields'] {
  let f = dictFieldsCache.get(entity.fields);
  if (!f) {
    f = entity.fields.filter((x) => x.dict);
    dictFieldsCache.set(entity.fields, f);
  }
  return f;
}

function splitValues(v: unknown): string[] {
  if (v === null || v === undefined || v === '') return [];
  const s = String(v);
  if (!s.includes(',')) {
    const t = s.trim();
    return t ? [t] : [];
  }
  return s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

const services = new WeakMap<AppContext, DictService>();

/** The one DictService of an application context. */
export function dictService(ctx: AppContext): DictService {
  let s = services.get(ctx);
  if (!s) {
    s = new DictService(ctx);
    services.set(ctx, s);
  }
  return s;
}

/** Every dictionary with its enabled items: `{dictCode: DictModel[]}` (the login result carries it). */
export function queryAllDictItems(ctx: AppContext): Promise<Record<string, DictModel[]>> {
  return dictService(ctx).queryAllDictItems();
}

/** Clear the dictionary caches on every node (after any dictionary edit). */
export function invalidateDictCache(ctx: AppContext): Promise<void> {
  return dictService(ctx).invalidate();
}
