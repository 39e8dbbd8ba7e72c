import { defineEntity } from '../entity';

/**
 * Online表单开发 (onl_cgform_head; online-contract.md §1.1): the definitions of tables designed in the browser. The
 * list is the engine's; a definition is saved whole with its fields and indexes (`/online/cgform/api/addAll`,
 * `editAll`), deleted with or without its table (`delete`, `deleteBatch?flag=`, `removeRecord`) and synchronised
 * with the database (`doDbSynch`) by the online module's own routes, behind these codes.
 */
export const onlCgformHeadEntity = defineEntity({
  key: 'onlCgformHead',
  title: '在线表单',
  api: '/online/cgform/head',
  table: 'onl_cgform_head',
  perm: 'online:cgform',
  omitRoutes: ['add', 'edit', 'exportXls', 'importExcel'],
  ownShapeRoutes: ['delete', 'deleteBatch'],
  menu: {
    group: 'online',
    name: 'Online表单开发',
    url: '/online/cgform',
    component: 'modules/online/cgform/OnlCgformHeadList',
    sort: 1,
    actions: ['add', 'edit', 'delete', 'deleteBatch'],
    buttons: [
      { action: 'sync', name: '同步数据库' },
      { action: 'importTable', name: '导入数据库表' },
      { action: 'genMenu', name: '生成菜单' },
    ],
    version: 2,
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'tableName', label: '表名', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'tableTxt', label: '表描述', type: 'string', filter: 'like', sort: true, required: true, maxLength: 200 },
    { prop: 'tableType', label: '表类型', type: 'number', dict: 'cgform_table_type', filter: 'eq' },
    { prop: 'tableVersion', label: '版本', type: 'number', sort: true },
    { prop: 'isDbSynch', label: '同步数据库状态', type: 'string', filter: 'eq' },
    { prop: 'isCheckbox', label: '显示复选框', type: 'string', list: false },
    { prop: 'isPage', label: '是否分页', type: 'string', list: false },
    { prop: 'isTree', label: '是否树', type: 'string', list: false },
    { prop: 'themeTemplate', label: '主题模板', type: 'string', list: false },
    { prop: 'formCategory', label: '表单分类', type: 'string', dict: 'ol_form_biz_type', filter: 'eq', list: false },
    { prop: 'copyType', label: '复制类型', type: 'number', filter: 'eq', list: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false },
  ],
});
