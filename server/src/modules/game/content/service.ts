import type { PageResult, PlayerMessage, PlayerProfile } from '@pk/contract';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { BizError } from '../../../core/envelope/errors.js';
import { page } from '../../../core/envelope/result.js';
import { fileStore, readHead, type FileStoreContext } from '../../../core/files/store.js';
import { newId } from '../../../core/id.js';
import type { Paging } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { imageSize } from './imageInfo.js';
import { CONTENT_MSG } from './messages.js';

type Db = Kysely<Database>;

/* ─────────────── 图片素材 ─────────────── */

/** Size and dimensions of an uploaded file named by `url` (an upload path or `…/sys/common/static/<path>`), or null. */
export async function storedImageInfo(ctx: FileStoreContext, url: string) {
  if (/^https?:/i.test(url) && !url.includes('/sys/common/static/')) return null;
  const i = url.indexOf('/sys/common/static/');
  const rel = i >= 0 ? url.slice(i + '/sys/common/static/'.length).split(/[?#]/)[0] : url.replace(/^\/+/, '');
  // the file store of every node (FILE_STORE); the dimensions are read from at most the first 512 KB
  const file = await readHead(fileStore(ctx), rel, 512 * 1024).catch(() => null);
  if (!file) return null;
  const dim = imageSize(file.head);
  return { fileSize: file.size, width: dim?.width ?? null, height: dim?.height ?? null };
}

/* ─────────────── 消息 ─────────────── */

/** send_status of game_message (system dictionary send_status). */
export const SEND = { draft: 0, sent: 1, revoked: 2 } as const;

/** The send status of a message (null when there is none), read in the save's transaction. */
export async function sentState(db: Db, id: string): Promise<number | null> {
  const row = await db.selectFrom('game_message').select('send_status').where('id', '=', id).executeTakeFirst();
  return row ? Number(row.send_status ?? 0) : null;
}

/**
 * Send (0 → 1) or revoke (1 → 2) by one conditional UPDATE: of two parallel calls one changes the row, the other is
 * refused with the state it finds.
 */
export async function moveMessage(db: Db, id: string, to: 'send' | 'revoke', by: string | null): Promise<void> {
  const from = to === 'send' ? SEND.draft : SEND.sent;
  const t = now();
  const set =
    to === 'send' ? { send_status: SEND.sent, send_time: t, update_by: by, update_time: t } : { send_status: SEND.revoked, update_by: by, update_time: t };
  const r = await db.updateTable('game_message').set(set).where('id', '=', id).where('send_status', '=', from).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const state = await sentState(db, id);
  if (state === null) throw new BizError(CONTENT_MSG.notFound);
  if (to === 'revoke') throw new BizError(CONTENT_MSG.revokeOnlySent);
  throw new BizError(state === SEND.revoked ? CONTENT_MSG.alreadyRevoked : CONTENT_MSG.alreadySent);
}

/** A comma list column holds `id` (ids never hold LIKE wildcards: definition.ts TARGET_ID; the id is checked too). */
function listHas(eb: ExpressionBuilder<Database, 'game_message'>, id: string) {
  return eb.or([
    eb('game_message.target_ids', '=', id),
    eb('game_message.target_ids', 'like', `${id},%`),
    eb('game_message.target_ids', 'like', `%,${id}`),
    eb('game_message.target_ids', 'like', `%,${id},%`),
  ]);
}

const SAFE_ID = /^[A-Za-z0-9-]{1,32}$/;

/** The player's row (not deleted) with their ship, or `未找到该玩家`. */
async function player(db: Db, userId: string): Promise<{ id: string; ship_id: string | null }> {
  if (!SAFE_ID.test(userId)) throw new BizError(CONTENT_MSG.playerNotFound);
  const row = await db.selectFrom('book_user').select(['id', 'ship_id']).where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
  if (!row) throw new BizError(CONTENT_MSG.playerNotFound);
  return row;
}

/** Sent messages a player receives: to all players, to them by id, or to their current ship. */
function visibleTo(p: { id: string; ship_id: string | null }) {
  return (eb: ExpressionBuilder<Database, 'game_message'>) => {
    const targets = [eb('game_message.target_type', '=', 1), eb.and([eb('game_message.target_type', '=', 2), listHas(eb, p.id)])];
    if (p.ship_id && SAFE_ID.test(p.ship_id)) targets.push(eb.and([eb('game_message.target_type', '=', 3), listHas(eb, p.ship_id)]));
    return eb.and([eb('game_message.send_status', '=', SEND.sent), eb.or(targets)]);
  };
}

/** `listByPlayer`: the player's sent messages, newest first, each with its read flag. */
export async function listByPlayer(db: Db, userId: string, p: Paging): Promise<PageResult<PlayerMessage>> {
  const u = await player(db, userId);
  const base = db.selectFrom('game_message').where(visibleTo(u));
  const [{ total }] = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).execute();
  const rows = await base
    .leftJoin('game_message_read as r', (j) => j.onRef('r.message_id', '=', 'game_message.id').on('r.user_id', '=', u.id))
    .select([
      'game_message.id',
      'game_message.title',
      'game_message.content',
      'game_message.msg_type',
      'game_message.target_type',
      'game_message.send_time',
      'r.read_time',
      'r.id as read_id',
    ])
    .orderBy('game_message.send_time', 'desc')
    .orderBy('game_message.id', 'desc')
    .limit(p.limit)
    .offset(p.offset)
    .execute();
  const records: PlayerMessage[] = rows.map((r) => ({
    id: r.id,
    title: r.title,
    content: r.content,
    msgType: r.msg_type === null ? null : Number(r.msg_type),
    targetType: r.target_type === null ? null : Number(r.target_type),
    sendTime: r.send_time === null ? null : String(r.send_time),
    read: r.read_id !== null,
    readTime: r.read_time === null ? null : String(r.read_time),
  }));
  return page(records, Number(total), p.pageNo, p.limit);
}

/**
 * A player read a message: one read row by insert-ignore against the unique (message_id, user_id); read_count moves
 * only when this call inserted it, so parallel calls count once. Answers whether this call counted.
 */
export async function markRead(db: Db, dialect: DialectName, messageId: string, userId: string): Promise<boolean> {
  const u = await player(db, userId);
  const msg = await db.selectFrom('game_message').select('id').where('id', '=', messageId).where(visibleTo(u)).executeTakeFirst();
  if (!msg) {
    const state = await sentState(db, messageId);
    if (state === null) throw new BizError(CONTENT_MSG.notFound);
    throw new BizError(state === SEND.sent ? CONTENT_MSG.notForPlayer : CONTENT_MSG.notSent);
  }
  return db.transaction().execute(async (trx) => {
    const q = trx.insertInto('game_message_read').values({ id: newId(), message_id: messageId, user_id: u.id, read_time: now() });
    const r =
      dialect === 'mysql'
        ? await q.ignore().executeTakeFirst()
        : await q.onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing()).executeTakeFirst();
    if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await trx
      .updateTable('game_message')
      .set((eb) => ({ read_count: sql<number>`coalesce(${eb.ref('read_count')}, 0) + 1` }))
      .where('id', '=', messageId)
      .execute();
    return true;
  });
}

