import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { likeExpr } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import type { DepartRow } from './rows.js';

const CODE = /^(?:[A-Z]\d{2}){1,20}$/;

export const DEPART_EXCEL_MSG = {
  nameRequired: '机构/部门名称不能为空',
  badCode: '机构编码格式不正确（3位一段，如A01A01）',
  codeTaken: '机构编码已存在',
  parentMissing: '上级机构编码不存在',
  badOrder: '排序必须是整数',
} as const;

/** The departments to export: `selections` (ids) or all, `departName` contains, by org code, at most `max`. */
export async function departsToExport(ctx: AppContext, selections: string[], name: string | undefined, max: number): Promise<DepartRow[]> {
  let s = ctx.db.db.selectFrom('sys_depart').selectAll();
  if (selections.length) s = s.where('id', 'in', selections);
  if (name) s = s.where(likeExpr('depart_name', 'like', name, ctx.db.dialect));
  return s.orderBy('org_code').limit(max).execute();
}

/** Import one row (contract §7.5): the parent is the code minus its last 3 characters; a taken code is refused. */
export async function importDepartRow(
  ctx: AppContext,
  req: FastifyRequest,
  cells: Record<string, string>,
  categories: ReadonlyMap<string, string>,
): Promise<void> {
  const name = (cells['机构/部门名称'] ?? '').trim();
  if (!name) throw new BizError(DEPART_EXCEL_MSG.nameRequired);
  const code = (cells['机构编码'] ?? '').trim().toUpperCase();
  if (!CODE.test(code)) throw new BizError(DEPART_EXCEL_MSG.badCode);
  const orderRaw = (cells['排序'] ?? '').trim();
  if (orderRaw && !/^-?\d{1,9}$/.test(orderRaw)) throw new BizError(DEPART_EXCEL_MSG.badOrder);
  const cat = (cells['机构类别'] ?? '').trim();
  await ctx.db.db.transaction().execute(async (trx) => {
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
