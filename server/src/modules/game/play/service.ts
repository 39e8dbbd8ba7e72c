import type { PlayResult } from '@pk/contract';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import type { AppContext } from '../../../core/context.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';
import { applyScoreChange, BOUNTY_PER_SCORE, bountyMoved, ensureScoreRow, SCORE_CHANGE, withDeferredBountyCounts } from '../score/ledger.js';
import { GAME_MSG } from '../messages.js';
import { isDeadlock } from '../../../core/db/deadlock.js';
import { affected, compiledQuery } from '../../../db/compiledQuery.js';
import { announceSignIn } from '../../dashboard/ops/service.js';

/**
 * What players do (issue 13 point 5): a sign-in at a place, an answer, a chest opening. Each call is ONE transaction
 * with the score ledger, the task progress and the honors it earns, and is idempotent: the row of the action is
 * inserted against its unique key (insert-ignore), and only the call that inserted it scores; a repeat answers the
 * stored result with `repeated: true`. Staff routes and device routes (routes.ts) both call these functions, and so
 * may the demo seed (`{ ctx }` is enough: no request is needed).
 */
export const PLAY_MSG = {
  playerRequired: '请指定玩家（手环或玩家与预约）',
  braceletUnknown: '未找到该手环',
  braceletNotInUse: '该手环未在使用中',
  userNotFound: GAME_MSG.playerNotFound,
  reservationNotFound: '未找到该预约',
  reservationCancelled: '该预约已取消',
  placeRequired: '请指定签到点',
  placeNotFound: '未找到该签到点',
  placeClosed: '该签到点未开放',
  placeNotOnLine: '该签到点不在本次预约的航路上',
  questionNotFound: '未找到该题目',
  answerRequired: GAME_MSG.answerRequired,
  questionRequired: '题目不能为空',
  chestRequired: '请指定宝箱',
  chestNotFound: '未找到该宝箱',
  chestEmpty: '宝箱已开完',
  chestDisabled: '宝箱已停用',
  wrongPassword: '宝箱密码不正确',
  answerFirst: '请先答对解锁题目',
  taskFirst: '请先完成解锁任务',
} as const;

/** The player of a call: from a bracelet in use (its user and reservation), or named by staff. */
export interface PlayerRef {
  nfcUid?: string | null;
  braceletNo?: string | null;
  userId?: string | null;
  reservationId?: string | null;
}

export interface SignInInput extends PlayerRef {
  placeId?: string | null;
  placeNfcCode?: string | null;
  /** sign_method: 1 NFC bracelet, 2 QR code, 3 by hand. */
  method?: number | null;
}

export interface AnswerInput extends PlayerRef {
  questionId: string;
  answer: string;
  durationMs?: number | null;
}

export interface OpenChestInput extends PlayerRef {
  chestId?: string | null;
  chestNfcCode?: string | null;
  /** The password (unlock type 2). */
  unlockValue?: string | null;
}

/** Who records it: a staff member's username or `device:{keyId}` (create_by of the rows, ≤ 50 characters). */
export type PlayBy = string;

type Ctx = Pick<AppContext, 'db'>;
type Tx = Kysely<Database>;

interface Player {
  userId: string;
  reservationId: string;
  shipId: string | null;
  greatLineId: string | null;
  braceletId: string | null;
}

/** Task types (task_type) the play calls move. */
const TASK = { signIn: 1, answer: 2, chest: 3 } as const;
/** honor_condition_type values computed here. */
const HONOR_COND = { totalScore: 1, places: 2, correct: 3, chests: 4 } as const;
const CANCELLED = 4;
const VALID = 1;

function app2ctx(app: { ctx: Ctx } | Ctx): Ctx {
  return 'ctx' in app ? app.ctx : app;
}

const blank = (v: string | null | undefined): boolean => v === undefined || v === null || String(v).trim() === '';

/* ───────────────────────── player, place ───────────────────────── */

/** The reservation columns a play call needs, and the crew the player sails with in it (crew roster; else the reservation's ship). */
function reservationOf(db: Kysely<Database>, userId: string | null, reservationId: string | null) {
  return db
    .selectFrom('book_reservation_info as r')
    .select(['r.id', 'r.ship_id', 'r.great_line_id', 'r.status'])
    .select((eb) =>
      eb
        .selectFrom('ship_table')
        .innerJoin('pirate_ship', 'pirate_ship.id', 'ship_table.ship_id')
        .select('ship_table.ship_id')
        .where('ship_table.user_id', '=', userId)
        .whereRef('pirate_ship.reservation_id', '=', 'r.id')
        .limit(1)
        .as('crew_ship_id'),
    )
    .where('r.id', '=', reservationId);
}

