import { RANK_PERIOD, RANK_SCOPE, type LiveBoard, type LiveBoardRow } from '@pk/contract';
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { Values } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { writeStamp } from '../../../core/crud/tableWrites.js';
import { applyScoreChange, ledgerTransaction, type ScoreChangeResult } from './ledger.js';
import { BOUNTY_BUCKET_WIDTH, SCORE_CHANGE } from '../rules.js';
import { GAME_MSG } from '../messages.js';

/** Texts of the score screens (海盗积分, 海盗等级, 悬赏榜). */
export const SCORE_MSG = {
  reasonRequired: '请填写调整原因',
  reasonTooLong: '调整原因不能超过255个字符',
  playerRequired: '请选择玩家',
  playerMissing: GAME_MSG.playerMissing,
  badDelta: '调整积分必须是非零整数',
  deltaTooLarge: '单次调整不能超过1000000积分',
  adjusted: '积分调整成功',
  badScope: '榜单范围不正确',
  badTop: '榜单条数须为1到100',
  tierRange: '最低积分必须小于最高积分',
  tierNegative: '最低积分不能小于0',
  tierOverlap: (name: string) => `积分区间与启用中的等级【${name}】重叠`,
} as const;

/** The job class of the bounty board snapshots (sys_quartz_job.job_class_name, seed part game-rank-job-v1). */
export const BOUNTY_RANK_JOB = 'org.jeecg.modules.game.job.BountyRankSnapshotJob';
/** Rows per (scope, period) snapshot. */
export const SNAPSHOT_TOP = 100;
/** The history's biz_type of an admin adjustment. */
export const ADJUST_BIZ_TYPE = 'pirate_score';

/* ───────────────────────── 海盗等级: tier ranges ───────────────────────── */

const numOrNull = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));

/**
 * A tier save (add or edit): min ≥ 0, min < max (no max = open-ended), and when the tier is enabled its range
 * overlaps no other enabled tier's. Reads the stored row for the properties an edit leaves out.
 */
export async function checkTierRange(trx: Kysely<Database>, values: Values, id: string | null): Promise<void> {
  const stored = id ? await trx.selectFrom('pirate_rank').select(['min_score', 'max_score', 'status']).where('id', '=', id).executeTakeFirst() : undefined;
  const pick = (prop: string, col: 'min_score' | 'max_score' | 'status') => (prop in values ? numOrNull(values[prop]) : numOrNull(stored?.[col]));
  const min = pick('minScore', 'min_score');
  const max = pick('maxScore', 'max_score');
  const status = pick('status', 'status') ?? 1;
  if (min !== null && min < 0) throw new BizError(SCORE_MSG.tierNegative);
  if (min !== null && max !== null && min >= max) throw new BizError(SCORE_MSG.tierRange);
  if (status !== 1 || min === null) return;
  let q = trx.selectFrom('pirate_rank').select(['rank_name', 'min_score', 'max_score']).where('status', '=', 1);
  if (id) q = q.where('id', '<>', id);
  for (const o of await q.execute()) {
    const oMin = Number(o.min_score ?? 0);
    const oMax = o.max_score === null ? null : Number(o.max_score);
    // [min, max] and [oMin, oMax] (null = +∞) meet
    if ((oMax === null || min <= oMax) && (max === null || oMin <= max)) throw new BizError(SCORE_MSG.tierOverlap(o.rank_name ?? ''));
  }
}

/* ───────────────────────── 海盗积分: the admin adjustment ───────────────────────── */

/** 调整积分: one ledger change of type 7 (管理员调整) with the reason as its remark; refused below zero. */
export async function adjustScore(db: Db, a: { userId: string; delta: number; reason: string; by: string | null }): Promise<ScoreChangeResult> {
  const player = await db.db.selectFrom('book_user').select('id').where('id', '=', a.userId).executeTakeFirst();
  if (!player) throw new BizError(SCORE_MSG.playerMissing);
  return ledgerTransaction(db.db, (tx) =>
    applyScoreChange(tx, db.dialect, {
      userId: a.userId,
      delta: a.delta,
      changeType: SCORE_CHANGE.adminAdjust,
      bizType: ADJUST_BIZ_TYPE,
      bizId: null,
      remark: a.reason,
      by: a.by,
    }),
  );
}

/* ───────────────────────── 悬赏榜: the live board ───────────────────────── */

/**
 * The live board: the top `top` by bounty, ties by id descending — exactly the backward walk of the index
 * (bounty, user_id) on pirate_score (idx_pirate_score_board), or of (bounty) on pirate_ship — and "my position":
 * the place in that list when the asker is in it, else 1 + the players with more bounty (players tied with the asker
 * share the place: standard competition ranking), summed from the ledger's counts per coarse bounty range above the
 * asker's (pirate_bounty_bucket) and per bounty value inside the asker's range (pirate_bounty_count), not one per
 * player ahead.
 */
