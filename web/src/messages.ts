/**
 * The client's message catalogue: texts of the spec (001) and of the original client that more than one page or
 * widget shows. A widget's own texts stay in its `<AREA>_MSG` object; a text a second place needs moves here.
 * `server/src/core/messages.test.ts` fails when a catalogued text is written as a literal elsewhere in web/src.
 */
export const MSG = {
  // results (the list mixin's fallbacks when the server sends no message)
  ok: '操作成功',
  failed: '操作失败',
  saved: '保存成功',
  unknownError: '未知错误',
  // uploads
  uploading: '上传中...',
  uploadFailed: '上传失败',
  uploadError: '上传出错',
  notImage: '请上传图片',
  // the list mixin's delete flow (JeecgListMixin: batchDel, handleDelete)
  selectRecord: '请选择一条记录！',
  confirmDeleteTitle: '确认删除',
  confirmDeleteSelected: '是否删除选中数据?',
  confirmDeleteOne: '确定删除吗?',
  // pickers and forms
  selectDepart: '请选择部门',
  selectUser: '请选择用户',
  // buttons shown by several dialogs
  close: '关闭',
  unlink: '取消关联',
  // 刷新缓存 in the user menu (000 §2) and the dictionary page (issue 11 point 11)
  cacheRefreshed: '刷新缓存完成！',
  cacheRefreshFailed: '刷新缓存失败！',
} as const;
