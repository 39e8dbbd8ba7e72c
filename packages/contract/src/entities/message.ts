import { defineEntity } from '../entity';

/**
 * 模板管理 (sys_sms_template) — contract §8.4. `templateContent` (and `templateName`) hold `${var}` placeholders,
 * filled by the server's logic-less renderer from the JSON of variables; `templateTestJson` is the sample JSON the
 * 发送测试 dialog starts with. Row action 发送测试: `POST /sys/message/sysMessageTemplate/sendMsg` (SendMsgBody).
 */
export const messageTemplateEntity = defineEntity({
  key: 'messageTemplate',
  title: '消息模板',
  api: '/sys/message/sysMessageTemplate',
  table: 'sys_sms_template',
  perm: 'messageTemplate',
  menu: {
    group: 'message',
    name: '模板管理',
    url: '/modules/message/sysMessageTemplateList',
    component: 'modules/message/SysMessageTemplateList',
    sort: 1,
    buttons: [{ action: 'sendMsg', name: '发送测试' }],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'templateCode', label: '模板CODE', type: 'string', filter: 'like', sort: true, required: true, unique: true, maxLength: 32 },
    { prop: 'templateName', label: '模板标题', type: 'string', filter: 'like', sort: true, maxLength: 50 },
    { prop: 'templateContent', label: '模板内容', type: 'text', filter: 'like', required: true, maxLength: 1000 },
    { prop: 'templateTestJson', label: '模板测试json', type: 'text', list: false, maxLength: 1000 },
    { prop: 'templateType', label: '模板类型', type: 'string', dict: 'msgType', filter: 'eq', sort: true, required: true, maxLength: 1 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/**
 * 消息管理 (sys_sms) — contract §8.4: the queue of outgoing messages. The send job (SendMsgJob) drains rows with
 * status 0 (未发送) and retries status 2 (发送失败) with backoff; status, result and attempts are visible here.
 */
export const messageEntity = defineEntity({
  key: 'message',
  title: '消息',
  api: '/sys/message/sysMessage',
  table: 'sys_sms',
  perm: 'message',
  menu: { group: 'message', name: '消息管理', url: '/modules/message/sysMessageList', component: 'modules/message/SysMessageList', sort: 1 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'esTitle', label: '消息标题', type: 'string', filter: 'like', sort: true, maxLength: 100 },
    { prop: 'esType', label: '发送方式', type: 'string', dict: 'msgType', filter: 'eq', sort: true, required: true, maxLength: 1 },
    { prop: 'esReceiver', label: '接收人', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'esParam', label: '发送所需参数', type: 'text', list: false, maxLength: 1000 },
    { prop: 'esContent', label: '发送内容', type: 'text', filter: 'like', maxLength: 20000 },
    { prop: 'esSendTime', label: '发送时间', type: 'datetime', sort: true },
    { prop: 'esSendStatus', label: '发送状态', type: 'string', dict: 'msgSendStatus', filter: 'eq', sort: true, maxLength: 1 },
    { prop: 'esSendNum', label: '发送次数', type: 'number', sort: true },
    { prop: 'esResult', label: '发送失败原因', type: 'string', maxLength: 255 },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 500 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** es_type / template_type / msgType (dictionary msgType): 1 SMS, 2 e-mail, 3 WeChat, 4 system message. */
export const MSG_TYPE = { sms: '1', email: '2', wechat: '3', system: '4' } as const;
export type MsgType = (typeof MSG_TYPE)[keyof typeof MSG_TYPE];

/** es_send_status (dictionary msgSendStatus): 0 未发送, 1 发送成功, 2 发送失败. */
export const MSG_SEND_STATUS = { pending: '0', sent: '1', failed: '2' } as const;

/** The body of `POST /sys/message/sysMessageTemplate/sendMsg` (the 发送测试 dialog). */
export interface SendMsgBody {
  /** es_type of the queued row (MSG_TYPE). */
  msgType: string;
  templateCode: string;
  /** A JSON object of the template's variables, as a string. */
  testData?: string | null;
  /** Phone numbers, e-mail addresses, or usernames / user ids (system message), comma separated. */
  receiver: string;
}