/** The bracelet by NFC uid (shape 'nfc') or number ('no'), its reservation and the crew the player sails with. */
const braceletPlayer = compiledQuery((db, a: { key: string }, shape) =>
  db
    .selectFrom('bracelet as b')
    .leftJoin('book_reservation_info as r', 'r.id', 'b.reservation_id')
    .select(['b.id', 'b.user_id', 'b.reservation_id', 'b.status', 'r.id as r_id', 'r.ship_id', 'r.great_line_id', 'r.status as r_status'])
    .select((eb) =>
      eb
        .selectFrom('ship_table')
        .innerJoin('pirate_ship', 'pirate_ship.id', 'ship_table.ship_id')
        .select('ship_table.ship_id')
        .whereRef('ship_table.user_id', '=', 'b.user_id')
        .whereRef('pirate_ship.reservation_id', '=', 'r.id')
        .limit(1)
        .as('crew_ship_id'),
    )
    .where(shape === 'nfc' ? 'b.nfc_uid' : 'b.bracelet_no', '=', a.key),
);

/** A place by id (shape 'id') or NFC code ('nfc'). */
const placeBy = compiledQuery((db, a: { key: string }, shape) =>
  db
    .selectFrom('sign_place')
    .select(['id', 'place_name', 'great_line_id', 'sign_score', 'status'])
    .where(shape === 'id' ? 'id' : 'nfc_code', '=', a.key),
);

export async function resolvePlayer(db: Kysely<Database>, p: PlayerRef): Promise<Player> {
  let userId: string;
  let reservationId: string;
  let braceletId: string | null = null;
  let r: { id: string; ship_id: string | null; great_line_id: string | null; status: number | null; crew_ship_id: string | null } | undefined;
  if (!blank(p.nfcUid) || !blank(p.braceletNo)) {
    // one statement: the bracelet, its reservation and the crew (a left join: a bracelet without one is refused below)
    const byNfc = !blank(p.nfcUid);
    const [b] = (await braceletPlayer(db, byNfc ? 'nfc' : 'no', { key: String(byNfc ? p.nfcUid : p.braceletNo).trim() })).rows;
    if (!b) throw new BizError(PLAY_MSG.braceletUnknown);
    if (Number(b.status) !== 1 || !b.user_id || !b.reservation_id) throw new BizError(PLAY_MSG.braceletNotInUse);
    userId = b.user_id;
    reservationId = b.reservation_id;
    braceletId = b.id;
    r = b.r_id ? { id: b.r_id, ship_id: b.ship_id, great_line_id: b.great_line_id, status: b.r_status, crew_ship_id: b.crew_ship_id } : undefined;
  } else if (!blank(p.userId) && !blank(p.reservationId)) {
    userId = String(p.userId).trim();
    reservationId = String(p.reservationId).trim();
    const u = await db.selectFrom('book_user').select(['id', 'del_flag']).where('id', '=', userId).executeTakeFirst();
    if (!u || Number(u.del_flag ?? 0) !== 0) throw new BizError(PLAY_MSG.userNotFound);
    const b = await db.selectFrom('bracelet').select('id').where('user_id', '=', userId).where('status', '=', 1).executeTakeFirst();
    braceletId = b?.id ?? null;
    r = await reservationOf(db, userId, reservationId).executeTakeFirst();
  } else {
    throw new BizError(PLAY_MSG.playerRequired);
  }
  if (!r) throw new BizError(PLAY_MSG.reservationNotFound);
  if (Number(r.status) === CANCELLED) throw new BizError(PLAY_MSG.reservationCancelled);
  return { userId, reservationId, shipId: r.crew_ship_id ?? r.ship_id ?? null, greatLineId: r.great_line_id ?? null, braceletId };
}

async function resolvePlace(db: Kysely<Database>, input: { placeId?: string | null; placeNfcCode?: string | null }, player: Player) {
  if (blank(input.placeId) && blank(input.placeNfcCode)) throw new BizError(PLAY_MSG.placeRequired);
  const byId = !blank(input.placeId);
  const [place] = (await placeBy(db, byId ? 'id' : 'nfc', { key: String(byId ? input.placeId : input.placeNfcCode).trim() })).rows;
  if (!place) throw new BizError(PLAY_MSG.placeNotFound);
  if (Number(place.status) !== VALID) throw new BizError(PLAY_MSG.placeClosed);
  if (player.greatLineId && place.great_line_id !== player.greatLineId) throw new BizError(PLAY_MSG.placeNotOnLine);
  return place;
}

/* ───────────────────────── helpers in the transaction ───────────────────────── */

/** Insert-ignore: true when this call inserted the row, false when the unique key already held one. */
async function insertIgnore<T extends keyof Database & string>(tx: Tx, dialect: DialectName, table: T, values: Record<string, unknown>): Promise<boolean> {
  const args = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? null]));
  return affected(await insertIgnoreRow(tx, `${dialect}:${table}:${Object.keys(args).join(',')}`, args)) === 1;
}

