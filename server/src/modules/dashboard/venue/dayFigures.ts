/** The figures of one day (game_stat_day's metrics) computed from the game tables by indexed range queries over that day. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { dayRange } from './days.js';

/** Metrics of a day (game_stat_day.metric). */
export const METRIC = {
  /** Reservations for the day (reserve_date), cancelled ones left out: cnt = reservations, num2 = people. */
  reservations: 'reservations',
  /** Reservations checked in on the day (check_in_time): cnt = reservations, num2 = players who went on the water. */
  checkIns: 'checkIns',
  /** Sign-ins at islands (sign_time): cnt. */
  signIns: 'signIns',
  /** Orders paid on the day (pay_time): cnt = orders, amount = money (yuan), num2 = score paid. */
  revenue: 'revenue',
  /** Score spent in the shop (score history change type 6 兑换消费): cnt = score, num2 = changes. */
  scoreSpent: 'scoreSpent',
  /** Answers per place (dim = sign_place_id, '' for free questions): cnt = answered, num2 = correct. */
  answers: 'answers',
  /** Sales per goods (dim = goods_id): cnt = quantity, amount = money (yuan), num2 = score. */
  sales: 'sales',
  /** The marker: the day was written by the job. */
  closed: '_day',
} as const;

/** Score change type 兑换消费 (dictionary score_change_type). */
const CHANGE_SPEND = 6;
/** Reservation status 已取消 (dictionary reservation_status). */
export const RESERVATION_CANCELLED = 4;
/** Bracelet status 使用中 (dictionary bracelet_status). */
export const BRACELET_IN_USE = 1;

export interface StatRow {
  metric: string;
  dim: string;
  cnt: number;
  num2: number;
  amount: number;
}

export type Q = Kysely<Database>;

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const money = (v: unknown): number => Math.round(num(v) * 100) / 100;

/** The figures of one day, from the game tables (indexed range queries over that day). */
export async function computeDay(db: Q, day: string): Promise<StatRow[]> {
  const [from, to] = dayRange(day);
  const [res, checkIns, signIns, revenue, spent, answers, sales] = await Promise.all([
    db
      .selectFrom('book_reservation_info')
      .where('reserve_date', '=', day)
      .where('status', '<>', RESERVATION_CANCELLED)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('people_count').as('people')])
      .executeTakeFirst(),
    db
      .selectFrom('book_reservation_info')
      .where('check_in_time', '>=', from)
      .where('check_in_time', '<', to)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('people_count').as('people')])
      .executeTakeFirst(),
    db
      .selectFrom('user_sign_place')
      .where('sign_time', '>=', from)
      .where('sign_time', '<', to)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
    db
      .selectFrom('game_order')
      .where('pay_time', '>=', from)
      .where('pay_time', '<', to)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('pay_amount').as('money'), eb.fn.sum('score_amount').as('score')])
      .executeTakeFirst(),
    db
      .selectFrom('user_score_history')
      .where('create_time', '>=', from)
      .where('create_time', '<', to)
      .where('change_type', '=', CHANGE_SPEND)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum('change_score').as('score')])
      .executeTakeFirst(),
    db
      .selectFrom('user_question_record')
      .where('answer_time', '>=', from)
      .where('answer_time', '<', to)
      .select((eb) => ['sign_place_id', eb.fn.countAll().as('n'), sql<number>`sum(case when is_correct = 1 then 1 else 0 end)`.as('correct')])
      .groupBy('sign_place_id')
      .execute(),
    db
      .selectFrom('game_order')
      .where('pay_time', '>=', from)
      .where('pay_time', '<', to)
      .select((eb) => ['goods_id', eb.fn.sum('quantity').as('qty'), eb.fn.sum('pay_amount').as('money'), eb.fn.sum('score_amount').as('score')])
      .groupBy('goods_id')
      .execute(),
  ]);
  const row = (metric: string, cnt: unknown, num2: unknown = 0, amount: unknown = 0, dim = ''): StatRow => ({
    metric,
    dim,
    cnt: num(cnt),
    num2: num(num2),
    amount: money(amount),
  });
  return [
    row(METRIC.reservations, res?.n, res?.people),
    row(METRIC.checkIns, checkIns?.n, checkIns?.people),
    row(METRIC.signIns, signIns?.n),
    row(METRIC.revenue, revenue?.n, revenue?.score, revenue?.money),
    row(METRIC.scoreSpent, 0 - num(spent?.score) + 0, spent?.n),
    ...answers.map((a) => row(METRIC.answers, a.n, a.correct, 0, a.sign_place_id ?? '')),
    ...sales.map((s) => row(METRIC.sales, s.qty, s.score, s.money, s.goods_id ?? '')),
  ];
}
