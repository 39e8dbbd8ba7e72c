import { defineEntity } from '../../entity';

/**
 * DRAFT of 预约用户 (book_user) for branch s13-content only: the venue helper owns `bookUserEntity`. At merge, delete
 * this file and its lines (ENTITIES, package index, ENTITY_MODULES) and point `web/src/pages/game/content` at
 * `bookUserEntity` (one import in BookUserList.tsx).
 */
export const bookUserDraftEntity = defineEntity({
  key: 'bookUser',
  title: '预约用户',
  api: '/book/user',
  table: 'book_user',
  perm: 'bookUser',
  menu: { group: 'game', name: '预约用户', url: '/game/bookUser', component: 'game/BookUserList', sort: 1 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'nickname', label: '昵称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'realName', label: '真实姓名', type: 'string', filter: 'like', sort: true, maxLength: 50 },
    { prop: 'phone', label: '手机号', type: 'string', filter: 'like', format: 'mobile', maxLength: 20 },
    { prop: 'avatar', label: '头像', type: 'string', widget: 'image', list: false, maxLength: 255 },
    { prop: 'sex', label: '性别', type: 'number', dict: 'sex', filter: 'eq', sort: true },
    { prop: 'birthday', label: '生日', type: 'date', sort: true },
    { prop: 'shipId', label: '所在海盗船', type: 'string', list: false, ref: '/book/pirateShip/shipList', maxLength: 32 },
    { prop: 'status', label: '状态', type: 'number', dict: 'user_status', filter: 'eq', sort: true },
    { prop: 'lastLoginTime', label: '最后登录时间', type: 'datetime', sort: true, form: false },
    { prop: 'remark', label: '备注', type: 'string', list: false, maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});
