import type { FastifyInstance } from 'fastify';
import { setClockOffset } from '../../../core/time.js';
import {
  demoBracelets,
  demoChests,
  demoGoods,
  demoLines,
  demoPlayers,
  demoQuestions,
  demoSeasonPlan,
  prng,
  DEMO_SEED,
  type DemoReservationPlan,
} from './data.js';
import { seasonOps, type SeasonOps } from './ops.js';

/** What the season did (logged, and checked by the demo test). */
export interface SeasonReport {
  reservations: number;
  checkIns: number;
  signIns: number;
  answers: number;
  chests: number;
  orders: number;
  refused: number;
}

const DAY_MS = 86_400_000;
const GMT8_MS = 8 * 3600_000;

/** The instant of `yyyy-MM-dd` (GMT+8 day `dayOffset` from today) at `hh:mm`, as a clock offset from now. */
function offsetTo(dayOffset: number, hhmm: string, plusMinutes = 0): number {
  const nowMs = Date.now();
  const localMidnight = Math.floor((nowMs + GMT8_MS) / DAY_MS) * DAY_MS - GMT8_MS;
  const [h, m] = hhmm.split(':').map(Number);
  const target = localMidnight + dayOffset * DAY_MS + (h * 60 + m + plusMinutes) * 60_000;
  return target - nowMs;
}