/** Shape `dialect:table:col,col,…`: an insert of those columns that does nothing when a unique key holds the row. */
const insertIgnoreRow = compiledQuery((db, a: Record<string, unknown>, shape) => {
  const [dialect, table, cols] = shape.split(':');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table comes from the shape (a call site's literal)
  const q = db.insertInto(table as keyof Database & string).values(Object.fromEntries(cols.split(',').map((c) => [c, a[c]])) as any);
  return dialect === 'mysql' ? q.ignore() : q.onConflict((oc) => oc.doNothing());
});

/**
 * One play call's transaction: READ COMMITTED (a repeat sees the row another call committed), and the player's
 * pirate_score row locked first, so one player's calls run one after the other on PostgreSQL and MariaDB (SQLite
 * serialises writers): no two of them hold shared locks on the same unique keys (insert-ignore of a task record, the
 * ledger's own insert-ignore) and then wait for each other's exclusive ones. A deadlock the database still reports
 * (another order of shared rows) is retried.
 */
async function playTransaction<T>(db: Kysely<Database>, dialect: DialectName, userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db
        .transaction()
        .setIsolationLevel('read committed')
        .execute(async (tx) => {
          // SQLite: nothing to lock (it serialises writers); a missing score row is made by the ledger's first change
          if (dialect !== 'sqlite' && !(await lockScoreRow(tx, dialect, { userId })).rows.length) throw new NoScoreRow();
          return withDeferredBountyCounts(tx, dialect, () => work(tx));
        });
    } catch (e) {
      // the row to lock must exist before the transaction (an insert-ignore in it would take the shared lock first)
      if (e instanceof NoScoreRow && attempt < 3) await ensureScoreRow(db, dialect, userId);
      else if (attempt >= 3 || !isDeadlock(e)) throw e;
    }
  }
}

class NoScoreRow extends Error {}

const lockScoreRow = compiledQuery((db, a: { userId: string }) => db.selectFrom('pirate_score').select('id').where('user_id', '=', a.userId).forUpdate());

/** The ISO week key of a `yyyy-MM-dd` day: `2026-W48`. */
export function isoWeekKey(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  const dow = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - dow);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / 86400000 + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/** cycle_key of a task cycle (task_cycle: 0 once, 1 daily, 2 weekly, 3 per session = reservation). */
export function cycleKey(cycle: number | null, reservationId: string, day = today()): string {
  switch (Number(cycle ?? 0)) {
    case 1:
      return day;
    case 2:
      return isoWeekKey(day);
    case 3:
      return reservationId;
    default:
      return 'once';
  }
}

interface Gains {
  score: number;
  honors: string[];
  tasks: string[];
}

interface HonorRow {
  id: string;
  honor_name: string | null;
  reward_score: number | null;
  status: number | null;
}

/** Grant an honor once (UQ user_id, honor_id) and pay its reward_score (type 9). */
async function grantHonor(
  tx: Tx,
  dialect: DialectName,
  player: Player,
  honorId: string,
  bizId: string | null,
  by: PlayBy,
  g: Gains,
  /** The honor's row when the caller has just read it (enabled). */
  known?: HonorRow,
): Promise<void> {
  const honor = known ?? (await tx.selectFrom('honor').select(['id', 'honor_name', 'reward_score', 'status']).where('id', '=', honorId).executeTakeFirst());
  if (!honor || Number(honor.status) !== VALID) return;
  const id = newId();
  const time = now();
  const inserted = await insertIgnore(tx, dialect, 'user_honor', {
    id,
    user_id: player.userId,
    honor_id: honorId,
    obtain_time: time,
    source: 1,
    biz_id: bizId,
    is_wear: 0,
    create_by: by,
    create_time: time,
  });
  if (!inserted) return;
  g.honors.push(honor.honor_name ?? honorId);
  const reward = Number(honor.reward_score ?? 0);
  if (reward > 0) {
    await applyScoreChange(tx, dialect, {
      userId: player.userId,
      delta: reward,
      changeType: SCORE_CHANGE.honorReward,
      bizType: 'user_honor',
      bizId: id,
      by,
      remark: honor.honor_name,
    });
    g.score += reward;
  }
}

/**
 * One step of the player's record of a task in a cycle (UQ user_id, task_id, cycle_key): created at 1, or moved by
 * one while open and short of its target. Answers the record's id when this call moved it, else null. PostgreSQL
 * and SQLite: one upsert (its DO UPDATE conditional, RETURNING the row it wrote); MariaDB: insert-ignore, then the
 * conditional UPDATE, and '' for the id (the caller finds the row by its key).
 */