export async function liveBoard(db: Db, scope: number, top: number, userId: string | null): Promise<LiveBoard> {
  return scope === RANK_SCOPE.ship ? shipBoard(db, top, userId) : playerBoard(db, top, userId);
}

/** How long a node answers the same top N again (a wall board polls it; every asker's position is still queried). */
export const LIVE_TOP_TTL_MS = 1000;
/** Per database handle (each node, each test database), by board and size. */
const liveTops = new WeakMap<Db, Map<string, { at: number; stamp: string; records: LiveBoardRow[] }>>();

/**
 * The top N of a board, kept per node for LIVE_TOP_TTL_MS and dropped at once when this node writes one of its tables
 * (the count cache's write watch): a change made here shows in the next answer, one made on another node within a
 * second. Many screens polling the board then cost one index walk a second, not one each.
 */
async function cachedTop(db: Db, key: string, tables: readonly string[], load: () => Promise<LiveBoardRow[]>): Promise<LiveBoardRow[]> {
  const t = Date.now();
  const stamp = writeStamp(tables);
  let mine = liveTops.get(db);
  if (!mine) liveTops.set(db, (mine = new Map()));
  const hit = mine.get(key);
  if (hit && hit.stamp === stamp && t - hit.at < LIVE_TOP_TTL_MS) return hit.records;
  const records = await load();
  // the stamp read before the query: a write during it leaves the entry void for the next asker
  mine.set(key, { at: t, stamp, records });
  return records;
}

const PLAYER_BOARD_TABLES = ['pirate_score', 'book_user', 'pirate_rank'] as const;
const SHIP_BOARD_TABLES = ['pirate_ship'] as const;

async function playerBoard(db: Db, top: number, userId: string | null): Promise<LiveBoard> {
  const records = await cachedTop(db, `player:${top}`, PLAYER_BOARD_TABLES, () => playerTop(db, top));
  return playerPosition(db, records, userId);
}

async function playerTop(db: Db, top: number): Promise<LiveBoardRow[]> {
  const rows = await db.db
    .selectFrom('pirate_score as s')
    .leftJoin('book_user as u', 'u.id', 's.user_id')
    .leftJoin('pirate_rank as r', 'r.id', 's.rank_id')
    .select(['s.user_id', 's.bounty', 'u.nickname', 'r.rank_name'])
    .orderBy('s.bounty', 'desc')
    .orderBy('s.user_id', 'desc')
    .limit(top)
    .execute();
  return rows.map((r, i) => ({
    rankNo: i + 1,
    targetId: r.user_id,
    targetName: r.nickname ?? null,
    bounty: Number(r.bounty),
    rankName: r.rank_name ?? null,
  }));
}

async function playerPosition(db: Db, records: LiveBoardRow[], userId: string | null): Promise<LiveBoard> {
  if (!userId) return { records, mine: null };
  const inTop = records.find((r) => r.targetId === userId);
  if (inTop) return { records, mine: { rankNo: inTop.rankNo, bounty: inTop.bounty } };
  // one statement: the asker's bounty and the players with more — those of the coarse ranges above the asker's range
  // (pirate_bounty_bucket) and those of the asker's range with a higher bounty (pirate_bounty_count), both kept by
  // the ledger: a few hundred rows at most, however many players or distinct bounties are above
  const w = sql.lit(BOUNTY_BUCKET_WIDTH);
  const me = await db.db
    .selectFrom('pirate_score as s')
    .select('s.bounty')
    .select((eb) =>
      eb
        .selectFrom('pirate_bounty_bucket as b')
        .select(sql<number | string | null>`sum(b.players)`.as('n'))
        .where('b.bucket', '>', sql<number>`s.bounty - s.bounty % ${w}`)
        .as('aboveRanges'),
    )
    .select((eb) =>
      eb
        .selectFrom('pirate_bounty_count as c')
        .select(sql<number | string | null>`sum(c.players)`.as('n'))
        .whereRef('c.bounty', '>', 's.bounty')
        .where('c.bounty', '<', sql<number>`s.bounty - s.bounty % ${w} + ${w}`)
        .as('aboveInRange'),
    )
    .where('s.user_id', '=', userId)
    .executeTakeFirst();
  if (!me) return { records, mine: null };
  return { records, mine: { rankNo: 1 + Number(me.aboveRanges ?? 0) + Number(me.aboveInRange ?? 0), bounty: Number(me.bounty) } };
}

