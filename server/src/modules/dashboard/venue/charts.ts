/** 游戏统计's four charts over the last days: score distribution, accuracy per place, sales per goods, reservations per slot. */
import { sql } from 'kysely';
import { computeDay, METRIC, money, num, RESERVATION_CANCELLED, type Q } from './dayFigures.js';
import { addDays } from './days.js';
import { scoreDistribution, type ScoreBucket } from './scoreDistribution.js';
import { closedDays } from './statDays.js';

/** How many closed days the key figures' trend and the charts may reach back. */
export const MAX_CHART_DAYS = 90;

export interface VenueCharts {
  from: string;
  to: string;
  scoreDistribution: ScoreBucket[];
  accuracyByPlace: Array<{ placeId: string; placeName: string; answered: number; correct: number; rate: number }>;
  salesByGoods: Array<{ goodsId: string; goodsName: string; quantity: number; amount: number; score: number }>;
  reservationsBySlot: Array<{ slot: string; reservations: number; people: number; upcoming: number; upcomingPeople: number }>;
}

const TOP = 20;

/** The charts of the `days` days up to `day` (today included). */
export async function computeCharts(db: Q, day: string, days: number): Promise<VenueCharts> {
  const from = addDays(day, -(days - 1));
  const [dist, closed, todays, slots] = await Promise.all([
    scoreDistribution(db),
    closedDays(db, from, addDays(day, -1), [METRIC.answers, METRIC.sales]),
    computeDay(db, day),
    db
      .selectFrom('book_reservation_info')
      .where('reserve_date', '>=', from)
      .where('reserve_date', '<=', addDays(day, 7))
      .where('status', '<>', RESERVATION_CANCELLED)
      .select((eb) => [
        'time_slot',
        sql<number>`sum(case when reserve_date <= ${day} then 1 else 0 end)`.as('past'),
        sql<number>`sum(case when reserve_date <= ${day} then people_count else 0 end)`.as('pastPeople'),
        sql<number>`sum(case when reserve_date > ${day} then 1 else 0 end)`.as('next'),
        sql<number>`sum(case when reserve_date > ${day} then people_count else 0 end)`.as('nextPeople'),
        eb.fn.countAll().as('n'),
      ])
      .groupBy('time_slot')
      .orderBy('time_slot')
      .execute(),
  ]);
  const all = [...[...closed.values()].flat(), ...todays];
  const answers = new Map<string, { answered: number; correct: number }>();
  const sales = new Map<string, { quantity: number; amount: number; score: number }>();
  for (const r of all) {
    if (r.metric === METRIC.answers) {
      const a = answers.get(r.dim) ?? { answered: 0, correct: 0 };
      a.answered += r.cnt;
      a.correct += r.num2;
      answers.set(r.dim, a);
    } else if (r.metric === METRIC.sales) {
      const s = sales.get(r.dim) ?? { quantity: 0, amount: 0, score: 0 };
      s.quantity += r.cnt;
      s.amount = money(s.amount + r.amount);
      s.score += r.num2;
      sales.set(r.dim, s);
    }
  }
  const topAnswers = [...answers].sort((a, b) => b[1].answered - a[1].answered || a[0].localeCompare(b[0])).slice(0, TOP);
  const topSales = [...sales].sort((a, b) => b[1].quantity - a[1].quantity || a[0].localeCompare(b[0])).slice(0, TOP);
  const placeIds = topAnswers.map(([id]) => id).filter(Boolean);
  const goodsIds = topSales.map(([id]) => id).filter(Boolean);
  const [places, goods] = await Promise.all([
    placeIds.length ? db.selectFrom('sign_place').select(['id', 'place_name']).where('id', 'in', placeIds).execute() : [],
    goodsIds.length ? db.selectFrom('goods').select(['id', 'goods_name']).where('id', 'in', goodsIds).execute() : [],
  ]);
  const placeName = new Map(places.map((p) => [p.id, p.place_name ?? p.id]));
  const goodsName = new Map(goods.map((g) => [g.id, g.goods_name ?? g.id]));
  return {
    from,
    to: day,
    scoreDistribution: dist,
    accuracyByPlace: topAnswers.map(([id, a]) => ({
      placeId: id,
      placeName: id ? (placeName.get(id) ?? id) : '自由题',
      answered: a.answered,
      correct: a.correct,
      rate: a.answered ? Math.round((a.correct * 1000) / a.answered) / 10 : 0,
    })),
    salesByGoods: topSales.map(([id, s]) => ({ goodsId: id, goodsName: goodsName.get(id) ?? id, ...s })),
    reservationsBySlot: slots.map((s) => ({
      slot: s.time_slot ?? '',
      reservations: num(s.past),
      people: num(s.pastPeople),
      upcoming: num(s.next),
      upcomingPeople: num(s.nextPeople),
    })),
  };
}
