/**
 * The server's message catalogue: the contract's Chinese texts that more than one module sends. A text used by a
 * single module lives in that module's `<AREA>_MSG` object (USER_MSG, MENU_MSG …), which is a catalogue too; a
 * text needed by a second module moves here and the area object points at it. `core/messages.test.ts` fails when
 * a catalogued text is written as a literal anywhere else in server/src (or web/src for the client's catalogue).
 *
 * Texts are kept exactly as the original sends them, punctuation included: the contract writes some with a
 * full-width `！` on one endpoint and an ASCII `!` on another, so both forms are here under their own key.
 */
export const MSG = {
  // the envelope and the HTTP layer (contract §1.3)
  failed: '操作失败',
  notFound: '未找到对应实体',
  /** The generated controllers' and the online forms' wording of a missing row. */
  noSuchData: '未找到对应数据',
  noAuth: '没有权限，请联系管理员授权',
  tokenInvalid: 'Token失效，请重新登录!',
  route404: '路径不存在，请检查路径是否正确',
  badParams: '参数不识别！',
  // the database's refusals, through the error table
  duplicate: '数据库中已存在该记录',
  tooLong: '字段太长,超出数据库字段的长度',

  // CRUD success texts (contract §1.5)
  added: '添加成功！',
  addedAscii: '添加成功!',
  edited: '修改成功!',
  deleted: '删除成功!',
  deletedWide: '删除成功！',
  batchDeleted: '批量删除成功！',
  /** contract §12.9: the generated CRUD of the game screens */
  batchDeletedAscii: '批量删除成功!',
  saved: '保存成功！',
  savedAscii: '保存成功!',
  /** contract §6.2 / §12.6 / §6.4: the dictionary, data-source and rule edits */
  editedAlt: '编辑成功!',
  done: '操作成功!',
  // the uniqueness checks (contract §6.2, §6.3)
  valueFree: '该值可用！',
  valueTaken: '该值不可用，系统中已存在！',

  // missing or malformed parameters
  idRequired: 'id不能为空',
  deleteOneOnly: '只能删除一条记录，批量删除请使用deleteBatch',
  userIdRequired: 'userId不能为空',
  userIdListRequired: 'userIdList不能为空',
  orgCodeRequired: 'orgCode不能为空',
  passwordFormat: '参数password格式不正确',

  // users, roles and grants
  userNotFound: '未找到用户信息',
  userMissing: '用户不存在！',
  roleNotFound: '未找到角色信息',
  passwordRequired: '密码不能为空',
  passwordMismatch: '两次输入密码不一致!',
  newPasswordEmpty: '新密码不允许为空!',
  saveMenuGrantsFirst: '请先保存角色菜单权限!',

  // sessions (sign-out, forced sign-out of an online user)
  loginOk: '登录成功',
  logoutOk: '退出登录成功！',
  logoutFailed: '退出登录失败！',
} as const;
