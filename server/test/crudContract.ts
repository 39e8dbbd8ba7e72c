import { randomInt } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { hasStandardRoute, type Entity, type FieldDef, type StandardRoute } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { camelToSnake } from '../src/core/query/index.js';
import { TEST_API_PREFIX } from './harness.js';
import { fastUser, xlsxUpload } from './helpers/iamFixtures.js';
import { rowCounts } from './helpers/rowCounts.js';

/**
 * The shared CRUD contract (issue 11 point 1): the standard routes of an entity behave as the list mixin and the
 * edit dialogs expect, for any entity of `ENTITIES`. Sample rows are generated from the fields (type, maxLength,
 * dictionary → a real item value, unique → distinct, format → a valid value); what cannot be derived comes from a
 * per-entity `ContractOverrides`. Routes the entity omits (`omitRoutes`) are skipped.
 */

/** Leave the field out of generated bodies (the server sets it, or an empty value is the right one). */
export const OMIT = Symbol('omit');
type Gen = (n: number) => unknown;

export interface ContractOverrides {
  /** Field values the generator cannot derive (a typed integer id, a parent that must exist), or OMIT. */
  values?: Record<string, Gen | typeof OMIT>;
  /** Body properties of add that are not fields (a user's password). */
  addOnly?: Record<string, Gen>;
  /** Import cells by header that are not a field's label, or need a value of their own (a code scheme). */
  importCells?: Record<string, (sample: Record<string, unknown>, n: number) => string>;
  /** Fields whose stored value the server derives from the sent one (not echoed as sent). */
  notEchoed?: readonly string[];
  /** An id of the right shape that no row has (default: a fresh 19-digit id). */
  unknownId?: string;
  /** queryById of a missing row answers success with a null result (check and fill rules, contract §6.4). */
  missingIsNull?: boolean;
}

export interface ContractEnv {
  app: FastifyInstance;
  ctx: AppContext;
  admin: Record<string, string>;
}

interface Res {
  status: number;
  body: { success: boolean; code: number; message: string; result: any };
}

let seq = 0;
const RUN = randomInt(1000, 9999);

/** A real value of a dictionary: the first enabled item of a plain dictionary, or a row's code of a table dictionary. */
async function dictValue(ctx: AppContext, dict: string): Promise<string> {
  const db = ctx.db.db as unknown as Kysely<any>;
  const [table, , code] = dict.split(',').map((s) => s.trim());
  if (code) {
    const row = await db.selectFrom(table).select(code).where(code, 'is not', null).limit(1).executeTakeFirst();
    if (!row) throw new Error(`table dictionary ${dict} has no rows to sample`);
    return String(row[code]);
  }
  const item = await ctx.db.db
    .selectFrom('sys_dict_item')
    .innerJoin('sys_dict', 'sys_dict.id', 'sys_dict_item.dict_id')
    .select('sys_dict_item.item_value')
    .where('sys_dict.dict_code', '=', dict)
    .where('sys_dict_item.status', '=', 1)
    .orderBy('sys_dict_item.sort_order')
    .executeTakeFirst();
  if (!item) throw new Error(`dictionary ${dict} has no enabled items`);
  return item.item_value;
}

const writable = (e: Entity) => e.fields.filter((f) => f.form !== false);
/** A plain text field: generated values are distinct markers, so rows can be found by it. */
const isPlainText = (f: FieldDef) => (f.type === 'string' || f.type === 'text') && !f.dict && !f.format;

/** A generated value for a field, distinct per call `n` where it matters. */
async function fieldSample(ctx: AppContext, e: Entity, f: FieldDef, n: number): Promise<unknown> {
  if (f.dict) {
    const v = await dictValue(ctx, f.dict);
    return f.type === 'number' ? Number(v) : v;
  }
  const tag = `${RUN}${String(n).padStart(4, '0')}`;
  switch (f.type) {
    case 'number':
      return (n % 90) + 1;
    case 'date':
      return `2020-01-${String((n % 28) + 1).padStart(2, '0')}`;
    case 'datetime':
      return `2020-02-${String((n % 28) + 1).padStart(2, '0')} 08:30:00`;
    default:
      if (f.format === 'mobile') return `139${tag.padStart(8, '0').slice(-8)}`;
      if (f.format === 'email') return `c${tag}@example.com`;
      if (f.format === 'telephone') return `010-${2000000 + (n % 7000000)}`;
      if (f.format === 'time') return `${String(n % 24).padStart(2, '0')}:30`;
      return `${e.key.slice(0, 3)}${tag}`.slice(-(f.maxLength ?? 100));
  }
}