/* ─────────────── 政策协议 ─────────────── */

/** Whether (policyType, version) of a save is taken by another row; an edit's missing parts come from its row. */
export async function policyVersionTaken(db: Db, id: string | null, values: Record<string, unknown>): Promise<boolean> {
  let type = values.policyType;
  let version = values.version;
  if (id && (type === undefined || version === undefined)) {
    const row = await db.selectFrom('policy').select(['policy_type', 'version']).where('id', '=', id).executeTakeFirst();
    if (type === undefined) type = row?.policy_type;
    if (version === undefined) version = row?.version;
  }
  if (type === undefined || type === null || version === undefined || version === null) return false;
  let q = db.selectFrom('policy').select('id').where('policy_type', '=', Number(type)).where('version', '=', String(version));
  if (id) q = q.where('id', '<>', id);
  return !!(await q.limit(1).executeTakeFirst());
}

/** Versions compared part by part, numbers as numbers (`1.10` after `1.9`). */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.\-_]/);
  const pb = b.split(/[.\-_]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '';
    const y = pb[i] ?? '';
    const nx = /^\d+$/.test(x) ? Number(x) : NaN;
    const ny = /^\d+$/.test(y) ? Number(y) : NaN;
    const c = !Number.isNaN(nx) && !Number.isNaN(ny) ? nx - ny : x.localeCompare(y);
    if (c !== 0) return c;
  }
  return 0;
}

interface PolicyHead {
  id: string;
  policy_type: number | null;
  version: string | null;
  effective_time: string | null;
}

/** The row in force of each type among enabled rows already effective: greatest effective_time, then version. */
async function currentHeads(db: Db, policyType?: number): Promise<Map<number, PolicyHead>> {
  let q = db
    .selectFrom('policy')
    .select(['id', 'policy_type', 'version', 'effective_time'])
    .where('status', '=', 1)
    .where('effective_time', 'is not', null)
    .where('effective_time', '<=', now());
  if (policyType !== undefined) q = q.where('policy_type', '=', policyType);
  const best = new Map<number, PolicyHead>();
  for (const r of await q.execute()) {
    const type = Number(r.policy_type);
    const row = { ...r, effective_time: String(r.effective_time) };
    const b = best.get(type);
    if (
      !b ||
      row.effective_time > String(b.effective_time) ||
      (row.effective_time === b.effective_time && compareVersions(row.version ?? '', b.version ?? '') > 0)
    )
      best.set(type, row);
  }
  return best;
}

