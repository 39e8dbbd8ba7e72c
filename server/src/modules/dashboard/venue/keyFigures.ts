/** 首页's venue key figures: today's, yesterday's and the 7-day trend of each, computed (service.ts remembers them). */
import { BRACELET_IN_USE, computeDay, METRIC, num, type Q } from './dayFigures.js';
import { addDays, daysBetween } from './days.js';
import { closedDays } from './statDays.js';

export interface KeyFigure {
  key: 'reservations' | 'checkIns' | 'onWater' | 'signIns' | 'revenue' | 'scoreSpent';
  title: string;
  /** Today's value (players on the water: now). */
  value: number;
  /** Yesterday's value of the same figure (players on the water: players who went on the water that day). */
  yesterday: number;
  /** The last 7 days, today last: [{ day, value }]. */
  trend: Array<{ day: string; value: number }>;
  unit: string;
}

export interface KeyFigures {
  day: string;
  figures: KeyFigure[];
  /** Today's players who went on the water (the onWater trend's today). */
  sailedToday: number;
}

export async function computeKeyFigures(db: Q, day: string): Promise<KeyFigures> {
  const [closed, todays, onWater] = await Promise.all([
    closedDays(db, addDays(day, -6), addDays(day, -1), [METRIC.reservations, METRIC.checkIns, METRIC.signIns, METRIC.revenue, METRIC.scoreSpent]),
    computeDay(db, day),
    db
      .selectFrom('bracelet')
      .where('status', '=', BRACELET_IN_USE)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const days = daysBetween(addDays(day, -6), day);
  const rowsOf = (d: string) => (d === day ? todays : (closed.get(d) ?? []));
  const pick = (d: string, metric: string, field: 'cnt' | 'num2' | 'amount') => rowsOf(d).find((r) => r.metric === metric && r.dim === '')?.[field] ?? 0;
  const figure = (key: KeyFigure['key'], title: string, metric: string, field: 'cnt' | 'num2' | 'amount', unit: string, value?: number): KeyFigure => {
    const trend = days.map((d) => ({ day: d, value: pick(d, metric, field) }));
    return { key, title, value: value ?? trend[6].value, yesterday: trend[5].value, trend, unit };
  };
  return {
    day,
    sailedToday: pick(day, METRIC.checkIns, 'num2'),
    figures: [
      figure('reservations', '今日预约', METRIC.reservations, 'cnt', '单'),
      figure('checkIns', '今日签到入场', METRIC.checkIns, 'cnt', '单'),
      figure('onWater', '在航玩家', METRIC.checkIns, 'num2', '人', num(onWater?.n)),
      figure('signIns', '岛屿打卡', METRIC.signIns, 'cnt', '次'),
      figure('revenue', '今日营收', METRIC.revenue, 'amount', '元'),
      figure('scoreSpent', '积分消费', METRIC.scoreSpent, 'cnt', '分'),
    ],
  };
}