/** A sample add body: every writable field (overrides first), then the add-only properties. */
export async function sampleBody(ctx: AppContext, e: Entity, o: ContractOverrides, addOnly = true, fields = writable(e)): Promise<Record<string, unknown>> {
  const n = ++seq;
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const ov = o.values?.[f.prop];
    if (ov === OMIT) continue;
    body[f.prop] = ov ? ov(n) : await fieldSample(ctx, e, f, n);
  }
  for (const [k, v] of Object.entries(o.values ?? {})) if (v !== OMIT && !(k in body)) body[k] = v(n);
  if (addOnly) for (const [k, v] of Object.entries(o.addOnly ?? {})) body[k] = v(n);
  return body;
}

/**
 * Register the contract's tests for one entity (call inside a describe whose beforeAll fills `env`).
 */
export function crudContract(env: () => ContractEnv, e: Entity, o: ContractOverrides = {}): void {
  const base = `${TEST_API_PREFIX}${e.api.replace(/\/+$/, '')}`;
  const has = (r: StandardRoute) => hasStandardRoute(e, r);
  const table = e.table!;
  const db = () => env().ctx.db.db as unknown as Kysely<any>;
  // An entity without add (orders, callback records: rows made by their own endpoints) gets its samples inserted
  // into its table directly, from all its fields.
  const direct = !has('add');
  const lookup = (direct ? e.fields : writable(e)).find((f) => isPlainText(f) && o.values?.[f.prop] === undefined);
  const editField = writable(e).find((f) => isPlainText(f) && !f.unique && !f.fixedOnEdit && o.values?.[f.prop] === undefined) ?? lookup;
  const unknownId = o.unknownId ?? '1999999999999999999';

  const call = async (h: Record<string, string>, method: string, url: string, payload?: unknown): Promise<Res> => {
    const res = await env().app.inject({
      method: method as 'GET',
      url: `${base}${url}`,
      headers: h,
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const count = async () =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** The stored row whose lookup field holds `marker`. */
  const rowBy = async (marker: unknown) => db().selectFrom(table).selectAll().where(camelToSnake(lookup!.prop), '=', marker).executeTakeFirst();
  /** Add a sample through the API; returns the body sent and the new row's id. */
  const addSample = async (): Promise<{ body: Record<string, unknown>; id: string }> => {
    if (direct) {
      const body = await sampleBody(env().ctx, e, o, false, e.fields);
      const id = `${Date.now()}${String(++seq).padStart(6, '0')}`;
      await db()
        .insertInto(table)
        .values({ id, ...Object.fromEntries(Object.entries(body).map(([k, v]) => [camelToSnake(k), v])) })
        .execute();
      return { body, id };
    }
    const body = await sampleBody(env().ctx, e, o);
    if (!has('add')) {
      // a screen of rows another service writes (issue 13 record screens): the sample is stored directly
      const id = `9${RUN}${String(++seq).padStart(14, '0')}`;
      await db()
        .insertInto(table)
        .values({ id, ...Object.fromEntries(Object.entries(body).map(([k, v]) => [camelToSnake(k), v])) })
        .execute();
      return { body, id };
    }
    const r = await call(env().admin, 'POST', '/add', body);
    expect(r.body, `add ${JSON.stringify(body)}`).toMatchObject({ success: true });
    const row = await rowBy(body[lookup!.prop]);
    expect(row, 'the added row is stored').toBeDefined();
    return { body, id: String(row!.id) };
  };
  const gone = async (id: string) => {
    const row = await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
    return !row || (row.del_flag !== undefined && String(row.del_flag) !== '0');
  };
  const importFile = async (header: string[]) => {
    const sample = await sampleBody(env().ctx, e, o, false);
    const n = ++seq;
    const extra = Object.keys(o.importCells ?? {}).filter((h) => !header.includes(h));
    const cols = [...header, ...extra];
    const cells = cols.map((h) => {
      const own = o.importCells?.[h];
      if (own) return own(sample, n);
      const f = writable(e).find((x) => x.label === h && x.excel !== false);
      return f && sample[f.prop] !== undefined && sample[f.prop] !== null ? String(sample[f.prop]) : '';
    });
    return { sample, upload: await xlsxUpload(cols, [cells]) };
  };
  const exportHeader = async (): Promise<string[]> => {
    if (!has('exportXls'))
      return writable(e)
        .filter((f) => f.excel !== false)
        .map((f) => f.label);
    const res = await env().app.inject({ method: 'GET', url: `${base}/exportXls`, headers: env().admin });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return (wb.worksheets[0].getRow(3).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  };

  /** A refusal: HTTP 400, or HTTP 200 with success false, and a Chinese message. */
  const refused = (r: Res, what: string) => {
    expect(r.status === 400 || (r.status === 200 && r.body.success === false), `${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`).toBe(true);
    expect(r.body.success, what).toBe(false);
    expect(r.body.message, what).toMatch(/[\u4e00-\u9fa5]/);
  };
  /** What queryById of a missing row answers: a refusal, or success with no row where the contract says so. */
  const missing = (r: Res, what: string) => {
    if (o.missingIsNull) expect(r.body, what).toMatchObject({ success: true, result: null });
    else refused(r, what);
  };

  // A read-only screen (no add: a ledger, a snapshot board) is listed and exported; its rows come from the server alone.
  it.runIf(!has('add') && has('list'))('list of a read-only entity: the page shape', async () => {
    const r = await call(env().admin, 'GET', '/list?pageNo=1&pageSize=2');
    expect(r.body).toMatchObject({ success: true, code: 200, result: { size: 2, current: 1 } });
    expect(Array.isArray(r.body.result.records)).toBe(true);
  });

  it.runIf(!has('add') && has('exportXls'))('exportXls of a read-only entity answers a workbook', async () => {
    const res = await env().app.inject({ method: 'GET', url: `${base}/exportXls`, headers: env().admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it.runIf(has('add'))('the definition has a table and a plain text field to find generated rows by', () => {
    expect(table).toBeTruthy();
    expect(lookup, 'a writable text field without dictionary or format').toBeDefined();
  });

  it.runIf(has('add'))('add stores the sample; queryById and the stored row give back what was sent', async () => {
    const before = await count();
    const { body, id } = await addSample();
    expect(await count()).toBe(before + 1);
    const row = (await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()) as Record<string, unknown>;
    const sent = Object.entries(body).filter(([k]) => e.fields.some((f) => f.prop === k) && !o.notEchoed?.includes(k));
    // as stored (a DATE column may come back with a time part from some drivers; the wire value below is exact)
    const stored = (k: string, v: unknown) => {
      const x = row[camelToSnake(k)];
      if (x === null || x === undefined) return null;
      if (typeof v === 'number') return Number(x);
      return e.fields.find((f) => f.prop === k)?.type === 'date' ? String(x).slice(0, 10) : String(x);
    };
    for (const [k, v] of sent) expect(stored(k, v), k).toEqual(v);
    if (has('queryById')) {
      const q = await call(env().admin, 'GET', `/queryById?id=${encodeURIComponent(id)}`);
      expect(q.body).toMatchObject({ success: true });
      expect(String(q.body.result.id)).toBe(id);
      for (const [k, v] of sent) expect(q.body.result[k], k).toEqual(v);
    }
  });

  it.runIf(has('list') && has('add'))('list: the page shape, pageSize, and createTime sorting both ways', async () => {
    const ids = [(await addSample()).id, (await addSample()).id, (await addSample()).id];
    const sortable = e.fields.some((f) => f.prop === 'createTime' && f.sort);
    // distinct creation times far ahead, so the newest three are ours and their order is known
    for (const [i, id] of ids.entries())
      await db()
        .updateTable(table)
        .set({ create_time: `2099-01-0${i + 1} 00:00:00` })
        .where('id', '=', id)
        .execute();
    const r = await call(env().admin, 'GET', '/list?pageNo=1&pageSize=2&column=createTime&order=desc');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const page = r.body.result;
    expect(page).toMatchObject({ size: 2, current: 1 });
    expect(page.records.length).toBe(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.pages).toBe(Math.ceil(page.total / 2));
    if (sortable) {
      expect(page.records.map((x: { id: unknown }) => String(x.id))).toEqual([ids[2], ids[1]]);
      const asc = await call(env().admin, 'GET', `/list?pageNo=${page.pages}&pageSize=2&column=createTime&order=asc`);
      const last = asc.body.result.records.map((x: { id: unknown }) => String(x.id));
      expect(last[last.length - 1]).toBe(ids[2]);
    }
  });

  it.runIf(has('edit'))('edit through PUT and through POST changes the row', async () => {
    const { id } = await addSample();
    const idValue = (await db().selectFrom(table).select('id').where('id', '=', id).executeTakeFirstOrThrow()).id;
    for (const method of ['PUT', 'POST']) {
      const value = `${method}${RUN}${++seq}`.slice(-(editField!.maxLength ?? 100));
      const r = await call(env().admin, method, '/edit', { id: idValue, [editField!.prop]: value });
      expect(r.body, method).toMatchObject({ success: true });
      const row = await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(row[camelToSnake(editField!.prop)], method).toBe(value);
    }
  });

  it.runIf(has('delete'))('delete removes one row', async () => {
    const { id } = await addSample();
    const r = await call(env().admin, 'DELETE', `/delete?id=${encodeURIComponent(id)}`);
    expect(r.body).toMatchObject({ success: true });
    expect(await gone(id)).toBe(true);
    if (has('queryById')) missing(await call(env().admin, 'GET', `/queryById?id=${encodeURIComponent(id)}`), 'queryById of a deleted row');
  });

  it.runIf(has('deleteBatch'))('deleteBatch removes every listed row', async () => {
    const a = await addSample();
    const b = await addSample();
    const keep = await addSample();
    const r = await call(env().admin, 'DELETE', `/deleteBatch?ids=${encodeURIComponent(`${a.id},${b.id}`)}`);
    expect(r.body).toMatchObject({ success: true });
    expect([await gone(a.id), await gone(b.id), await gone(keep.id)]).toEqual([true, true, false]);
  });

  it.runIf(has('exportXls') && has('add'))('exportXls answers a workbook holding the rows', async () => {
    const { body } = await addSample();
    const res = await env().app.inject({ method: 'GET', url: `${base}/exportXls`, headers: env().admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(String(ws.getRow(1).getCell(1).value)).toBe(`${e.title}列表数据`);
    const cells: string[] = [];
    ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.value))));
    expect(cells).toContain(String(body[lookup!.prop]));
  });

  it.runIf(has('importExcel'))('importExcel stores a generated row under the exported header', async () => {
    const before = await count();
    const { sample, upload } = await importFile(await exportHeader());
    const res = await env().app.inject({ method: 'POST', url: `${base}/importExcel`, headers: { ...env().admin, ...upload.headers }, payload: upload.payload });
    expect(res.json()).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    expect(await count()).toBe(before + 1);
    expect(await rowBy(sample[lookup!.prop]), 'the imported row is found by its text').toBeDefined();
  });

  it('without the action code (a user holding only the list code): 510 on every write, export and import; nothing changes', async () => {
    const { id } = has('add') ? await addSample() : { id: unknownId };
    const { h } = await fastUser(env().ctx, [e.perms.list]);
    const before = await rowCounts(env().ctx);
    const tries: Array<[StandardRoute, () => Promise<Res>]> = [
      ['add', async () => call(h, 'POST', '/add', await sampleBody(env().ctx, e, o))],
      ['edit', async () => call(h, 'PUT', '/edit', { id, [editField!.prop]: 'x' })],
      ['delete', async () => call(h, 'DELETE', `/delete?id=${id}`)],
      ['deleteBatch', async () => call(h, 'DELETE', `/deleteBatch?ids=${id}`)],
      ['exportXls', async () => call(h, 'GET', '/exportXls')],
      [
        'importExcel',
        async () => {
          const { upload } = await importFile(await exportHeader());
          const res = await env().app.inject({ method: 'POST', url: `${base}/importExcel`, headers: { ...h, ...upload.headers }, payload: upload.payload });
          return { status: res.statusCode, body: res.json() };
        },
      ],
    ];
    for (const [route, run] of tries) {
      if (!has(route)) continue;
      const r = await run();
      expect(r.body, route).toMatchObject({ success: false, code: 510 });
    }
    if (has('list')) expect((await call(h, 'GET', '/list')).body.success).toBe(true);
    expect(await rowCounts(env().ctx)).toEqual(before);
  });

  it('bad input is refused with a message and changes nothing', async () => {
    const { id } = has('add') ? await addSample() : { id: unknownId };
    const idValue = has('add') ? (await db().selectFrom(table).select('id').where('id', '=', id).executeTakeFirstOrThrow()).id : id;
    const before = await rowCounts(env().ctx);
    const tooLong = writable(e).find((f) => f.maxLength && f.type !== 'number' && o.values?.[f.prop] === undefined && !f.dict);
    const num = writable(e).find((f) => f.type === 'number' && o.values?.[f.prop] === undefined);
    if (has('add')) {
      const good = await sampleBody(env().ctx, e, o);
      refused(await call(env().admin, 'POST', '/add', {}), 'add without the required fields');
      refused(await call(env().admin, 'POST', '/add', { ...good, [lookup!.prop]: { $ne: '' } }), 'add with an object for a text');
      if (num) refused(await call(env().admin, 'POST', '/add', { ...good, [num.prop]: 'abc' }), `add with text for the number ${num.prop}`);
      if (tooLong)
        refused(await call(env().admin, 'POST', '/add', { ...good, [tooLong.prop]: 'x'.repeat(tooLong.maxLength! + 1) }), `add with ${tooLong.prop} too long`);
      const required = writable(e).find((f) => f.required && o.values?.[f.prop] === undefined);
      if (required) refused(await call(env().admin, 'POST', '/add', { ...good, [required.prop]: '' }), `add with ${required.prop} empty`);
    }
    if (has('edit')) {
      refused(await call(env().admin, 'PUT', '/edit', { id: unknownId, [editField!.prop]: 'x' }), 'edit of an unknown id');
      refused(await call(env().admin, 'PUT', '/edit', { [editField!.prop]: 'x' }), 'edit without an id');
      // a code fixed after adding (fixedOnEdit) is not written by edit at all
      const longOnEdit = writable(e).find((f) => f.maxLength && f.type !== 'number' && !f.dict && !f.fixedOnEdit && o.values?.[f.prop] === undefined);
      if (longOnEdit)
        refused(
          await call(env().admin, 'PUT', '/edit', { id: idValue, [longOnEdit.prop]: 'x'.repeat(longOnEdit.maxLength! + 1) }),
          `edit with ${longOnEdit.prop} too long`,
        );
      if (num) refused(await call(env().admin, 'PUT', '/edit', { id: idValue, [num.prop]: 'abc' }), `edit with text for the number ${num.prop}`);
    }
    if (has('delete')) refused(await call(env().admin, 'DELETE', `/delete?id=${unknownId}`), 'delete of an unknown id');
    if (has('deleteBatch')) refused(await call(env().admin, 'DELETE', '/deleteBatch?ids='), 'deleteBatch without ids');
    if (has('queryById')) missing(await call(env().admin, 'GET', `/queryById?id=${unknownId}`), 'queryById of an unknown id');
    expect(await rowCounts(env().ctx)).toEqual(before);
    if (has('add') && editField) {
      const row = await db().selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(String(row[camelToSnake(editField.prop)])).not.toBe('x');
    }
  });
}
