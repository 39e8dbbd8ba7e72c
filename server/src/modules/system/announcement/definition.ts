import { announcementEntity, announcementSendEntity } from '@pk/contract';
import type { CrudBinding, Values } from '../../../core/crud/index.js';
import { BadRequestError, MSG } from '../../../core/envelope/errors.js';
import { plainText, sanitizeRichHtml } from '../../../core/html/sanitize.js';
import { syncUserSends } from './service.js';
import { bumpAnnouncementVersion } from '../../../core/notify/announcementVersion.js';
import type { FastifyRequest } from 'fastify';

/** Every engine write to the notices or their send rows: every node's listByUser answers are out of date. */
const answersOutOfDate = (req: FastifyRequest) => bumpAnnouncementVersion(req.server.ctx.kv);

/** Texts of 系统通告 and the send rows (contract §8.2). */
export const ANN_MSG = {
  /** add answers 添加成功！ (the common text); deleteBatch answers 删除成功! as delete. */
  batchDeleted: MSG.deleted,
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  readAll: '全部已读',
  batchRead: '批量设置已读',
  anntIdRequired: 'anntId不能为空',
  badUserIds: '指定用户的格式不正确',
  badOpenPage: '打开页面的地址不正确',
  badValue: (label: string) => `${label}的值不正确`,
  /** show/{id} when the notice cannot be shown (404). */
  notFoundPage: '通告不存在',
} as const;

const ID_RE = /^[A-Za-z0-9_-]{1,64}$/;
const CHOICES: Record<string, readonly string[]> = {
  msgType: ['ALL', 'USER'],
  msgCategory: ['1', '2'],
  priority: ['L', 'M', 'H'],
  openType: ['component', 'url'],
};

/** `userIds` as stored: ids each followed by a comma ("id1,id2,", contract §8.1); '' or absent → null. */
export function normaliseUserIds(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const ids = [
    ...new Set(
      String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.some((id) => !ID_RE.test(id))) throw new BadRequestError(ANN_MSG.badUserIds);
  return ids.length ? ids.map((id) => `${id},`).join('') : null;
}

/** A page to open for openType url: an app route or an http(s) address, never another scheme (`javascript:`). */
function checkOpenPage(v: unknown): void {
  if (typeof v !== 'string' || !v) return;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme && !['http', 'https'].includes(scheme[1].toLowerCase())) throw new BadRequestError(ANN_MSG.badOpenPage);
  // a protocol-relative `//host`, a backslash, or a control character a browser drops (`java\tscript:`)
  if (/^\s*\/\//.test(v) || v.includes('\\') || [...v].some((c) => c.charCodeAt(0) < 0x20)) throw new BadRequestError(ANN_MSG.badOpenPage);
}

function cleanValues(values: Values, isNew: boolean): void {
  for (const [prop, allowed] of Object.entries(CHOICES)) {
    const v = values[prop];
    if (v !== undefined && v !== null && !allowed.includes(String(v))) {
      const f = announcementEntity.fields.find((x) => x.prop === prop);
      throw new BadRequestError(ANN_MSG.badValue(f?.label ?? prop));
    }
  }
  if (typeof values.titile === 'string') values.titile = plainText(values.titile);
  if (typeof values.msgAbstract === 'string') values.msgAbstract = plainText(values.msgAbstract);
  if (typeof values.msgContent === 'string') values.msgContent = sanitizeRichHtml(values.msgContent);
  if ('userIds' in values) values.userIds = normaliseUserIds(values.userIds);
  checkOpenPage(values.openPage);
  if (isNew) values.sendStatus = '0';
}

/**
 * 系统通告 on the CRUD engine (contract §8.2): logical delete (`del_flag` "1"), `titile` stripped of markup, the
 * body sanitised (core/html/sanitize.ts), new rows drafts (`sendStatus` "0"); for USER notices the send rows follow
 * `userIds` on add and edit (missing ones added unread, removed users' rows deleted).
 */
export const announcementBinding: CrudBinding = {
  entity: announcementEntity,
  table: 'sys_announcement',
  softDelete: 'text',
  readOnlyProps: ['delFlag', 'dtTaskId'],
  afterWrite: answersOutOfDate,
  messages: { batchDeleted: ANN_MSG.batchDeleted },
  hooks: {
    beforeSave(values, c) {
      cleanValues(values, c.isNew);
    },
    async afterSave(_values, c) {
      await syncUserSends(c.trx, c.req.server.ctx.db.dialect, c.id, c.req.user?.username ?? null);
    },
  },
};

/** The send rows' standard routes (`/sys/sysAnnouncementSend`): behind the 系统通告 codes. */
export const announcementSendBinding: CrudBinding = {
  entity: announcementSendEntity,
  table: 'sys_announcement_send',
  afterWrite: answersOutOfDate,
  hooks: {
    beforeSave(values) {
      if (values.readFlag !== undefined && values.readFlag !== null && !['0', '1'].includes(String(values.readFlag)))
        throw new BadRequestError(ANN_MSG.badValue('阅读状态'));
    },
  },
};
