import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { executeRule } from '../../system/fillRule/service.js';
import { applyScoreChange, ledgerTransaction } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { GAME_MSG } from '../messages.js';

/** Texts of the quest screens' own rules (tasks, honors, chests, the manual honor grant). */
export const QUEST_MSG = {
  taskTargetMissing: (what: string) => `任务目标不存在：请填写已有${what}的ID`,
  taskTargetNotAllowed: '该任务类型不需要任务目标，请清空任务目标ID',
  taskTimeOrder: '开始时间须早于结束时间',
  taskTypeBad: '任务类型不正确',
  honorConditionValue: '条件值须大于0（手动授予的荣誉除外）',
  chestTotalBad: '总数量须为不小于0的整数',
  chestTotalBelowOpened: '总数量不能少于已开启的数量',
  chestNoFailed: '宝箱编号生成失败，请手动填写宝箱编号',
  grantUserMissing: GAME_MSG.playerMissing,
  grantHonorMissing: '荣誉不存在或已停用',
  granted: '授予成功！',
  alreadyGranted: '该玩家已拥有此荣誉，未重复授予',
} as const;

/** task_type → the table its target_id names (jeecg-schema §4.3 activity_task); 5 and 6 have no target. */
const TASK_TARGETS: Readonly<Record<number, { table: 'sign_place' | 'question_bank' | 'treasure_chest' | 'goods'; what: string; live?: boolean }>> = {
  1: { table: 'sign_place', what: '签到点' },
  2: { table: 'question_bank', what: '题目', live: true },
  3: { table: 'treasure_chest', what: '宝箱' },
  4: { table: 'goods', what: '商品', live: true },
};
const TASK_TYPES_WITHOUT_TARGET = [5, 6];

/** The stored columns of one row a partial edit needs (null when the row is gone). */
export async function storedRow<T extends 'activity_task' | 'honor' | 'question_bank' | 'treasure_chest'>(
  trx: Kysely<Database>,
  table: T,
  id: string,
): Promise<Record<string, unknown> | null> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const row = await (trx as Kysely<any>).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
  return (row as Record<string, unknown> | undefined) ?? null;
}

/** An activity task's target must exist in the table its type names (or be empty); types 5 and 6 take none. */
export async function checkTaskTarget(trx: Kysely<Database>, taskType: unknown, targetId: unknown): Promise<void> {
  const type = Number(taskType);
  const target = targetId === null || targetId === undefined ? '' : String(targetId).trim();
  if (TASK_TYPES_WITHOUT_TARGET.includes(type)) {
    if (target) throw new BizError(QUEST_MSG.taskTargetNotAllowed);
    return;
  }
  const spec = TASK_TARGETS[type];
  if (!spec) throw new BizError(QUEST_MSG.taskTypeBad);
  if (!target) return; // no target: any place / question / chest / goods counts
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q = (trx as Kysely<any>).selectFrom(spec.table).select('id').where('id', '=', target);
  if (spec.live) q = q.where('del_flag', '=', 0);
  if (!(await q.executeTakeFirst())) throw new BizError(QUEST_MSG.taskTargetMissing(spec.what));
}

/**
 * The next chest number of fill rule `chest_num`. SQLite has one connection, which the save's transaction holds:
 * the sequence runs inside it there; PostgreSQL and MariaDB take it on a connection of their own (autocommitted).
 */
export async function nextChestNo(db: Db, trx: Kysely<Database>, log: FastifyBaseLogger): Promise<string> {
  const on: Db = db.dialect === 'sqlite' ? { ...db, db: trx } : db;
  const no = await executeRule(on, log, 'chest_num', {});
  if (typeof no !== 'string' || !no) throw new BizError(QUEST_MSG.chestNoFailed);
  return no;
}

/**
 * A chest's total count changes: remain_count moves by the same difference in one conditional UPDATE (never below
 * zero, whatever openings happen meanwhile), so the opened count stays what it was.
 */
export async function changeChestTotal(trx: Kysely<Database>, id: string, total: number): Promise<void> {
  const res = await trx
    .updateTable('treasure_chest')
    .set({ remain_count: sql`coalesce(remain_count, 0) + ${total} - coalesce(total_count, 0)`, total_count: total })
    .where('id', '=', id)
    .where(sql<boolean>`coalesce(remain_count, 0) + ${total} - coalesce(total_count, 0) >= 0`)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new BizError(QUEST_MSG.chestTotalBelowOpened);
}

/** chest_status follows remain_count: 2 (已开完) at 0 from 0/1, back to 1 (可开启) when some are left again. */
export async function syncChestStatus(trx: Kysely<Database>, id: string): Promise<void> {
  await trx.updateTable('treasure_chest').set({ status: 2 }).where('id', '=', id).where('remain_count', '<=', 0).where('status', 'in', [0, 1]).execute();
  await trx.updateTable('treasure_chest').set({ status: 1 }).where('id', '=', id).where('remain_count', '>', 0).where('status', '=', 2).execute();
}

export interface GrantInput {
  userId: string;
  honorId: string;
  /** The staff member granting (create_by). */
  by: string | null;
}

/**
 * 手动授予 (issue 13): a user_honor row with source 2, inserted once per (user_id, honor_id) by an insert-ignore
 * on the unique index, and the honor's reward_score through the score ledger (change type 9) in the same
 * transaction, only when the row was inserted: parallel or repeated grants give the honor and its score once.
 */
export async function grantHonor(db: Db, g: GrantInput): Promise<{ granted: boolean; id: string | null }> {
  return ledgerTransaction(db.db, async (tx) => {
    const user = await tx.selectFrom('book_user').select('id').where('id', '=', g.userId).where('del_flag', '=', 0).executeTakeFirst();
    if (!user) throw new BizError(QUEST_MSG.grantUserMissing);
    const honor = await tx
      .selectFrom('honor')
      .select(['id', 'honor_name', 'reward_score'])
      .where('id', '=', g.honorId)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!honor) throw new BizError(QUEST_MSG.grantHonorMissing);
    const id = newId();
    const time = now();
    const q = tx.insertInto('user_honor').values({
      id,
      user_id: g.userId,
      honor_id: g.honorId,
      obtain_time: time,
      source: 2,
      biz_id: null,
      is_wear: 0,
      create_by: g.by,
      create_time: time,
    });
    const res =
      db.dialect === 'mysql'
        ? await q.ignore().executeTakeFirst()
        : await q.onConflict((oc) => oc.columns(['user_id', 'honor_id']).doNothing()).executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) !== 1) return { granted: false, id: null };
    const reward = Number(honor.reward_score ?? 0);
    if (reward > 0)
      await applyScoreChange(tx, db.dialect, {
        userId: g.userId,
        delta: reward,
        changeType: SCORE_CHANGE.honorReward,
        bizType: 'user_honor',
        bizId: id,
        remark: `手动授予荣誉：${honor.honor_name ?? ''}`.slice(0, 255),
        by: g.by,
      });
    return { granted: true, id };
  });
}