/** 'yyyy-MM-dd' of the GMT+8 day `dayOffset` from today. */
export function dayOf(dayOffset: number): string {
  return new Date(Date.now() + GMT8_MS + dayOffset * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Play the season of demoSeasonPlan() through the game's services: each reservation is booked a few days before
 * its date, confirmed, and — by its outcome — cancelled, left for the no-show job, or checked in (bracelets,
 * a new ship), sailed (sign-ins along its great line, answers, chests, some purchases) and checked out. The past
 * is played on the demo clock (core/time setClockOffset) so rows carry their season dates; the clock is always
 * restored. A refusal by a service (a full chest, not enough score, a sold-out goods) is part of the game: counted,
 * not fatal.
 */
export async function playSeason(app: FastifyInstance, ops: SeasonOps = seasonOps(app)): Promise<SeasonReport> {
  const report: SeasonReport = { reservations: 0, checkIns: 0, signIns: 0, answers: 0, chests: 0, orders: 0, refused: 0 };
  const r = prng(DEMO_SEED + 11);
  const players = demoPlayers();
  const lines = demoLines();
  const questions = demoQuestions(lines);
  const chests = demoChests(lines);
  const goods = demoGoods();
  const bracelets = demoBracelets();
  const plan = demoSeasonPlan();
  const cursor = { next: 0 };
  const tryOp = async <T>(fn: () => Promise<T>): Promise<T | null> => {
    try {
      return await fn();
    } catch (err) {
      report.refused++;
      app.log.debug({ err }, 'demo: refused');
      return null;
    }
  };
  // 设备管理: a sign-in reader at each line's first island, a question kiosk, a chest reader; one retired (revoked).
  for (const [i, line] of lines.entries()) {
    await tryOp(() => ops.issueDevice({ deviceName: `${line.places[0].place_name}签到机`, deviceType: 1, signPlaceId: line.places[0].id, remark: '演示设备' }));
    await tryOp(() => ops.issueDevice({ deviceName: `${line.places[1].place_name}答题机`, deviceType: 2, signPlaceId: line.places[1].id, remark: '演示设备' }));
    const chestPlace = chests[i].sign_place_id;
    await tryOp(() => ops.issueDevice({ deviceName: `${chests[i].chest_name}读卡器`, deviceType: 3, signPlaceId: chestPlace, remark: '演示设备' }));
  }
  const retired = await tryOp(() =>
    ops.issueDevice({ deviceName: '旧签到机（已吊销）', deviceType: 1, signPlaceId: lines[0].places[0].id, remark: '演示设备' }),
  );
  if (retired) await tryOp(() => ops.revokeDevice(retired));
  try {
    for (const res of plan) {
      const booker = players[res.party[0]];
      const line = lines[res.lineIndex];
      // Booked 1–5 days ahead (never in the real past of the run: future bookings are made now).
      setClockOffset(Math.min(0, offsetTo(res.dayOffset - r.int(1, 5), '09:00', r.int(0, 600))));
      const id = await tryOp(() =>
        ops.book({
          userId: booker.id,
          contactName: booker.real_name,
          contactPhone: booker.phone,
          reserveDate: dayOf(res.dayOffset),
          timeSlot: res.slot,
          peopleCount: res.party.length,
          greatLineId: line.id,
        }),
      );
      if (!id) continue;
      report.reservations++;
      if (res.outcome === 'pending') continue;
      if (res.outcome === 'cancelled' && r.rand() < 0.5) {
        await tryOp(() => ops.cancel(id, '行程有变'));
        continue;
      }
      await tryOp(() => ops.confirm(id));
      if (res.outcome === 'cancelled') {
        await tryOp(() => ops.cancel(id, '天气原因改期'));
        continue;
      }
      if (res.outcome === 'confirmed' || res.outcome === 'noShow') continue;
      await sail(app, ops, res, id, { players, line, questions, chests, goods, bracelets, r, report, tryOp, cursor });
    }
  } finally {
    setClockOffset(0);
  }
  // Confirmed reservations whose slot has ended become no-shows; then the boards.
  await tryOp(() => ops.noShowJob());
  await tryOp(() => ops.snapshot());
  return report;
}

interface SailContext {
  players: ReturnType<typeof demoPlayers>;
  line: ReturnType<typeof demoLines>[number];
  questions: ReturnType<typeof demoQuestions>;
  chests: ReturnType<typeof demoChests>;
  goods: ReturnType<typeof demoGoods>;
  bracelets: ReturnType<typeof demoBracelets>;
  r: ReturnType<typeof prng>;
  report: SeasonReport;
  tryOp: <T>(fn: () => Promise<T>) => Promise<T | null>;
  cursor: { next: number };
}

async function sail(app: FastifyInstance, ops: SeasonOps, res: DemoReservationPlan, id: string, c: SailContext): Promise<void> {
  const { r, report, tryOp } = c;
  const slotStart = res.slot.slice(0, 5);
  let minute = 0;
  const at = (m: number) => setClockOffset(Math.min(0, offsetTo(res.dayOffset, slotStart, m)));
  at(minute);
  // Free bracelets: the ones not bound now (today's sailing crews keep theirs), taken in turn.
  const crew: Array<{ userId: string; braceletNo: string }> = [];
  for (const idx of res.party) {
    const b = await ops.freeBracelet(c.bracelets, c.cursor.next++);
    if (!b) break;
    crew.push({ userId: c.players[idx].id, braceletNo: b });
  }
  const ok = await tryOp(() => ops.checkIn({ reservationId: id, players: crew, shipName: res.shipName }));
  if (ok === null) return;
  report.checkIns++;
  // Along the line: most crews sail it to the end, some stop early.
  const stops = c.line.places.slice(0, r.rand() < 0.7 ? c.line.places.length : r.int(2, c.line.places.length));
  for (const place of stops) {
    minute += r.int(5, 12);
    at(minute);
    for (const m of crew) {
      if (r.rand() < 0.1) continue; // wandered off
      if (await tryOp(() => ops.signIn({ braceletNo: m.braceletNo, placeId: place.id }))) report.signIns++;
      for (const q of c.questions.filter((x) => x.sign_place_id === place.id)) {
        if (r.rand() < 0.4) continue;
        const answer = r.rand() < 0.72 ? q.answer : q.wrong;
        if (await tryOp(() => ops.answer({ braceletNo: m.braceletNo, questionId: q.id, answer }))) report.answers++;
      }
      for (const chest of c.chests.filter((x) => x.sign_place_id === place.id)) {
        if (r.rand() < 0.5) continue;
        const unlockValue = chest.unlock_type === 2 ? chest.unlock_value : null;
        if (await tryOp(() => ops.openChest({ braceletNo: m.braceletNo, chestId: chest.id, unlockValue }))) report.chests++;
      }
    }
  }
  // The supply station: some players buy (score goods at once, money goods paid or left to time out).
  minute += 10;
  at(minute);
  for (const m of crew) {
    if (r.rand() < 0.45) continue;
    const g = r.pick(c.goods);
    const payType = g.pay_type === 1 ? 1 : g.pay_type === 2 ? 3 : 'both';
    const order = await tryOp(() => ops.order({ userId: m.userId, goodsId: g.id, quantity: 1, payType, reservationId: id }));
    if (!order) continue;
    report.orders++;
    const x = r.rand();
    let pickupCode = order.pickupCode;
    if (payType !== 3 && x < 0.75) pickupCode = (await tryOp(() => ops.markPaid(order.id))) ?? null;
    if (x < 0.5 && pickupCode) await tryOp(() => ops.redeem(pickupCode));
    else if (x > 0.93) await tryOp(() => ops.refund(order.id, '不想要了'));
  }
  if (res.outcome === 'done') {
    minute += 15;
    at(minute);
    await tryOp(() => ops.checkOut(id));
    // Returned bracelets are cleaned and go back to stock.
    await tryOp(() => ops.cleanBracelets());
  }
  void app;
}
