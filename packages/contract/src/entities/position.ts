import { defineEntity } from '../entity';

/** 职务 (sys_position) — contract §12.4; Excel columns 职务编码, 职务名称, 职级 (contract §7.5). */
export const positionEntity = defineEntity({
  key: 'position',
  title: '职务',
  api: '/sys/position',
  table: 'sys_position',
  perm: 'position',
  menu: { group: 'system', name: '职务管理', url: '/isystem/position', component: 'system/SysPositionList', sort: 2 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'code', label: '职务编码', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100 },
    { prop: 'name', label: '职务名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'postRank', label: '职级', type: 'string', dict: 'position_rank', filter: 'eq', sort: true, required: true, maxLength: 2 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});
