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
  /** contract §6.2: an add refused for a taken dict_code */
  addFailed: MSG.failed,
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
  // contract §6.2 / §1.5: the add catches the clash (`操作失败`); the edit lets it reach the error table (§1.3)
  messages: { takenOnAdd: DICT_ADMIN_MSG.addFailed, takenOnEdit: MSG.duplicate },
};

/**
 * An item's dictionary: it must exist on add and never changes on edit. The value is not refused on save when another
 * item of the dictionary has it (contract §6.2: add / edit answer 保存成功！ / 编辑成功!, the original has no such
 * check and no unique index on (dict_id, item_value)): `dictItemCheck` tells the user while they type.
 */
async function checkItem(values: Values, c: SaveContext): Promise<void> {
  if (!c.isNew) {
    delete values.dictId; // the dictionary of an item never changes (fixedOnEdit)
    return;
  }
  const dict = await c.trx
    .selectFrom('sys_dict')
    .select('id')
    .where('id', '=', (values.dictId as string | undefined) ?? '')
    .executeTakeFirst();
  if (!dict) throw new BizError(MSG.notFound);
  if (values.status === undefined || values.status === null) values.status = 1;
}

/** 字典项: the items of one dictionary, listed by `sort_order` after any sort the client asks for. */
export const dictItemBinding: CrudBinding = {
  entity: dictItemEntity,
  table: 'sys_dict_item',
  thenSort: { column: 'sort_order', order: 'asc' },
  hooks: { beforeSave: checkItem },
};
