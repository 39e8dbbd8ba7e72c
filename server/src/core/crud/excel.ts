import type { FieldDef } from '@pk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BadRequestError, BizError } from '../envelope/errors.js';
import { MSG } from '../messages.js';
import { dictService } from '../dict/service.js';
import { exportFileName, readImportFiles, SHEET_LIMITS, WorkbookReadError, writeExportWorkbook, XLSX_CONTENT_TYPE, type ImportedRow } from '../excel/index.js';
import { attachmentHeader } from '../files/routes.js';
import { readFilePart, requestBudget, type RequestBudget } from '../files/requestBudget.js';
import { writeImportErrorLog } from '../files/importErrorLog.js';
import type { FileStoreContext } from '../files/store.js';
import type { RawParams } from '../query/index.js';
import type { SaveExtras } from './types.js';
import type { CrudService } from './service.js';
import { validateBody } from './validate.js';

/** Fields written to and read from Excel (excel !== false), in definition order. */
export function excelFields(svc: CrudService): FieldDef[] {
  return svc.b.entity.fields.filter((f) => f.excel !== false);
}

/** The export workbook of a list request (contract §7.5). Dictionary fields are written as their text. */
export async function exportWorkbook(svc: CrudService, req: FastifyRequest, params: RawParams): Promise<{ fileName: string; bytes: Buffer }> {
  const rows = await svc.exportRows(req, params);
  const fields = excelFields(svc);
  const title = `${svc.b.entity.title}列表数据`;
  const bytes = await writeExportWorkbook({
    title,
    exporter: req.user?.realname || req.user?.username || '',
    columns: fields.map((f) => ({ header: f.label, key: f.prop, width: f.width ? Math.round(f.width / 7) : undefined })),
    rows: rows.map((r) => {
      const out: Record<string, unknown> = {};
      for (const f of fields) out[f.prop] = f.dict && r[`${f.prop}_dictText`] !== undefined ? r[`${f.prop}_dictText`] : r[f.prop];
      return out;
    }),
  });
  return { fileName: exportFileName(title), bytes };
}

export interface ImportOutcome {
  total: number;
  success: number;
  errors: string[];
}

/**
 * Read every uploaded workbook first, so an unreadable or oversized file changes nothing. Every import route reads
 * its files here: streamed, in a worker thread, within the limits of core/excel/limits.ts.
 */
export async function readWorkbooks(files: Buffer[], labels: string[], maxRows: number = SHEET_LIMITS.rows, headerRows: 1 | 2 = 1): Promise<ImportedRow[][]> {
  try {
    return await readImportFiles(files, labels, maxRows, headerRows);
  } catch (e) {
    if (e instanceof WorkbookReadError) throw new BizError(`文件导入失败:${e.message}`);
    throw e;
  }
}

/** The workbooks of an entity's import, read by its Excel labels. */
export function readAll(svc: CrudService, files: Buffer[]): Promise<ImportedRow[][]> {
  return readWorkbooks(
    files,
    excelFields(svc).map((f) => f.label),
    svc.b.importMaxRows,
  );
}

/**
 * The files of a multipart import request (contract §7.5); none → 文件导入失败:未上传文件. All files together
 * share one 10 MB budget (contract §7.1 max-request-size), read chunk by chunk, so no more is ever held; past it
 * the error table answers HTTP 413 with the contract's message, before any row is touched.
 */
export async function uploadedFiles(req: FastifyRequest, budget: RequestBudget = requestBudget()): Promise<Buffer[]> {
  if (!req.isMultipart()) throw new BadRequestError('请使用multipart/form-data上传Excel文件');
  const files: Buffer[] = [];
  for await (const part of req.parts()) if (part.type === 'file') files.push(await readFilePart(req, part.file, budget));
  if (!files.length) throw new BizError('文件导入失败:未上传文件');
  return files;
}

/** Reply with a workbook as a download (never rendered: nosniff). */
export function sendWorkbook(reply: FastifyReply, file: { fileName: string; bytes: Buffer }): FastifyReply {
  return reply
    .header('Content-Type', XLSX_CONTENT_TYPE)
    .header('Content-Disposition', attachmentHeader(file.fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .send(file.bytes);
}

/** Add one batch's outcome to a running total. */
export function addOutcome(into: ImportOutcome, o: ImportOutcome): ImportOutcome {
  into.total += o.total;
  into.success += o.success;
  into.errors.push(...o.errors);
  return into;
}

/**
 * Import rows: dictionary texts back to values, each row validated and saved like an add (its own transaction),
 * failures collected as `第 n 行：reason`.
 */
export async function importRows(svc: CrudService, req: FastifyRequest, rows: ImportedRow[], extras: SaveExtras = {}): Promise<ImportOutcome> {
  const fields = excelFields(svc).filter((f) => svc.b.writable.has(f.prop));
  const dicts = dictService(svc.ctx);
  // text → value per dictionary field, and the set of raw values that are already valid.
  const textMaps = new Map<string, Map<string, string>>();
  const valueSets = new Map<string, Set<string>>();
  for (const f of fields) {
    if (!f.dict) continue;
    const cells = [
      ...new Set(
        rows.flatMap((r) =>
          (r.cells[f.label] ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ),
    ];
    if (!cells.length) continue;
    textMaps.set(f.prop, await dicts.valuesOf(f.dict, cells));
    valueSets.set(f.prop, new Set((await dicts.textsOf(f.dict, cells)).keys()));
  }
  const errors: string[] = [];
  let success = 0;
  for (const r of rows) {
    try {
      const body: Record<string, unknown> = {};
      for (const f of fields) {
        const cell = r.cells[f.label];
        if (cell === undefined) continue;
        if (f.dict && cell) {
          const parts = cell
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          body[f.prop] = parts
            .map((p) => {
              const v = textMaps.get(f.prop)?.get(p) ?? (valueSets.get(f.prop)?.has(p) ? p : undefined);
              if (v === undefined) throw new BizError(`${f.label}「${p}」不是有效的选项`);
              return v;
            })
            .join(',');
        } else body[f.prop] = cell;
      }
      const { values } = validateBody(svc.b, body, 'add');
      await svc.insert(req, values, { ...extras, imported: true });
      success++;
    } catch (e) {
      errors.push(`第 ${r.line} 行：${rowError(e, req)}`);
    }
  }
  return { total: rows.length, success, errors };
}

function rowError(e: unknown, req: FastifyRequest): string {
  if (e instanceof BizError) return e.message;
  const code = String((e as { code?: unknown }).code ?? '');
  if (['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', '23505', 'ER_DUP_ENTRY'].includes(code)) return '违反表唯一性约束。';
  if (code === '22001' || code === 'ER_DATA_TOO_LONG') return MSG.tooLong;
  req.log.error({ err: e }, 'import row failed');
  return '未知错误，忽略导入';
}

/** The import reply (contract §7.5): all good → message only; some failed → code 201 with the error file. */
export async function importResult(ctx: FileStoreContext, o: ImportOutcome) {
  if (!o.errors.length) return { success: true, message: `共${o.success}行数据全部导入成功！`, code: 200, result: null, timestamp: Date.now() };
  const { fileUrl, fileName } = await writeImportErrorLog(ctx, o.errors);
  return {
    success: true,
    message: '文件导入成功，但有错误。',
    code: 201,
    result: {
      totalCount: o.total,
      errorCount: o.errors.length,
      successCount: o.success,
      msg: `总上传行数：${o.total}，已导入行数：${o.success}，错误行数：${o.errors.length}`,
      fileUrl,
      fileName,
    },
    timestamp: Date.now(),
  };
}