async function moveTaskRecord(
  tx: Tx,
  dialect: DialectName,
  player: Player,
  taskId: string,
  key: string,
  target: number,
  by: PlayBy,
  time: string,
): Promise<string | null> {
  const fresh = {
    id: newId(),
    user_id: player.userId,
    task_id: taskId,
    ship_id: player.shipId,
    cycle_key: key,
    target_count: target,
    status: 0,
    reward_score: 0,
    create_by: by,
    create_time: time,
  };
  if (dialect !== 'mysql') {
    const [row] = (await stepTaskRecord(tx, dialect, { ...fresh, progress: 1, time, by, target })).rows;
    return row?.id ?? null;
  }
  await insertIgnore(tx, dialect, 'user_task_record', { ...fresh, progress: 0 });
  const moved = await tx
    .updateTable('user_task_record')
    .set({ progress: sql`progress + 1`, update_time: time, update_by: by })
    .where('user_id', '=', player.userId)
    .where('task_id', '=', taskId)
    .where('cycle_key', '=', key)
    .where('status', '=', 0)
    .where('progress', '<', target)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1 ? '' : null;
}

/** PostgreSQL and SQLite: a task record created at 1, or moved by one while open and short of its target (RETURNING its id). */
const stepTaskRecord = compiledQuery(
  (
    db,
    a: {
      id: string;
      user_id: string;
      task_id: string;
      ship_id: string | null;
      cycle_key: string;
      target_count: number;
      status: number;
      reward_score: number;
      create_by: string;
      create_time: string;
      progress: number;
      time: string;
      by: string;
      target: number;
    },
  ) =>
    db
      .insertInto('user_task_record')
      .values({
        id: a.id,
        user_id: a.user_id,
        task_id: a.task_id,
        ship_id: a.ship_id,
        cycle_key: a.cycle_key,
        target_count: a.target_count,
        status: a.status,
        reward_score: a.reward_score,
        create_by: a.create_by,
        create_time: a.create_time,
        progress: a.progress,
        update_time: a.time,
        update_by: a.by,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'task_id', 'cycle_key'])
          .doUpdateSet({ progress: sql`user_task_record.progress + 1`, update_time: a.time, update_by: a.by })
          .where(sql<boolean>`user_task_record.status = 0 and user_task_record.progress < ${a.target}`),
      )
      .returning('id'),
);

/** The active tasks of a type whose target is empty or the given one, open at `time`. */
const openTasks = compiledQuery((db, a: { type: number; targetId: string; time: string }) =>
  db
    .selectFrom('activity_task')
    .select(['id', 'task_name', 'target_count', 'cycle', 'reward_score', 'reward_bounty', 'reward_honor_id'])
    .where('task_type', '=', a.type)
    .where('status', '=', VALID)
    .where((eb) => eb.or([eb('target_id', 'is', null), eb('target_id', '=', ''), eb('target_id', '=', a.targetId)]))
    .where((eb) => eb.or([eb('start_time', 'is', null), eb('start_time', '<=', a.time)]))
    .where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>=', a.time)]))
    .orderBy('id'),
);

/** A task record (by id) reaching its target completes once: status 0 → 1 with its reward. */
const completeTaskRecord = compiledQuery((db, a: { id: string; time: string; reward: number; target: number }) =>
  db
    .updateTable('user_task_record')
    .set({ status: 1, complete_time: a.time, reward_time: a.time, reward_score: a.reward })
    .where('id', '=', a.id)
    .where('status', '=', 0)
    .where('progress', '>=', a.target),
);

/**
 * Move every active task of `type` whose target is empty or `targetId` by one for the player's cycle; a task reaching
 * its target completes once (status 0 → 1 by a conditional UPDATE) and pays its reward (type 3) and honor.
 */
async function progressTasks(tx: Tx, dialect: DialectName, player: Player, type: number, targetId: string, by: PlayBy, g: Gains): Promise<void> {
  const time = now();
  const tasks = (await openTasks(tx, '', { type, targetId, time })).rows;
  for (const t of tasks) {
    const key = cycleKey(t.cycle, player.reservationId);
    const target = Math.max(1, Number(t.target_count ?? 1));
    const reward = Number(t.reward_score ?? 0);
    const recordId = await moveTaskRecord(tx, dialect, player, t.id, key, target, by, time);
    if (recordId === null) continue;
    const done = recordId
      ? affected(await completeTaskRecord(tx, '', { id: recordId, time, reward, target }))
      : Number(
          (
            await tx
              .updateTable('user_task_record')
              .set({ status: 1, complete_time: time, reward_time: time, reward_score: reward })
              .where('user_id', '=', player.userId)
              .where('task_id', '=', t.id)
              .where('cycle_key', '=', key)
              .where('status', '=', 0)
              .where('progress', '>=', target)
              .executeTakeFirst()
          ).numUpdatedRows,
        );
    if (done !== 1) continue;
    g.tasks.push(t.task_name ?? t.id);
    const row = recordId
      ? { id: recordId }
      : await tx
          .selectFrom('user_task_record')
          .select('id')
          .where('user_id', '=', player.userId)
          .where('task_id', '=', t.id)
          .where('cycle_key', '=', key)
          .executeTakeFirstOrThrow();
    if (reward > 0) {
      const bounty = reward * BOUNTY_PER_SCORE + Number(t.reward_bounty ?? 0);
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: reward,
        changeType: SCORE_CHANGE.taskReward,
        bizType: 'user_task_record',
        bizId: row.id,
        by,
        bounty,
        remark: t.task_name,
      });
      g.score += reward;
    }
    if (t.reward_honor_id) await grantHonor(tx, dialect, player, t.reward_honor_id, row.id, by, g);
  }
}

