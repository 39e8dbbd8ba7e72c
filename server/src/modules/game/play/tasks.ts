import { sql } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import { newId } from '../../../core/id.js';
import { now, today } from '../../../core/time.js';
import { affected, compiledQuery } from '../../../db/compiledQuery.js';
import { applyScoreChange } from '../score/ledger.js';
import { BOUNTY_PER_SCORE, SCORE_CHANGE, TASK_CYCLE } from '../rules.js';
import { insertIgnore, VALID, type Gains, type Player, type PlayBy, type Tx } from './common.js';
import { grantHonor } from './honors.js';

/** A player's tasks (activity_task → user_task_record): each play call moves the open tasks of its kind. */

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
  switch (Number(cycle ?? TASK_CYCLE.once)) {
    case TASK_CYCLE.daily:
      return day;
    case TASK_CYCLE.weekly:
      return isoWeekKey(day);
    case TASK_CYCLE.perReservation:
      return reservationId;
    default:
      return 'once';
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
export async function progressTasks(tx: Tx, dialect: DialectName, player: Player, type: number, targetId: string, by: PlayBy, g: Gains): Promise<void> {
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
