import { sql, type Kysely } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { affected, compiledQuery } from '../../../db/compiledQuery.js';
import { GAME_MSG } from '../messages.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';

/**
 * What players do (issue 13 point 5): a sign-in at a place (signIn.ts), an answer (answer.ts), a chest opening
 * (chest.ts). Each call is ONE transaction (transaction.ts) with the score ledger, the task progress (tasks.ts) and
 * the honors it earns (honors.ts), and is idempotent: the row of the action is inserted against its unique key
 * (insert-ignore, below), and only the call that inserted it scores; a repeat answers the stored result with
 * `repeated: true`. Staff routes and device routes (routes.ts) both call these functions, and so may the demo seed
 * (`{ ctx }` is enough: no request is needed). This file: what the calls share.
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
  /** Outside the place's open hours (HH:mm–HH:mm; a missing bound shows empty). */
  outOfHours: (open: string | null, close: string | null) => `该签到点不在开放时间内（${open ?? ''}–${close ?? ''}）`,
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
  /** A player named by staff or a device with a reservation that is neither theirs nor their party's. */
  reservationNotOwn: '该预约不属于该玩家',
  /** A bracelet's call that also names another player. */
  braceletNotPlayer: '该手环不属于所指定的玩家',
  /** Device calls (issue 23 point 13, deviceScope.ts): a device acts only as its type, at the place it is bound to. */
  deviceWrongType: (kind: string, action: string) => `本设备不是${kind}，不能${action}`,
  deviceUnbound: '本设备未绑定签到点，请先在设备管理中绑定',
  placeNotDevice: '该签到点不是本设备所在的签到点',
  questionNotDevice: '该题目不属于本设备所在的签到点',
  chestNotDevice: '该宝箱不在本设备所在的签到点',
  signInFirst: (place: string) => `请先在${place}签到`,
  /** A device's wrong chest password (chestAttempts.ts): the attempts left, or the lock it starts. */
  wrongPasswordLeft: (left: number) => `宝箱密码不正确，还可尝试${left}次`,
  wrongPasswordLocked: (limit: number, until: string) => `宝箱密码连续错误${limit}次，已锁定，请于${until}后再试`,
  chestLocked: (until: string) => `宝箱密码错误次数过多，已锁定，请于${until}后再试`,
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

export type Ctx = Pick<AppContext, 'db'>;
export type Tx = Kysely<Database>;

/** The player of a call, resolved (player.ts). */
export interface Player {
  userId: string;
  reservationId: string;
  shipId: string | null;
  greatLineId: string | null;
  braceletId: string | null;
}

export { HONOR_COND, TASK } from '../rules.js'; // the game's rules, one place
export const CANCELLED = 4;
export const VALID = 1;

export function app2ctx(app: { ctx: Ctx } | Ctx): Ctx {
  return 'ctx' in app ? app.ctx : app;
}

export const blank = (v: string | null | undefined): boolean => v === undefined || v === null || String(v).trim() === '';

/** What a call earned beyond its own action (task rewards, honors), for its answer. */
export interface Gains {
  score: number;
  honors: string[];
  tasks: string[];
}

/** A play transaction found no pirate_score row to lock (transaction.ts makes the row and runs the call again). */
export class NoScoreRow extends Error {}

/**
 * PostgreSQL play transactions whose player's pirate_score row is still to be locked (transaction.ts): the call's
 * first insert-ignore takes the lock in its own statement, a round trip saved. The value: the player.
 */
export const LOCK_PENDING = new WeakMap<object, string>();

/** The arguments of lockedInsertIgnore for the player's score row (no column is called so). */
const LOCK_USER = '_lock_user';
const SCORE_ID = '_score_id';
const SCORE_TIME = '_score_time';

/**
 * Insert-ignore: true when this call inserted the row, false when the unique key already held one. The first one of
 * a PostgreSQL play transaction locks the player's score row first, in the same statement (NoScoreRow when missing).
 */
export async function insertIgnore<T extends keyof Database & string>(
  tx: Tx,
  dialect: DialectName,
  table: T,
  values: Record<string, unknown>,
): Promise<boolean> {
  const args = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? null]));
  const cols = Object.keys(args).join(',');
  const lockFor = LOCK_PENDING.get(tx);
  if (lockFor !== undefined) {
    LOCK_PENDING.delete(tx);
    const [r] = (await lockedInsertIgnore(tx, `${table}:${cols}`, { ...args, [LOCK_USER]: lockFor, [SCORE_ID]: newId(), [SCORE_TIME]: now() })).rows;
    if (!Number(r?.locked)) throw new NoScoreRow();
    return Number(r.inserted) === 1;
  }
  return affected(await insertIgnoreRow(tx, `${dialect}:${table}:${cols}`, args)) === 1;
}

/** Shape `dialect:table:col,col,…`: an insert of those columns that does nothing when a unique key holds the row. */
const insertIgnoreRow = compiledQuery((db, a: Record<string, unknown>, shape) => {
  const [dialect, table, cols] = shape.split(':');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table comes from the shape (a call site's literal)
  const q = db.insertInto(table as keyof Database & string).values(Object.fromEntries(cols.split(',').map((c) => [c, a[c]])) as any);
  return dialect === 'mysql' ? q.ignore() : q.onConflict((oc) => oc.doNothing());
});

/**
 * PostgreSQL, shape `table:col,col,…`: make the player's pirate_score row if missing, lock it (`FOR UPDATE` in a
 * CTE) and insert-ignore the row reading from it — the insert cannot start before the lock is held, so one player's
 * calls still run in turn before any of them takes a unique key's lock. A row this statement makes is its own
 * (invisible to others until commit), so it counts as locked. Answers how many rows it holds (0 only when a parallel
 * first call made the row after this statement began: nothing inserted, the caller runs again) and inserted.
 */
const lockedInsertIgnore = compiledQuery((db, a: Record<string, unknown>, shape) => {
  const [table, cols] = shape.split(':');
  const names = cols.split(',');
  const userId = a[LOCK_USER] as string;
  return db
    .with('made', (qc) =>
      qc
        .insertInto('pirate_score')
        .values({
          id: a[SCORE_ID] as string,
          user_id: userId,
          total_score: 0,
          available_score: 0,
          used_score: 0,
          bounty: 0,
          create_time: a[SCORE_TIME] as string,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id'),
    )
    .with('existing', (qc) => qc.selectFrom('pirate_score').select('id').where('user_id', '=', userId).forUpdate())
    .with('locked', (qc) => qc.selectFrom('existing').select('id').unionAll(qc.selectFrom('made').select('id')))
    .with('inserted', (qc) =>
      qc
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table and columns come from the shape (a call site's literal)
        .insertInto(table as any)
        .columns(names as never)
        .expression(qc.selectFrom('locked').select(names.map((c) => sql`${a[c]}`.as(c))) as never)
        .onConflict((oc) => oc.doNothing())
        .returning(sql<number>`1`.as('one')),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom('locked').select(eb.fn.countAll<number>().as('n')).as('locked'),
      eb.selectFrom('inserted').select(eb.fn.countAll<number>().as('n')).as('inserted'),
    ]);
});
