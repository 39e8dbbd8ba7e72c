import { MSG_SEND_STATUS, MSG_TYPE, type SendMsgBody } from '@pk/contract';
import type { Db } from '../../db/connection.js';
import { BizError } from '../../core/envelope/errors.js';
import { newId } from '../../core/id.js';
import { now } from '../../core/time.js';
import { MESSAGE_MSG } from './definition.js';
import { parseTemplateVars, renderTemplate } from './render.js';

/**
 * `sendMsg` of 模板管理 (contract §8.4): render the template with the JSON variables and queue one sys_sms row
 * (status 0) for the send job. Bad JSON → 解析Json出错！; an unknown template → 发送消息任务添加失败！.
 * System messages and e-mails are HTML: their variables are HTML-escaped; the title is text.
 */
export async function queueFromTemplate(db: Db, body: SendMsgBody, by: string): Promise<string> {
  let vars: Map<string, string>;
  try {
    vars = parseTemplateVars(body.testData);
  } catch {
    throw new BizError(MESSAGE_MSG.badJson);
  }
  const tpl = await db.db
    .selectFrom('sys_sms_template')
    .select(['template_name', 'template_content'])
    .where('template_code', '=', body.templateCode)
    .executeTakeFirst();
  if (!tpl) throw new BizError(MESSAGE_MSG.queueFailed);
  const html = body.msgType === MSG_TYPE.system || body.msgType === MSG_TYPE.email;
  const id = newId();
  await db.db
    .insertInto('sys_sms')
    .values({
      id,
      es_title: renderTemplate(tpl.template_name ?? '', vars).slice(0, 100),
      es_type: body.msgType,
      es_receiver: body.receiver.trim(),
      es_param: body.testData?.trim() ? body.testData.trim() : null,
      es_content: renderTemplate(tpl.template_content, vars, { html }),
      es_send_status: MSG_SEND_STATUS.pending,
      es_send_num: 0,
      create_by: by,
      create_time: now(),
    })
    .execute();
  return id;
}

/** The user ids of receivers given as usernames or user ids (system messages): existing, not deleted users only. */
export async function resolveReceiverUserIds(db: Db, names: string[]): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db.db
    .selectFrom('sys_user')
    .select('id')
    .where((eb) => eb.or([eb('username', 'in', names), eb('id', 'in', names)]))
    .where((eb) => eb.or([eb('del_flag', '=', 0), eb('del_flag', 'is', null)]))
    .execute();
  return [...new Set(rows.map((r) => r.id))];
}