async function shipBoard(db: Db, top: number, userId: string | null): Promise<LiveBoard> {
  const records = await cachedTop(db, `ship:${top}`, SHIP_BOARD_TABLES, async () =>
    (await db.db.selectFrom('pirate_ship').select(['id', 'ship_name', 'bounty']).orderBy('bounty', 'desc').orderBy('id', 'desc').limit(top).execute()).map(
      (r, i) => ({
        rankNo: i + 1,
        targetId: r.id,
        targetName: r.ship_name ?? null,
        bounty: Number(r.bounty ?? 0),
        rankName: null,
      }),
    ),
  );
  if (!userId) return { records, mine: null };
  const me = await db.db
    .selectFrom('book_user as u')
    .innerJoin('pirate_ship as p', 'p.id', 'u.ship_id')
    .select(['p.id', 'p.bounty'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!me) return { records, mine: null };
  const bounty = Number(me.bounty ?? 0);
  const inTop = records.find((r) => r.targetId === me.id);
  if (inTop) return { records, mine: { rankNo: inTop.rankNo, bounty: inTop.bounty } };
  const before = await db.db
    .selectFrom('pirate_ship')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => eb.or([eb('bounty', '>', bounty), eb.and([eb('bounty', '=', bounty), eb('id', '>', me.id)])]))
    .executeTakeFirstOrThrow();
  return { records, mine: { rankNo: 1 + Number(before.n), bounty } };
}

/* ───────────────────────── 悬赏榜: the snapshot job ───────────────────────── */

export interface Period {
  type: number;
  key: string;
  /** [from, to) in 'yyyy-MM-dd HH:mm:ss' local time; null for all time. */
  range: [string, string] | null;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** A UTC-midnight Date of a local calendar day, for day arithmetic only. */
const dayOf = (ymd: string) => new Date(`${ymd}T00:00:00Z`);
const ymdOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** ISO-8601 week of a calendar day: `yyyy-Www` and its Monday. */
export function isoWeek(ymd: string): { key: string; monday: string } {
  const d = dayOf(ymd);
  const dow = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  const monday = addDays(d, 1 - dow);
  const thursday = addDays(d, 4 - dow); // the week belongs to its Thursday's year
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1;
  return { key: `${year}-W${pad(week)}`, monday: ymdOf(monday) };
}

/** The current periods of the board at a local time 'yyyy-MM-dd HH:mm:ss': day, ISO week, month and all time. */
export function periodsAt(localNow: string): Period[] {
  const ymd = localNow.slice(0, 10);
  const day = dayOf(ymd);
  const { key: weekKey, monday } = isoWeek(ymd);
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth() + 1;
  const monthStart = `${y}-${pad(m)}-01`;
  const nextMonth = m === 12 ? `${y + 1}-01-01` : `${y}-${pad(m + 1)}-01`;
  const t = (d: string) => `${d} 00:00:00`;
  return [
    { type: RANK_PERIOD.daily, key: ymd, range: [t(ymd), t(ymdOf(addDays(day, 1)))] },
    { type: RANK_PERIOD.weekly, key: weekKey, range: [t(monday), t(ymdOf(addDays(dayOf(monday), 7)))] },
    { type: RANK_PERIOD.monthly, key: `${y}-${pad(m)}`, range: [t(monthStart), t(nextMonth)] },
    { type: RANK_PERIOD.all, key: 'all', range: null },
  ];
}

interface Ranked {
  targetId: string;
  bounty: number;
}

/** Top players of a period: bounty earned in it (sum of the history's change_bounty), or the current bounty for all time. */
async function topPlayers(db: Db, p: Period): Promise<Ranked[]> {
  if (!p.range) {
    const rows = await db.db
      .selectFrom('pirate_score')
      .select(['user_id', 'bounty'])
      .where('bounty', '>', 0)
      .orderBy('bounty', 'desc')
      .orderBy('user_id', 'desc')
      .limit(SNAPSHOT_TOP)
      .execute();
    return rows.map((r) => ({ targetId: r.user_id, bounty: Number(r.bounty) }));
  }
  const total = sql<number>`sum(h.change_bounty)`;
  const rows = await db.db
    .selectFrom('user_score_history as h')
    .select(['h.user_id', total.as('bounty')])
    .where('h.create_time', '>=', p.range[0])
    .where('h.create_time', '<', p.range[1])
    .where('h.change_bounty', '<>', 0)
    .groupBy('h.user_id')
    .having(total, '>', 0)
    .orderBy(total, 'desc')
    .orderBy('h.user_id', 'desc')
    .limit(SNAPSHOT_TOP)
    .execute();
  return rows.map((r) => ({ targetId: r.user_id, bounty: Number(r.bounty) }));
}

/** Top ships of a period: the bounty their current crew earned in it (book_user.ship_id), or the ship's bounty for all time. */
async function topShips(db: Db, p: Period): Promise<Ranked[]> {
  if (!p.range) {
    const rows = await db.db
      .selectFrom('pirate_ship')
      .select(['id', 'bounty'])
      .where('bounty', '>', 0)
      .orderBy('bounty', 'desc')
      .orderBy('id', 'desc')
      .limit(SNAPSHOT_TOP)
      .execute();
    return rows.map((r) => ({ targetId: r.id, bounty: Number(r.bounty) }));
  }
  const total = sql<number>`sum(h.change_bounty)`;
  const rows = await db.db
    .selectFrom('user_score_history as h')
    .innerJoin('book_user as u', 'u.id', 'h.user_id')
    .select(['u.ship_id', total.as('bounty')])
    .where('u.ship_id', 'is not', null)
    .where('h.create_time', '>=', p.range[0])
    .where('h.create_time', '<', p.range[1])
    .where('h.change_bounty', '<>', 0)
    .groupBy('u.ship_id')
    .having(total, '>', 0)
    .orderBy(total, 'desc')
    .orderBy('u.ship_id', 'desc')
    .limit(SNAPSHOT_TOP)
    .execute();
  return rows.map((r) => ({ targetId: String(r.ship_id), bounty: Number(r.bounty) }));
}

async function namesOf(db: Db, scope: number, ids: string[]): Promise<Map<string, string | null>> {
  if (!ids.length) return new Map();
  if (scope === RANK_SCOPE.ship) {
    const rows = await db.db.selectFrom('pirate_ship').select(['id', 'ship_name']).where('id', 'in', ids).execute();
    return new Map(rows.map((r) => [r.id, r.ship_name]));
  }
  const rows = await db.db.selectFrom('book_user').select(['id', 'nickname']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.nickname]));
}

