import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { IMPORT_LIMITS, splitIds } from '../../../core/crud/index.js';
import { importResult, readWorkbooks, sendWorkbook, uploadedFiles } from '../../../core/crud/excel.js';
import { BizError } from '../../../core/envelope/errors.js';
import { dictService } from '../../../core/dict/service.js';
import { exportFileName, writeExportWorkbook } from '../../../core/excel/index.js';
import { param, queryParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { DEPART_EXCEL_MSG, departsToExport, importDepartRow } from './excel.service.js';
import { bodyOf, MULTIPART, queryOf } from '../../../core/http/routeSchemas.js';

/** The SysDepart Excel columns of contract §7.5 (header text → column); 机构类别 is the org_category dictionary. */
const COLUMNS = [
  { header: '机构/部门名称', col: 'depart_name' },
  { header: '英文名', col: 'depart_name_en' },
  { header: '排序', col: 'depart_order' },
  { header: '描述', col: 'description' },
  { header: '机构类别', col: 'org_category' },
  { header: '机构编码', col: 'org_code' },
  { header: '手机号', col: 'mobile' },
  { header: '传真', col: 'fax' },
  { header: '地址', col: 'address' },
  { header: '备注', col: 'memo' },
] as const;
const TITLE = '部门列表数据';
const EXPORT_QUERY = queryOf({ selections: '只导出这些部门id，以逗号分隔', departName: '部门名称（包含）' });
/**
 * `/sys/sysDepart/exportXls` and `/importExcel` (contract §7.5, §12.3). Export: every department (or `selections`,
 * or `departName` LIKE), ordered by org code. Import: rows sorted by code length so parents come first; the parent
 * is the code minus its last 3 characters; a duplicate code is a row error.
 */
export async function departExcelRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: IMPORT_LIMITS });

  // GET with the filters in the query, POST the same (the client's export button); Fastify takes no GET body schema
  const exportXls = async (req: FastifyRequest, reply: FastifyReply) => {
    const q = queryParams(req);
    const selections = splitIds(param(q, 'selections'));
    const name = param(q, 'departName')
      ?.trim()
      .replace(/^\*|\*$/g, '');
    const rows = await departsToExport(app.ctx, selections, name, EXPORT_MAX);
    const texts = await dictService(app.ctx).textsOf('org_category', [...new Set(rows.map((r) => r.org_category).filter((v): v is string => !!v))]);
    const bytes = await writeExportWorkbook({
      title: TITLE,
      exporter: req.user?.realname || req.user?.username || '',
      columns: COLUMNS.map((c) => ({ header: c.header, key: c.col })),
      rows: rows.map((r) => {
        const out: Record<string, unknown> = {};
        for (const c of COLUMNS) out[c.col] = (r as Record<string, unknown>)[c.col];
        if (r.org_category) out.org_category = texts.get(r.org_category) ?? r.org_category;
        return out;
      }),
    });
    return sendWorkbook(reply, { fileName: exportFileName(TITLE), bytes });
  };
  app.get('/sys/sysDepart/exportXls', { config: perm(PERM.depart.exportXls), schema: { querystring: EXPORT_QUERY } }, exportXls);
  app.post(
    '/sys/sysDepart/exportXls',
    { config: perm(PERM.depart.exportXls), schema: { querystring: EXPORT_QUERY, body: bodyOf({}, { optional: true }) } },
    exportXls,
  );

  app.post('/sys/sysDepart/importExcel', { config: perm(PERM.depart.importExcel), schema: MULTIPART }, async (req) => {
    const sheets = await readWorkbooks(
      await uploadedFiles(req),
      COLUMNS.map((c) => c.header),
    );
    const rows = sheets.flat().sort((a, b) => (a.cells['机构编码'] ?? '').length - (b.cells['机构编码'] ?? '').length || a.line - b.line);
    const categories = await dictService(app.ctx).valuesOf('org_category', [...new Set(rows.map((r) => r.cells['机构类别']).filter((v): v is string => !!v))]);
    const errors: string[] = [];
    let success = 0;
    for (const r of rows) {
      try {
        await importDepartRow(app.ctx, req, r.cells, categories);
        success++;
      } catch (e) {
        if (!(e instanceof BizError)) {
          const code = String((e as { code?: unknown }).code ?? '');
          if (!['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT', '23505', 'ER_DUP_ENTRY'].includes(code)) req.log.error({ err: e }, 'depart import row failed');
          errors.push(`第 ${r.line} 行：${DEPART_EXCEL_MSG.codeTaken}`);
        } else errors.push(`第 ${r.line} 行：${e.message}`);
      }
    }
    return importResult(app.ctx, { total: rows.length, success, errors });
  });
}

/** Departments an export writes at most. */
const EXPORT_MAX = 10_000;
