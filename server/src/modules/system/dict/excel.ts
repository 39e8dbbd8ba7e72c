import { DICT_ITEMS_HEADER, dictEntity } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import { validateBody, type CrudService } from '../../../core/crud/index.js';
import { readWorkbooks, type ImportOutcome } from '../../../core/crud/excel.js';
import { BizError } from '../../../core/envelope/errors.js';
import { exportFileName, type ImportedRow } from '../../../core/excel/index.js';
import { newId } from '../../../core/id.js';
import type { RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { DICT_ADMIN_MSG } from './definition.js';

/** Main columns, then the nested item columns under `字典列表` (contract §6.2 exportXls). */
const MAIN = [
  { header: '字典名称', key: 'dictName', width: 20 },
  { header: '字典编码', key: 'dictCode', width: 20 },
  { header: '描述', key: 'description', width: 24 },
] as const;
const ITEM = [
  { header: '字典项文本', key: 'itemText', width: 16 },
  { header: '字典项值', key: 'itemValue', width: 12 },
  { header: '描述', key: 'description', width: 20 },
  { header: '排序', key: 'sortOrder', width: 8 },
] as const;
const itemLabel = (h: string) => `${DICT_ITEMS_HEADER}/${h}`;
/** The labels the import reads (two header rows: the item columns as `字典列表/…`). */
export const DICT_IMPORT_LABELS = [...MAIN.map((c) => c.header), ...ITEM.map((c) => itemLabel(c.header))];

interface ItemRow {
  itemText: string | null;
  itemValue: string | null;
  description: string | null;
  sortOrder: number | null;
}

/**
 * The export workbook: title, exporter, two header rows, then per dictionary one row per item (at least one), the
 * main columns merged down over its items (as the original's nested collection). Filters as the list; `selections`.
 */
export async function dictWorkbook(svc: CrudService, req: FastifyRequest, params: RawParams): Promise<{ fileName: string; bytes: Buffer }> {
  const dicts = await svc.exportRows(req, params);
  const ids = dicts.map((d) => String(d.id));
  const items = new Map<string, ItemRow[]>();
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await svc.ctx.db.db
      .selectFrom('sys_dict_item')
      .select(['dict_id', 'item_text', 'item_value', 'description', 'sort_order', 'id'])
      .where('dict_id', 'in', ids.slice(i, i + 1000))
      .execute();
    rows.sort((a, b) => (a.sort_order ?? -Infinity) - (b.sort_order ?? -Infinity) || (a.id < b.id ? -1 : 1));
    for (const r of rows) {
      const list = items.get(r.dict_id ?? '') ?? [];
      list.push({ itemText: r.item_text, itemValue: r.item_value, description: r.description, sortOrder: r.sort_order });
      items.set(r.dict_id ?? '', list);
    }
  }
  const title = `${dictEntity.title}列表数据`;
  const exporter = req.user?.realname || req.user?.username || '';
  const { default: ExcelJS } = await import('exceljs'); // loaded on the first export, not at start-up
  const wb = new ExcelJS.Workbook();
  wb.creator = exporter;
  const ws = wb.addWorksheet('导出信息');
  const n = MAIN.length + ITEM.length;
  ws.columns = [...MAIN, ...ITEM].map((c) => ({ width: c.width }));
  ws.addRow([title]).font = { bold: true, size: 16 };
  ws.mergeCells(1, 1, 1, n);
  ws.addRow([`导出人:${exporter}`]);
  ws.mergeCells(2, 1, 2, n);
  ws.addRow([...MAIN.map((c) => c.header), DICT_ITEMS_HEADER]).font = { bold: true };
  ws.addRow([...MAIN.map(() => null), ...ITEM.map((c) => c.header)]).font = { bold: true };
  for (let c = 1; c <= MAIN.length; c++) ws.mergeCells(3, c, 4, c);
  ws.mergeCells(3, MAIN.length + 1, 3, n);
  for (const d of dicts) {
    const list: Array<ItemRow | null> = items.get(String(d.id)) ?? [null];
    const first = ws.rowCount + 1;
    list.forEach((it, i) => {
      const main = MAIN.map((c) => (i === 0 ? text(d[c.key]) : null));
      ws.addRow([...main, ...ITEM.map((c) => (it ? (it[c.key] ?? null) : null))]);
    });
    if (list.length > 1) for (let c = 1; c <= MAIN.length; c++) ws.mergeCells(first, c, first + list.length - 1, c);
  }
  return { fileName: exportFileName(title), bytes: Buffer.from(await wb.xlsx.writeBuffer()) };
}