/**
 * Write one (scope, period) board: its top rows upserted on the unique (rank_scope, period_type, period_key,
 * target_id) — two nodes running it write the same rows, never duplicates — and the rows of targets that left the
 * top removed, in one transaction.
 */
async function writeBoard(db: Db, scope: number, p: Period, ranked: Ranked[], time: string): Promise<number> {
  const names = await namesOf(
    db,
    scope,
    ranked.map((r) => r.targetId),
  );
  const rows = ranked.map((r, i) => ({
    id: newId(),
    rank_scope: scope,
    period_type: p.type,
    period_key: p.key,
    target_id: r.targetId,
    target_name: (names.get(r.targetId) ?? null)?.slice(0, 100) ?? null,
    bounty: r.bounty,
    rank_no: i + 1,
    snapshot_time: time,
    create_time: time,
  }));
  await db.db.transaction().execute(async (tx) => {
    let del = tx.deleteFrom('bounty_rank').where('rank_scope', '=', scope).where('period_type', '=', p.type).where('period_key', '=', p.key);
    if (rows.length)
      del = del.where(
        'target_id',
        'not in',
        rows.map((r) => r.target_id),
      );
    await del.execute();
    if (!rows.length) return;
    const ins = tx.insertInto('bounty_rank').values(rows);
    if (db.dialect === 'mysql')
      await ins
        .onDuplicateKeyUpdate({
          target_name: sql`values(target_name)`,
          bounty: sql`values(bounty)`,
          rank_no: sql`values(rank_no)`,
          snapshot_time: sql`values(snapshot_time)`,
          update_time: time,
        })
        .execute();
    else
      await ins
        .onConflict((oc) =>
          oc.columns(['rank_scope', 'period_type', 'period_key', 'target_id']).doUpdateSet((eb) => ({
            target_name: eb.ref('excluded.target_name'),
            bounty: eb.ref('excluded.bounty'),
            rank_no: eb.ref('excluded.rank_no'),
            snapshot_time: eb.ref('excluded.snapshot_time'),
            update_time: time,
          })),
        )
        .execute();
  });
  return rows.length;
}

/**
 * The BountyRankSnapshotJob: for players and ships, the current day (yyyy-MM-dd), ISO week (yyyy-Www), month
 * (yyyy-MM) and all time ('all'). Day/week/month bounty = the bounty earned in that period (sum of
 * user_score_history.change_bounty; a ship's = its current crew's); all time = the current bounty. Top 100 each.
 * Safe to run twice or on two nodes at once. Returns the rows written.
 */
export async function snapshotBountyBoards(db: Db, localNow: string = now()): Promise<number> {
  let written = 0;
  for (const p of periodsAt(localNow)) {
    written += await writeBoard(db, RANK_SCOPE.player, p, await topPlayers(db, p), localNow);
    written += await writeBoard(db, RANK_SCOPE.ship, p, await topShips(db, p), localNow);
  }
  return written;
}
