import type { FastifyInstance } from 'fastify';
import { newId } from '../id.js';
import { now } from '../time.js';
import { bumpAnnouncementVersion } from './announcementVersion.js';

export interface UserNotice {
  title: string;
  /** HTML body; callers pass text they built or sanitised. */
  content: string;
  /** '1' notice (通知) | '2' system message (系统消息); default '2'. */
  category?: '1' | '2';
  priority?: 'L' | 'M' | 'H';
  sender: string;
  userIds: string[];
}

/**
 * A published USER announcement for some users (contract §8.1: msgType USER, sendStatus 1, userIds with the
 * trailing comma) with an unread send row each, then a live push `{cmd:'user'}` to them. The system-message
 * channel of the message sender and any module that must tell users something use this one function.
 */
export async function createUserNotice(app: FastifyInstance, n: UserNotice): Promise<string> {
  const db = app.ctx.db.db;
  const id = newId();
  const t = now();
  const users = [...new Set(n.userIds.filter(Boolean))];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sys_announcement')
      .values({
        id,
        titile: n.title,
        msg_content: n.content,
        sender: n.sender,
        priority: n.priority ?? 'L',
        msg_category: n.category ?? '2',
        msg_type: 'USER',
        send_status: '1',
        send_time: t,
        del_flag: '0',
        user_ids: users.map((u) => `${u},`).join(''),
        create_by: n.sender,
        create_time: t,
      })
      .execute();
    if (users.length)
      await trx
        .insertInto('sys_announcement_send')
        .values(users.map((u) => ({ id: newId(), annt_id: id, user_id: u, read_flag: '0', create_by: n.sender, create_time: t })))
        .execute();
  });
  await bumpAnnouncementVersion(app.ctx.kv); // the users' listByUser answers change (before the push makes them reload)
  await app.notifier.toUsers(users, id, n.title);
  return id;
}