/** The ids of the rows in force (the list's 当前生效 tag). */
export async function currentPolicyIds(db: Db): Promise<Set<string>> {
  return new Set([...(await currentHeads(db)).values()].map((r) => r.id));
}

function policyWire(r: Record<string, unknown>): Record<string, unknown> {
  return {
    id: r.id,
    policyType: r.policy_type === null ? null : Number(r.policy_type),
    title: r.title,
    content: r.content,
    version: r.version,
    effectiveTime: r.effective_time === null ? null : String(r.effective_time),
    status: r.status === null ? null : Number(r.status),
    createTime: r.create_time === null ? null : String(r.create_time),
    updateTime: r.update_time === null ? null : String(r.update_time),
  };
}

/** The policy in force of one type, or `未找到对应数据`. */
export async function currentPolicy(db: Db, policyType: number): Promise<Record<string, unknown>> {
  const head = (await currentHeads(db, policyType)).get(policyType);
  if (!head) throw new BizError(CONTENT_MSG.notFound);
  const row = await db.selectFrom('policy').selectAll().where('id', '=', head.id).executeTakeFirstOrThrow();
  return policyWire(row);
}

/** The policy in force of every type that has one, by type. */
export async function currentPolicies(db: Db): Promise<Record<string, unknown>[]> {
  const heads = await currentHeads(db);
  if (!heads.size) return [];
  const ids = [...heads.values()].map((h) => h.id);
  const rows = await db.selectFrom('policy').selectAll().where('id', 'in', ids).execute();
  return rows.map(policyWire).sort((a, b) => Number(a.policyType) - Number(b.policyType));
}

/* ─────────────── 预约用户 player page ─────────────── */

const str = (v: unknown) => (v === null || v === undefined ? null : String(v));
const int = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** `GET /book/user/profile`: the player's card, score, ship and the counts of their sub-lists. */
export async function playerProfile(db: Db, userId: string): Promise<PlayerProfile> {
  if (!SAFE_ID.test(userId)) throw new BizError(CONTENT_MSG.notFound);
  const u = await db.selectFrom('book_user').selectAll().where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
  if (!u) throw new BizError(CONTENT_MSG.notFound);
  const count = async (table: 'user_score_history' | 'user_honor' | 'user_task_record' | 'user_sign_place' | 'game_order') => {
    const r = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  };
  const [score, ship, scoreHistory, honors, tasks, signIns, orders] = await Promise.all([
    db
      .selectFrom('pirate_score as s')
      .leftJoin('pirate_rank as k', 'k.id', 's.rank_id')
      .select(['s.total_score', 's.available_score', 's.used_score', 's.bounty', 's.rank_id', 's.rank_no', 'k.rank_name', 'k.rank_level'])
      .where('s.user_id', '=', userId)
      .executeTakeFirst(),
    u.ship_id ? db.selectFrom('pirate_ship').select(['id', 'ship_no', 'ship_name']).where('id', '=', u.ship_id).executeTakeFirst() : Promise.resolve(undefined),
    count('user_score_history'),
    count('user_honor'),
    count('user_task_record'),
    count('user_sign_place'),
    count('game_order'),
  ]);
  return {
    user: {
      id: u.id,
      nickname: u.nickname,
      realName: u.real_name,
      phone: u.phone,
      avatar: u.avatar,
      sex: u.sex === null ? null : Number(u.sex),
      birthday: str(u.birthday),
      braceletId: u.bracelet_id,
      shipId: u.ship_id,
      status: u.status === null ? null : Number(u.status),
      lastLoginTime: str(u.last_login_time),
      remark: u.remark,
      createTime: str(u.create_time),
    },
    ship: ship ? { id: ship.id, shipNo: ship.ship_no, shipName: ship.ship_name } : null,
    score: {
      totalScore: int(score?.total_score),
      availableScore: int(score?.available_score),
      usedScore: int(score?.used_score),
      bounty: int(score?.bounty),
      rankId: score?.rank_id ?? null,
      rankName: score?.rank_name ?? null,
      rankLevel: score?.rank_level === null || score?.rank_level === undefined ? null : Number(score.rank_level),
      rankNo: score?.rank_no === null || score?.rank_no === undefined ? null : Number(score.rank_no),
    },
    counts: { scoreHistory, honors, tasks, signIns, orders },
  };
}
