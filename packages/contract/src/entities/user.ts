import { defineEntity } from '../entity';

/**
 * 用户 (sys_user) — contract §12.1; Excel columns per §7.5 where they map to fields. `status` is changed only by
 * frozenBatch, the password only by add/changePassword (security §1.10), so neither is a form field here.
 */
export const userEntity = defineEntity({
  key: 'user',
  title: '用户',
  api: '/sys/user',
  table: 'sys_user',
  perm: 'user',
  menu: {
    group: 'system',
    name: '用户管理',
    url: '/isystem/user',
    component: 'system/UserList',
    sort: 1.1,
    // the JeecgBoot seed's rows kept exactly: 添加按钮, 用户编辑 and the form-field codes (perms_type 2 disables the field)
    names: { add: '添加按钮', edit: '用户编辑' },
    buttons: [
      { action: 'form:phone', key: 'formPhone', name: '手机号禁用', permsType: '2', noRoute: true },
      { action: 'form:birthday', key: 'formBirthday', name: '禁用生日字段', permsType: '2' },
      { action: 'sex', name: '表单性别可见' },
      { action: 'frozen', name: '冻结/解冻' },
      { action: 'changePassword', name: '重置密码' },
      { action: 'recycleBin', name: '回收站' },
    ],
    sorts: {
      'form:phone': 1,
      add: 1,
      edit: 1,
      'form:birthday': 1,
      sex: 1,
      delete: 2,
      deleteBatch: 3,
      frozen: 4,
      changePassword: 5,
      recycleBin: 6,
      exportXls: 7,
      importExcel: 8,
    },
    order: ['form:phone', 'add', 'edit', 'form:birthday', 'sex', 'delete', 'deleteBatch', 'frozen', 'changePassword', 'recycleBin'],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'username', label: '登录账号', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 100, fixedOnEdit: true },
    { prop: 'realname', label: '真实姓名', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'sex', label: '性别', type: 'number', dict: 'sex', filter: 'eq', sort: true },
    { prop: 'phone', label: '手机号码', type: 'string', filter: 'like', unique: true, maxLength: 45, format: 'mobile' },
    { prop: 'email', label: '电子邮件', type: 'string', unique: true, maxLength: 45, format: 'email' },
    { prop: 'status', label: '状态', type: 'number', dict: 'user_status', filter: 'eq', sort: true, form: false },
    { prop: 'birthday', label: '生日', type: 'date', filter: 'eq' },
    { prop: 'workNo', label: '工号', type: 'string', unique: true, maxLength: 100 },
    { prop: 'post', label: '职务', type: 'string', dict: 'sys_position,name,code', maxLength: 100 },
    { prop: 'telephone', label: '座机号', type: 'string', maxLength: 45, format: 'telephone' },
    { prop: 'orgCode', label: '所属部门编码', type: 'string', list: false, form: false, excel: false },
    { prop: 'departIds', label: '负责部门', type: 'string', dict: 'sys_depart,depart_name,id', list: false, maxLength: 1000 },
    { prop: 'relTenantIds', label: '租户', type: 'string', list: false, excel: false, maxLength: 100 },
    { prop: 'userIdentity', label: '身份', type: 'number', list: false, excel: false },
    { prop: 'avatar', label: '头像', type: 'string', list: false, excel: false, maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', filter: 'range', sort: true, form: false, excel: false },
  ],
});