/**
 * The player's measure of an honor's condition type, as one CASE over uncorrelated subqueries (each evaluated once
 * per statement, and only for the condition types present): 1 total score, 2 distinct places signed in at,
 * 3 correct answers, 4 chests opened.
 */
const measureOf = (userId: string) => sql<number>`case honor.condition_type
  when ${HONOR_COND.totalScore} then (select coalesce(max(ps.total_score), 0) from pirate_score ps where ps.user_id = ${userId})
  when ${HONOR_COND.places} then (select count(distinct sp.sign_place_id) from user_sign_place sp where sp.user_id = ${userId})
  when ${HONOR_COND.correct} then (select count(*) from user_question_record qr where qr.user_id = ${userId} and qr.is_correct = 1)
  when ${HONOR_COND.chests} then (select count(*) from user_treasure_chest tc where tc.user_id = ${userId})
  end`;

/** The open honors of condition types 1–4 the player meets and does not hold yet. */
const metHonors = compiledQuery((db, a: { userId: string }) =>
  db
    .selectFrom('honor')
    .select(['id', 'honor_name', 'reward_score', 'status'])
    .where('status', '=', VALID)
    .where('condition_type', 'in', Object.values(HONOR_COND))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user_honor').select('user_honor.id').whereRef('user_honor.honor_id', '=', 'honor.id').where('user_honor.user_id', '=', a.userId))),
    )
    .where(sql<boolean>`coalesce(honor.condition_value, 0) <= ${measureOf(a.userId)}`)
    .orderBy('id'),
);

/**
 * Grant the honors of condition types 1–4 the player now meets and does not hold yet (each once): one statement
 * finds them (open honors whose condition value the player's measure reaches).
 */
async function checkHonors(tx: Tx, dialect: DialectName, player: Player, by: PlayBy, g: Gains): Promise<void> {
  // an honor's reward raises the total score, which may meet another total-score honor: a few rounds at most
  for (let round = 0; round < 5; round++) {
    const met = (await metHonors(tx, '', { userId: player.userId })).rows;
    if (!met.length) return;
    const before = g.honors.length;
    for (const h of met) await grantHonor(tx, dialect, player, h.id, null, by, g, h);
    if (g.honors.length === before) return;
  }
}

const standingOf = compiledQuery((db, a: { userId: string }) =>
  db
    .selectFrom('pirate_score as s')
    .select(['s.total_score', 's.available_score'])
    .select((eb) =>
      eb
        .selectFrom('pirate_rank')
        .select('rank_name')
        .where('status', '=', VALID)
        .whereRef('min_score', '<=', 's.total_score')
        .orderBy('min_score', 'desc')
        .limit(1)
        .as('rank_name'),
    )
    .where('s.user_id', '=', a.userId),
);

async function standing(db: Kysely<Database>, userId: string): Promise<Pick<PlayResult, 'totalScore' | 'availableScore' | 'rankName'>> {
  const [s] = (await standingOf(db, '', { userId })).rows;
  return { totalScore: Number(s?.total_score ?? 0), availableScore: Number(s?.available_score ?? 0), rankName: s?.rank_name ?? null };
}

/** The end of every play call: the task progress and honors of the action, then the player's standing. */
async function finish(tx: Tx, dialect: DialectName, player: Player, task: { type: number; targetId: string } | null, by: PlayBy, g: Gains): Promise<void> {
  if (task) await progressTasks(tx, dialect, player, task.type, task.targetId, by, g);
  await checkHonors(tx, dialect, player, by, g);
}

/* ───────────────────────── the three calls ───────────────────────── */

