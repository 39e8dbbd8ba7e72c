import { gameMessageEntity, pictureMaterialEntity, policyEntity } from '@pk/contract';
import type { CrudBinding, CrudMessages, Values } from '../../../core/crud/index.js';
import { BadRequestError, BizError } from '../../../core/envelope/errors.js';
import { plainText, sanitizeRichHtml } from '../../../core/html/sanitize.js';
import { CONTENT_MSG } from './messages.js';
import { currentPolicyIds, policyVersionTaken, sentState, storedImageInfo } from './service.js';

/** The generated CRUD's texts (contract §12.9) shared by the three screens. */
const GENERATED: Partial<CrudMessages> = { edited: CONTENT_MSG.edited, batchDeleted: CONTENT_MSG.batchDeleted };

/** Ids in a comma list of players or ships: letters, digits and '-', never a LIKE wildcard (`_`, `%`). */
const TARGET_ID = /^[A-Za-z0-9-]{1,32}$/;

function checkChoice(values: Values, prop: string, allowed: readonly number[], label: string): void {
  const v = values[prop];
  if (v !== undefined && v !== null && !allowed.includes(Number(v))) throw new BadRequestError(CONTENT_MSG.badChoice(label));
}

/** `targetIds` as stored: distinct ids joined by commas, or null (all players). */
export function normaliseTargets(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  const ids = [
    ...new Set(
      String(raw)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.some((id) => !TARGET_ID.test(id))) throw new BadRequestError(CONTENT_MSG.badTargets);
  return ids.length ? ids.join(',') : null;
}

/** An image address: an upload path (`temp/2026…/x.png`, `/sys/common/static/…`) or http(s), nothing else. */
function checkUrl(v: unknown): void {
  if (typeof v !== 'string' || !v) return;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(v);
  if (scheme && !['http', 'https'].includes(scheme[1].toLowerCase())) throw new BadRequestError(CONTENT_MSG.badUrl);
  if (v.includes('\\') || [...v].some((c) => c.charCodeAt(0) < 0x20)) throw new BadRequestError(CONTENT_MSG.badUrl);
}

export { CONTENT_MSG };

/** 图片素材: the size and dimensions come from the stored upload when the server can read it. */
export const pictureMaterialBinding: CrudBinding = {
  entity: pictureMaterialEntity,
  table: 'picture_material',
  orgCode: true,
  messages: GENERATED,
  hooks: {
    async beforeSave(values, c) {
      if (typeof values.materialName === 'string') values.materialName = plainText(values.materialName);
      checkUrl(values.url);
      if (typeof values.url === 'string' && values.url) {
        const info = await storedImageInfo(c.req.server.ctx, values.url);
        if (info) {
          values.fileSize = info.fileSize;
          if (info.width !== null) values.width = info.width;
          if (info.height !== null) values.height = info.height;
        }
      }
    },
  },
};

/** 消息: drafts only are edited; new rows are drafts; the body sanitised; targets checked against the type. */
export const gameMessageBinding: CrudBinding = {
  entity: gameMessageEntity,
  table: 'game_message',
  orgCode: true,
  messages: GENERATED,
  readOnlyProps: [],
  hooks: {
    async beforeSave(values, c) {
      if (!c.isNew && (await sentState(c.trx, c.id)) !== 0) throw new BizError(CONTENT_MSG.editOnlyDraft);
      checkChoice(values, 'msgType', [1, 2, 3, 4], '消息类型');
      checkChoice(values, 'targetType', [1, 2, 3], '发送对象');
      if (typeof values.title === 'string') values.title = plainText(values.title);
      if (typeof values.content === 'string') values.content = sanitizeRichHtml(values.content);
      if ('targetIds' in values) values.targetIds = normaliseTargets(values.targetIds);
      if (values.targetType !== undefined && values.targetType !== null) {
        if (Number(values.targetType) === 1) values.targetIds = null;
        else if (!values.targetIds) throw new BadRequestError(CONTENT_MSG.targetsRequired);
      }
      if (c.isNew) Object.assign(values, { sendStatus: 0, readCount: 0, sendTime: null });
    },
  },
};

/** 政策协议: one row per (type, version), refused with a clear text before the unique index would refuse it. */
export const policyBinding: CrudBinding = {
  entity: policyEntity,
  table: 'policy',
  orgCode: true,
  messages: GENERATED,
  hooks: {
    async beforeSave(values, c) {
      checkChoice(values, 'policyType', [1, 2, 3, 4, 5], '政策类型');
      checkChoice(values, 'status', [0, 1], '状态');
      if (typeof values.title === 'string') values.title = plainText(values.title);
      if (typeof values.version === 'string') values.version = values.version.trim();
      if (typeof values.content === 'string') values.content = sanitizeRichHtml(values.content);
      if (c.isNew && (values.status === undefined || values.status === null)) values.status = 1;
      if (await policyVersionTaken(c.trx, c.isNew ? null : c.id, values)) throw new BizError(CONTENT_MSG.versionTaken);
    },
  },
  async rowFields(rows, req) {
    const current = await currentPolicyIds(req.server.ctx.db.db);
    return rows.map((r) => ({ ...r, current: current.has(String(r.id)) }));
  },
};