function text(v: unknown): string | null {
  return v === null || v === undefined ? null : String(v);
}

interface ImportedDict {
  cells: Record<string, string>;
  items: Array<Record<string, string>>;
}

/** Rows → dictionaries: a row with any main column starts one; the rows below with only item columns add items. */
export function groupDicts(rows: ImportedRow[]): ImportedDict[] {
  const out: ImportedDict[] = [];
  for (const r of rows) {
    const item: Record<string, string> = {};
    for (const c of ITEM) item[c.key] = r.cells[itemLabel(c.header)] ?? '';
    const hasItem = Object.values(item).some(Boolean);
    if (MAIN.some((c) => r.cells[c.header]) || !out.length) out.push({ cells: r.cells, items: [] });
    if (hasItem) out[out.length - 1].items.push(item);
  }
  return out;
}

/**
 * `POST /sys/dict/importExcel` (titleRows 2, headRows 2): each dictionary with its items in one transaction (items
 * enabled); the row errors of the contract, numbered by dictionary.
 */
export async function importDicts(svc: CrudService, req: FastifyRequest, files: Buffer[]): Promise<ImportOutcome> {
  const sheets = await readWorkbooks(files, DICT_IMPORT_LABELS, svc.b.importMaxRows, 2);
  const outcome: ImportOutcome = { total: 0, success: 0, errors: [] };
  for (const rows of sheets) {
    const dicts = groupDicts(rows);
    outcome.total += dicts.length;
    for (const [i, d] of dicts.entries()) {
      const problem = await importOne(svc, req, d, i + 1);
      if (problem) outcome.errors.push(problem);
      else outcome.success++;
    }
  }
  return outcome;
}

async function importOne(svc: CrudService, req: FastifyRequest, d: ImportedDict, line: number): Promise<string | null> {
  const code = d.cells['字典编码']?.trim();
  if (!code) return DICT_ADMIN_MSG.noCode(line);
  if (d.items.some((it) => !it.itemValue.trim())) return DICT_ADMIN_MSG.noItemValue(d.cells['字典名称'] ?? '');
  try {
    const { values } = validateBody(svc.b, { dictName: d.cells['字典名称'], dictCode: code, description: d.cells['描述'] }, 'add');
    const items = d.items.map((it) => ({
      item_text: it.itemText.slice(0, 100),
      item_value: it.itemValue.trim().slice(0, 100),
      description: it.description ? it.description.slice(0, 255) : null,
      sort_order: /^-?\d{1,9}$/.test(it.sortOrder.trim()) ? Number(it.sortOrder.trim()) : null,
    }));
    if (items.some((it) => !it.item_text)) throw new BizError('字典项文本不能为空');
    const user = req.user?.username ?? null;
    const time = now();
    const taken = await svc.ctx.db.db.transaction().execute(async (trx) => {
      if (await trx.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirst()) return true;
      const id = newId();
      await trx
        .insertInto('sys_dict')
        .values({
          id,
          dict_name: String(values.dictName),
          dict_code: code,
          description: (values.description as string | null) ?? null,
          del_flag: 0,
          type: 0,
          create_by: user,
          create_time: time,
        })
        .execute();
      if (items.length)
        await trx
          .insertInto('sys_dict_item')
          .values(items.map((it) => ({ ...it, id: newId(), dict_id: id, status: 1, create_by: user, create_time: time })))
          .execute();
      return false;
    });
    return taken ? DICT_ADMIN_MSG.codeTaken(line) : null;
  } catch (e) {
    if (e instanceof BizError) return `第 ${line} 行：${e.message}`;
    // a unique index refusal (another import at the same moment)
    if (/unique|duplicate|23505/i.test(String((e as { code?: unknown }).code ?? '') + String((e as Error).message))) return DICT_ADMIN_MSG.codeTaken(line);
    throw e;
  }
}
