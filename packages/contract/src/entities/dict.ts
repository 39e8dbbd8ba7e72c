import { defineEntity } from '../entity';

/**
 * 数据字典 (contract §6.2): sys_dict headers, logically deleted into the dictionary recycle bin (del_flag = 1).
 * Excel: main columns 字典名称, 字典编码, 描述 with the items nested under 字典列表 (see dictItemEntity).
 * The items' permission codes hang under this menu (`dict:item:*`, dictItemEntity's perm), as the items are
 * edited in this page's drawer; 回收站 opens deleteList / back / deletePhysic.
 */
export const dictEntity = defineEntity({
  key: 'dict',
  title: '数据字典',
  api: '/sys/dict',
  // the import reads two title rows and two header rows with the items nested (contract §6.2; dictAdmin.test.ts)
  ownShapeRoutes: ['importExcel'],
  table: 'sys_dict',
  perm: 'dict',
  menu: {
    group: 'system',
    name: '数据字典',
    url: '/isystem/dict',
    component: 'system/DictList',
    sort: 5,
    buttons: [
      { action: 'recycleBin', name: '回收站' },
      { action: 'item:list', key: 'itemList', name: '字典配置' },
      { action: 'item:add', key: 'itemAdd', name: '添加字典项' },
      { action: 'item:edit', key: 'itemEdit', name: '编辑字典项' },
      { action: 'item:delete', key: 'itemDelete', name: '删除字典项' },
      { action: 'item:deleteBatch', key: 'itemDeleteBatch', name: '批量删除字典项' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'dictName', label: '字典名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'dictCode', label: '字典编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100 },
    { prop: 'description', label: '描述', type: 'string', maxLength: 255 },
    { prop: 'type', label: '字典类型', type: 'number', list: false, form: false, excel: false },
    { prop: 'delFlag', label: '删除状态', type: 'number', list: false, form: false, excel: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, list: false, form: false, excel: false },
  ],
});

/** The Excel header of the nested item columns of a dictionary export/import (contract §6.2). */
export const DICT_ITEMS_HEADER = '字典列表';

/**
 * 字典项 (contract §6.2 `/sys/dictItem`): the items of one dictionary (`dictId`), shown in the 数据字典 page's
 * drawer; its permission codes are the `dict:item:*` buttons of the 数据字典 menu.
 */
export const dictItemEntity = defineEntity({
  key: 'dictItem',
  title: '字典项',
  api: '/sys/dictItem',
  omitRoutes: ['exportXls', 'importExcel'],
  table: 'sys_dict_item',
  perm: 'dict:item',
  defaultSort: { prop: 'sortOrder', order: 'asc' },
  fields: [
    { prop: 'dictId', label: '字典', type: 'string', filter: 'eq', required: true, list: false, excel: false, fixedOnEdit: true, maxLength: 32 },
    { prop: 'itemText', label: '名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'itemValue', label: '数据值', type: 'string', sort: true, required: true, maxLength: 100 },
    { prop: 'description', label: '描述', type: 'string', list: false, maxLength: 255 },
    { prop: 'sortOrder', label: '排序值', type: 'number', sort: true },
    { prop: 'status', label: '是否启用', type: 'number', dict: 'dict_item_status', filter: 'eq', sort: true },
  ],
});
