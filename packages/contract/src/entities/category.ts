import { defineEntity } from '../entity';

/** 分类字典 (contract §6.6): sys_category, a tree by `pid` (root "0"); `code` follows the §6.5 code scheme. */
export const categoryEntity = defineEntity({
  key: 'category',
  title: '分类字典',
  api: '/sys/category',
  table: 'sys_category',
  perm: 'category',
  menu: {
    group: 'system',
    name: '分类字典',
    url: '/isys/category',
    component: 'system/SysCategoryList',
    sort: 5.2,
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  },
  defaultSort: { prop: 'code', order: 'asc' },
  fields: [
    { prop: 'pid', label: '父级节点', type: 'string', filter: 'eq', list: false, excel: false, maxLength: 36 },
    { prop: 'name', label: '类型名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'code', label: '类型编码', type: 'string', filter: 'like', sort: true, maxLength: 100 }, // written by import only; add generates it
    { prop: 'hasChild', label: '是否有子节点(1:有)', type: 'string', list: false, form: false, maxLength: 3 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});