/** A sign-in at a place: scores the place's sign_score once per reservation, player and place. */
export async function recordSignIn(app: { ctx: Ctx } | Ctx, input: SignInInput, by: PlayBy): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  const player = await resolvePlayer(db, input);
  const place = await resolvePlace(db, input, player);
  const method = [1, 2, 3].includes(Number(input.method)) ? Number(input.method) : 1;
  const score = Math.max(0, Number(place.sign_score ?? 0));
  const g: Gains = { score: 0, honors: [], tasks: [] };
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const fresh = await insertIgnore(tx, dialect, 'user_sign_place', {
      id,
      user_id: player.userId,
      ship_id: player.shipId,
      reservation_id: player.reservationId,
      sign_place_id: place.id,
      bracelet_id: player.braceletId,
      sign_time: time,
      sign_method: method,
      score_gained: score,
      status: 1,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    if (score > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: score,
        changeType: SCORE_CHANGE.signIn,
        bizType: 'user_sign_place',
        bizId: id,
        by,
        remark: place.place_name,
      });
      g.score += score;
    }
    await finish(tx, dialect, player, { type: TASK.signIn, targetId: place.id }, by, g);
    return standing(tx, player.userId);
  });
  if (!inserted) {
    const row = await db
      .selectFrom('user_sign_place')
      .select('score_gained')
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('sign_place_id', '=', place.id)
      .executeTakeFirst();
    return { repeated: true, scoreGained: Number(row?.score_gained ?? 0), ...(await standing(db, player.userId)), honors: [], tasks: [] };
  }
  announceSignIn(app, { reservationId: player.reservationId, userId: player.userId, placeId: place.id }); // 场馆大屏's live stream (issue 14)
  return { repeated: false, scoreGained: score, ...inserted, honors: g.honors, tasks: g.tasks };
}

/** The keys of an answer ('A,C', 'c a' → ['A','C']). */
function choiceSet(v: string): string[] {
  return [
    ...new Set(
      v
        .toUpperCase()
        .split(/[\s,，、;；|]+/)
        .flatMap((p) => (/^[A-Z]+$/.test(p) ? p.split('') : [p]))
        .filter(Boolean),
    ),
  ].sort();
}

const TRUE_WORDS = new Set(['TRUE', 'T', '1', 'Y', 'YES', '对', '正确', '是', '√']);
const FALSE_WORDS = new Set(['FALSE', 'F', '0', 'N', 'NO', '错', '错误', '否', '×']);
function truth(v: string): boolean | null {
  const s = v.trim().toUpperCase();
  if (TRUE_WORDS.has(s)) return true;
  if (FALSE_WORDS.has(s)) return false;
  return null;
}

/** Whether `given` answers a question of `type` (question_type: 1 single, 2 multiple, 3 true/false, 4 fill-in). */
export function isCorrect(type: number | null, expected: string | null, given: string): boolean {
  const want = (expected ?? '').trim();
  const got = given.trim();
  if (!want || !got) return false;
  switch (Number(type)) {
    case 1:
      return got.toUpperCase() === want.toUpperCase();
    case 2: {
      const a = choiceSet(want);
      const b = choiceSet(got);
      return a.length === b.length && a.every((x, i) => x === b[i]);
    }
    case 3: {
      const a = truth(want);
      return a !== null && a === truth(got);
    }
    default:
      return got.toLowerCase() === want.toLowerCase();
  }
}

/** An answer: recorded once per reservation, player and question; scores the question's score when right. */
export async function recordAnswer(app: { ctx: Ctx } | Ctx, input: AnswerInput, by: PlayBy): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  if (blank(input.answer)) throw new BizError(PLAY_MSG.answerRequired);
  const player = await resolvePlayer(db, input);
  const q = await db
    .selectFrom('question_bank')
    .select(['id', 'question_type', 'answer', 'score', 'sign_place_id', 'status', 'del_flag'])
    .where('id', '=', String(input.questionId ?? '').trim())
    .executeTakeFirst();
  if (!q || Number(q.del_flag ?? 0) !== 0 || Number(q.status) !== VALID) throw new BizError(PLAY_MSG.questionNotFound);
  const correct = isCorrect(q.question_type, q.answer, String(input.answer));
  const score = correct ? Math.max(0, Number(q.score ?? 0)) : 0;
  const duration = Number.isSafeInteger(Number(input.durationMs)) && Number(input.durationMs) >= 0 ? Number(input.durationMs) : null;
  const g: Gains = { score: 0, honors: [], tasks: [] };
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const fresh = await insertIgnore(tx, dialect, 'user_question_record', {
      id,
      user_id: player.userId,
      question_id: q.id,
      sign_place_id: q.sign_place_id,
      ship_id: player.shipId,
      reservation_id: player.reservationId,
      user_answer: String(input.answer).trim().slice(0, 255),
      is_correct: correct ? 1 : 0,
      score_gained: score,
      answer_time: time,
      duration_ms: duration,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    if (score > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: score,
        changeType: SCORE_CHANGE.answer,
        bizType: 'user_question_record',
        bizId: id,
        by,
      });
      g.score += score;
    }
    await upsertQuestionScore(tx, dialect, player, correct, score, duration, by);
    await finish(tx, dialect, player, correct ? { type: TASK.answer, targetId: q.id } : null, by, g);
    return standing(tx, player.userId);
  });
  if (!inserted) {
    const row = await db
      .selectFrom('user_question_record')
      .select(['score_gained', 'is_correct'])
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('question_id', '=', q.id)
      .executeTakeFirst();
    return {
      repeated: true,
      correct: Number(row?.is_correct) === 1,
      scoreGained: Number(row?.score_gained ?? 0),
      ...(await standing(db, player.userId)),
      honors: [],
      tasks: [],
    };
  }
  return { repeated: false, correct, scoreGained: score, ...inserted, honors: g.honors, tasks: g.tasks };
}

