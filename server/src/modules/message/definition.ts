import { messageEntity, messageTemplateEntity } from '@pk/contract';
import type { CrudBinding } from '../../core/crud/index.js';

/** The texts of 消息中心 (contract §8.4) and of its send job. */
export const MESSAGE_MSG = {
  queued: '发送消息任务添加成功！',
  queueFailed: '发送消息任务添加失败！',
  badJson: '解析Json出错！',
  msgTypeRequired: '消息类型不能为空',
  badMsgType: '消息类型不正确',
  templateCodeRequired: '模板CODE不能为空',
  receiverRequired: '消息接收方不能为空',
  receiverTooLong: '消息接收方不能超过50个字符',
  testDataTooLong: '测试数据不能超过1000个字符',
  // the send job's results (es_result)
  noSmtp: '未配置邮件服务器(SMTP_URL)',
  noReceiver: '接收人为空',
  badEmail: (address: string) => `邮箱地址不正确：${address}`,
  badPhone: (phone: string) => `手机号码不正确：${phone}`,
  noUser: (receiver: string) => `未找到接收用户：${receiver}`,
  noChannel: (type: string) => `不支持的发送方式：${type}`,
} as const;

/**
 * The sys_sms columns of the send job (migration 0007): never selected, listed, exported or filtered by the engine,
 * never written from a body.
 */
const SEND_JOB_COLUMNS = ['claim_token', 'claim_until', 'next_try_time'];

/** 模板管理 (contract §8.4): template code unique (the engine and `/sys/duplicate/check`). */
export const messageTemplateBinding: CrudBinding = {
  entity: messageTemplateEntity,
  table: 'sys_sms_template',
};

/** 消息管理 (contract §8.4): the queue of sys_sms, with the send job's own columns hidden. */
export const messageBinding: CrudBinding = {
  entity: messageEntity,
  table: 'sys_sms',
  hiddenColumns: SEND_JOB_COLUMNS,
};
