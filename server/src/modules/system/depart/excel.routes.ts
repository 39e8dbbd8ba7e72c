import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { IMPORT_LIMITS, splitIds } from '../../../core/crud/index.js';
import { importResult, readWorkbooks, sendWorkbook, uploadedFiles } from '../../../core/crud/excel.js';
import { BizError } from '../../../core/envelope/errors.js';
import { dictService } from '../../../core/dict/service.js';
import { exportFileName, writeExportWorkbook } from '../../../core/excel/index.js';
import { newId } from '../../../core/id.js';
import { likeExpr, param, type RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import { PERM } from '../../../db/seed/permissionCodes.js';

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
const CODE = /^(?:[A-Z]\d{2}){1,20}$/;

export const DEPART_EXCEL_MSG = {
  nameRequired: '机构/部门名称不能为空',
  badCode: '机构编码格式不正确（3位一段，如A01A01）',
  codeTaken: '机构编码已存在',
  parentMissing: '上级机构编码不存在',
  badOrder: '排序必须是整数',
} as const;

/**
 * `/sys/sysDepart/exportXls` and `/importExcel` (contract §7.5, §12.3). Export: every department (or `selections`,
 * or `departName` LIKE), ordered by org code. Import: rows sorted by code length so parents come first; the parent
 * is the code minus its last 3 characters; a duplicate code is a row error.
 */
export async function departExcelRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.ctx.db.db;
  await app.register(multipart, { limits: IMPORT_LIMITS });

  app.route({
    method: ['GET', 'POST'],
    url: '/sys/sysDepart/exportXls',
    config: perm(PERM.depart.exportXls),
    handler: async (req, reply) => {
      const q = req.query as RawParams;
      const selections = splitIds(param(q, 'selections'));
      const name = param(q, 'departName')?.trim().replace(/^\*|\*$/g, '');
      let s = db().selectFrom('sys_depart').selectAll();
      if (selections.length) s = s.where('id', 'in', selections);
      if (name) s = s.where(likeExpr('depart_name', 'like', name, app.ctx.db.dialect));
      const rows = await s.orderBy('org_code').limit(EXPORT_MAX).execute();
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
    },
  });

  app.post('/sys/sysDepart/importExcel', { config: perm(PERM.depart.importExcel) }, async (req) => {
    const sheets = await readWorkbooks(await uploadedFiles(req), COLUMNS.map((c) => c.header));
    const rows = sheets.flat().sort((a, b) => (a.cells['机构编码'] ?? '').length - (b.cells['机构编码'] ?? '').length || a.line - b.line);
    const categories = await dictService(app.ctx).valuesOf('org_category', [...new Set(rows.map((r) => r.cells['机构类别']).filter((v): v is string => !!v))]);
    const errors: string[] = [];
    let success = 0;
    for (const r of rows) {
      try {
        await importOne(r.cells);
        success++;
      } catch (e) {
        if (!(e instanceof BizError)) {
          const code = String((e as { code?: unknown }).code ?? '');
          if (!['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT', '23505', 'ER_DUP_ENTRY'].includes(code)) req.log.error({ err: e }, 'depart import row failed');
          errors.push(`第 ${r.line} 行：${DEPART_EXCEL_MSG.codeTaken}`);
        } else errors.push(`第 ${r.line} 行：${e.message}`);
      }
    }
    return importResult(app.ctx.config, { total: rows.length, success, errors });

    async function importOne(cells: Record<string, string>): Promise<void> {
      const name = (cells['机构/部门名称'] ?? '').trim();
      if (!name) throw new BizError(DEPART_EXCEL_MSG.nameRequired);
      const code = (cells['机构编码'] ?? '').trim().toUpperCase();
      if (!CODE.test(code)) throw new BizError(DEPART_EXCEL_MSG.badCode);
      const orderRaw = (cells['排序'] ?? '').trim();
      if (orderRaw && !/^-?\d{1,9}$/.test(orderRaw)) throw new BizError(DEPART_EXCEL_MSG.badOrder);
      const cat = (cells['机构类别'] ?? '').trim();
      await db().transaction().execute(async (trx) => {
        if (await trx.selectFrom('sys_depart').select('id').where('org_code', '=', code).executeTakeFirst()) throw new BizError(DEPART_EXCEL_MSG.codeTaken);
        let parentId = '';
        if (code.length > 3) {
          const parent = await trx.selectFrom('sys_depart').select('id').where('org_code', '=', code.slice(0, -3)).executeTakeFirst();
          if (!parent) throw new BizError(DEPART_EXCEL_MSG.parentMissing);
          parentId = parent.id;
        }
        const text = (k: string, max: number) => {
          const v = (cells[k] ?? '').trim();
          return v ? v.slice(0, max) : null;
        };
        await trx
          .insertInto('sys_depart')
          .values({
            id: newId(),
            parent_id: parentId,
            depart_name: name.slice(0, 100),
            depart_name_en: text('英文名', 500),
            depart_order: orderRaw ? Number(orderRaw) : 0,
            description: text('描述', 500),
            org_category: cat ? (categories.get(cat) ?? cat).slice(0, 10) : '1',
            org_code: code,
            org_type: String(code.length / 3),
            mobile: text('手机号', 32),
            fax: text('传真', 32),
            address: text('地址', 100),
            memo: text('备注', 500),
            status: '1',
            del_flag: '0',
            create_by: req.user?.username ?? null,
            create_time: now(),
          })
          .execute();
      });
    }
  });
}

/** Departments an export writes at most. */
const EXPORT_MAX = 10_000;