/** user_question_score of the reservation and player: created once, then answered / correct / score moved atomically. */
async function upsertQuestionScore(tx: Tx, dialect: DialectName, player: Player, correct: boolean, score: number, durationMs: number | null, by: PlayBy) {
  const time = now();
  let totalQ = tx
    .selectFrom('question_bank')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', VALID)
    .where('del_flag', '=', 0);
  if (player.greatLineId)
    totalQ = totalQ.where('sign_place_id', 'in', tx.selectFrom('sign_place').select('id').where('great_line_id', '=', player.greatLineId));
  const total = Number((await totalQ.executeTakeFirst())?.n ?? 0);
  await insertIgnore(tx, dialect, 'user_question_score', {
    id: newId(),
    user_id: player.userId,
    ship_id: player.shipId,
    reservation_id: player.reservationId,
    great_line_id: player.greatLineId,
    question_total: total,
    answered_count: 0,
    correct_count: 0,
    total_score: 0,
    duration_seconds: 0,
    start_time: time,
    create_by: by,
    create_time: time,
  });
  await tx
    .updateTable('user_question_score')
    .set({
      answered_count: sql`answered_count + 1`,
      correct_count: sql`correct_count + ${correct ? 1 : 0}`,
      total_score: sql`total_score + ${score}`,
      duration_seconds: sql`coalesce(duration_seconds, 0) + ${Math.round((durationMs ?? 0) / 1000)}`,
      end_time: time,
      update_time: time,
      update_by: by,
    })
    .where('reservation_id', '=', player.reservationId)
    .where('user_id', '=', player.userId)
    .execute();
}

