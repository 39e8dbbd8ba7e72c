import { dictEntity, dictItemEntity } from '@pk/contract';
import type { CrudBinding, SaveContext, Values } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';

/** The texts of `/sys/dict` and `/sys/dictItem` (contract §6.2). */
export const DICT_ADMIN_MSG = {
  saved: MSG.saved,
  edited: MSG.editedAlt,
  deleted: MSG.deleted,
  deleteFailed: '删除失败!',
  noIds: MSG.badParams,
  done: MSG.done,
  failed: '操作失败!',
  valueFree: MSG.valueFree,
  valueTaken: MSG.valueTaken,
  noValue: '数据值不能为空',
  noItemValue: (name: string) => `字典名称：${name}，对应字典列表的字典项值不能为空，忽略导入。`,
  noCode: (n: number) => `第 ${n} 行：字典编码不能为空，忽略导入。`,
  codeTaken: (n: number) => `第 ${n} 行：字典编码已经存在，忽略导入。`,
} as const;

/** 数据字典 headers: logical delete (del_flag = 1, the recycle bin). */
export const dictBinding: CrudBinding = {
  entity: dictEntity,
  table: 'sys_dict',
  softDelete: true,
  readOnlyProps: [],
};

/** The value of an item must be unique inside its dictionary (dictItemCheck says so while the user types). */
async function checkItem(values: Values, c: SaveContext): Promise<void> {
  let dictId = values.dictId as string | undefined;
  const current = c.isNew ? undefined : await c.trx.selectFrom('sys_dict_item').select(['dict_id', 'item_value']).where('id', '=', c.id).executeTakeFirst();
  if (!c.isNew) {
    // the dictionary of an item never changes (fixedOnEdit)
    delete values.dictId;
    dictId = current?.dict_id ?? undefined;
  } else {
    const dict = await c.trx
      .selectFrom('sys_dict')
      .select('id')
      .where('id', '=', dictId ?? '')
      .executeTakeFirst();
    if (!dict) throw new BizError(MSG.notFound);
    if (values.status === undefined || values.status === null) values.status = 1;
  }
  const value = values.itemValue;
  if (typeof value !== 'string' || !dictId) return;
  const same = await c.trx
    .selectFrom('sys_dict_item')
    .select('id')
    .where('dict_id', '=', dictId)
    .where('item_value', '=', value)
    .where('id', '<>', c.id)
    .limit(1)
    .executeTakeFirst();
  if (same) throw new BizError(DICT_ADMIN_MSG.valueTaken);
}

/** 字典项: the items of one dictionary, listed by `sort_order` after any sort the client asks for. */
export const dictItemBinding: CrudBinding = {
  entity: dictItemEntity,
  table: 'sys_dict_item',
  thenSort: { column: 'sort_order', order: 'asc' },
  hooks: { beforeSave: checkItem },
};
