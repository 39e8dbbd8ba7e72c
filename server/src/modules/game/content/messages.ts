import { MSG } from '../../../core/envelope/errors.js';
import { GAME_MSG } from '../messages.js';

/** Texts of 图片素材, 消息 and 政策协议 (issue 13 point 10). */
export const CONTENT_MSG = {
  /** contract §12.9 (generated CRUD): edit 编辑成功!, deleteBatch 批量删除成功!, a missing row 未找到对应数据. */
  edited: MSG.editedAlt,
  batchDeleted: MSG.batchDeletedAscii,
  notFound: MSG.noSuchData,
  sent: '消息发送成功',
  revoked: '消息撤回成功',
  alreadySent: '该消息已发送，不能重复发送',
  alreadyRevoked: '该消息已撤回，不能发送',
  revokeOnlySent: '只有已发送的消息才能撤回',
  editOnlyDraft: '已发送或已撤回的消息不能修改',
  notSent: '该消息未发送',
  notForPlayer: '该玩家不是此消息的发送对象',
  read: '已读',
  targetsRequired: '请选择发送对象',
  badTargets: '发送对象的格式不正确',
  badChoice: (label: string) => `${label}的值不正确`,
  playerNotFound: GAME_MSG.playerNotFound,
  versionTaken: '该类型下已存在此版本号，请填写新的版本号',
  badUrl: '图片地址不正确',
  policyTypeRequired: 'policyType不能为空',
} as const;