/** A chest opening: once per reservation, player and chest; the chest's remain_count never goes below zero. */
export async function openChest(app: { ctx: Ctx } | Ctx, input: OpenChestInput, by: PlayBy): Promise<PlayResult> {
  const { db, dialect } = app2ctx(app).db;
  if (blank(input.chestId) && blank(input.chestNfcCode)) throw new BizError(PLAY_MSG.chestRequired);
  const player = await resolvePlayer(db, input);
  let cq = db.selectFrom('treasure_chest').selectAll();
  cq = !blank(input.chestId) ? cq.where('id', '=', String(input.chestId).trim()) : cq.where('nfc_code', '=', String(input.chestNfcCode).trim());
  const chest = await cq.executeTakeFirst();
  if (!chest) throw new BizError(PLAY_MSG.chestNotFound);
  const previous = async (): Promise<PlayResult | null> => {
    const row = await db
      .selectFrom('user_treasure_chest')
      .select(['score_gained', 'remark'])
      .where('reservation_id', '=', player.reservationId)
      .where('user_id', '=', player.userId)
      .where('chest_id', '=', chest.id)
      .executeTakeFirst();
    if (!row) return null;
    return {
      repeated: true,
      scoreGained: Number(row.score_gained ?? 0),
      reward: row.remark,
      ...(await standing(db, player.userId)),
      honors: [],
      tasks: [],
    };
  };
  // a repeat answers its stored result before any check (the chest may be empty by now)
  const before = await previous();
  if (before) return before;
  if (Number(chest.status) === 3) throw new BizError(PLAY_MSG.chestDisabled);
  if (Number(chest.status) === 2) throw new BizError(PLAY_MSG.chestEmpty);
  const unlockType = Number(chest.unlock_type ?? 1);
  if (unlockType === 2 && (input.unlockValue ?? '').trim() !== (chest.unlock_value ?? '').trim()) throw new BizError(PLAY_MSG.wrongPassword);
  if (unlockType === 3) {
    const ok = await db
      .selectFrom('user_question_record')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('reservation_id', '=', player.reservationId)
      .where('question_id', '=', (chest.unlock_value ?? '').trim())
      .where('is_correct', '=', 1)
      .executeTakeFirst();
    if (!ok) throw new BizError(PLAY_MSG.answerFirst);
  }
  if (unlockType === 5) {
    const ok = await db
      .selectFrom('user_task_record')
      .select('id')
      .where('user_id', '=', player.userId)
      .where('task_id', '=', (chest.unlock_value ?? '').trim())
      .where('status', '>=', 1)
      .executeTakeFirst();
    if (!ok) throw new BizError(PLAY_MSG.taskFirst);
  }
  const g: Gains = { score: 0, honors: [], tasks: [] };
  let note: string | null = null;
  let gained = 0;
  const inserted = await playTransaction(db, dialect, player.userId, async (tx) => {
    const id = newId();
    const time = now();
    const rewardType = Number(chest.reward_type ?? 1);
    const rewardValue = Number(chest.reward_value ?? 0);
    const fresh = await insertIgnore(tx, dialect, 'user_treasure_chest', {
      id,
      user_id: player.userId,
      chest_id: chest.id,
      reservation_id: player.reservationId,
      ship_id: player.shipId,
      open_time: time,
      reward_type: rewardType,
      reward_value: rewardValue,
      reward_goods_id: chest.reward_goods_id,
      reward_honor_id: chest.reward_honor_id,
      score_gained: 0,
      create_by: by,
      create_time: time,
    });
    if (!fresh) return null;
    // one of the remaining openings, decided by the database (status first: MySQL assigns left to right)
    const taken = await tx
      .updateTable('treasure_chest')
      .set({
        status: sql`case when remain_count is not null and remain_count <= 1 then 2 else status end`,
        remain_count: sql`remain_count - 1`,
        update_time: time,
      })
      .where('id', '=', chest.id)
      .where('status', 'in', [0, 1])
      .where((eb) => eb.or([eb('remain_count', 'is', null), eb('remain_count', '>', 0)]))
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new BizError(PLAY_MSG.chestEmpty);
    if (unlockType === 4) {
      const cost = Math.trunc(Number(chest.unlock_value ?? 0));
      if (cost > 0)
        await applyScoreChange(tx, dialect, {
          userId: player.userId,
          delta: -cost,
          changeType: SCORE_CHANGE.spend,
          bizType: 'user_treasure_chest',
          bizId: id,
          by,
          remark: chest.chest_name,
        });
    }
    if (rewardType === 1 && rewardValue > 0) {
      await applyScoreChange(tx, dialect, {
        userId: player.userId,
        delta: rewardValue,
        changeType: SCORE_CHANGE.chest,
        bizType: 'user_treasure_chest',
        bizId: id,
        by,
        remark: chest.chest_name,
      });
      g.score += rewardValue;
      gained = rewardValue;
      note = `积分 +${rewardValue}`;
    } else if (rewardType === 4 && rewardValue > 0) {
      // bounty only (no score): the balance columns stay, so the ledger invariant is untouched
      await ensureScoreRow(tx, dialect, player.userId);
      await tx
        .updateTable('pirate_score')
        .set({ bounty: sql`bounty + ${rewardValue}`, update_time: time })
        .where('user_id', '=', player.userId)
        .execute();
      // the live board's per-bounty counts follow (at the end of this transaction), the player's ship's bounty too,
      // and the history keeps the move (change_score 0, change_bounty: the period boards sum it)
      const after = await tx
        .selectFrom('pirate_score as s')
        .leftJoin('book_user as u', 'u.id', 's.user_id')
        .select(['s.bounty', 's.available_score', 'u.ship_id'])
        .where('s.user_id', '=', player.userId)
        .executeTakeFirstOrThrow();
      await bountyMoved(tx, dialect, player.userId, Number(after.bounty) - rewardValue, Number(after.bounty));
      if (after.ship_id)
        await tx
          .updateTable('pirate_ship')
          .set({ bounty: sql`bounty + ${rewardValue}`, update_time: time })
          .where('id', '=', after.ship_id)
          .execute();
      const available = Number(after.available_score ?? 0);
      await tx
        .insertInto('user_score_history')
        .values({
          id: newId(),
          user_id: player.userId,
          change_type: SCORE_CHANGE.chest,
          change_score: 0,
          change_bounty: rewardValue,
          before_score: available,
          after_score: available,
          biz_type: 'user_treasure_chest',
          biz_id: id,
          remark: chest.chest_name,
          create_by: by,
          create_time: time,
        })
        .execute();
      note = `悬赏金 +${rewardValue}`;
    } else if (rewardType === 3 && chest.reward_honor_id) {
      const n = g.honors.length;
      await grantHonor(tx, dialect, player, chest.reward_honor_id, id, by, g);
      note = g.honors.length > n ? `荣誉：${g.honors[n]}` : null;
    } else if (rewardType === 2 && chest.reward_goods_id) {
      const goods = await tx.selectFrom('goods').select('goods_name').where('id', '=', chest.reward_goods_id).executeTakeFirst();
      note = `奖励商品：${goods?.goods_name ?? chest.reward_goods_id}（请到补给站领取）`;
    }
    await finish(tx, dialect, player, { type: TASK.chest, targetId: chest.id }, by, g);
    await tx.updateTable('user_treasure_chest').set({ score_gained: gained, remark: note }).where('id', '=', id).execute();
    return standing(tx, player.userId);
  });
  if (!inserted) return (await previous()) ?? { repeated: true, scoreGained: 0, ...(await standing(db, player.userId)), honors: [], tasks: [] };
  return { repeated: false, scoreGained: gained, reward: note, ...inserted, honors: g.honors, tasks: g.tasks };
}
