import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../harness.js';
import { DEMO_PART, seedDemoVenue, type DemoResult } from '../../src/db/seed/demo/venue.js';
import { DEMO_BRACELET_COUNT, DEMO_PLAYER_COUNT, demoLines, demoQuestions, demoSeasonPlan } from '../../src/db/seed/demo/data.js';
import { now } from '../../src/core/time.js';
import { resolveCapacity } from '../../src/modules/game/reservation/capacity.js';

/**
 * Issue 13 point 11: the demo venue (SEED_DEMO=on) builds a consistent venue once — counts in range, the score
 * ledger's invariant for every player, no bracelet bound twice, no slot over capacity, no goods oversold — and a
 * second run adds nothing.
 */
// The Redis run (TEST_REDIS=1, on SQLite) adds nothing here — the demo keeps no state in the KV — so the demo venue is
// built on SQLite, PostgreSQL and MariaDB only.
describe.skipIf(process.env.TEST_REDIS === '1')('demo venue', () => {
  let t: TestApp;
  let first: DemoResult;

  beforeAll(async () => {
    t = await createTestApp();
    first = await seedDemoVenue(t.app);
  }, 600_000);

  afterAll(async () => {
    await t?.close();
  });

  const db = () => t.app.ctx.db.db;
  const count = async (table: string) => {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db());
    return Number(row.rows[0].n);
  };

  it('is deterministic data: the plan covers the past 30 days and the next 7', () => {
    const plan = demoSeasonPlan();
    expect(plan.length).toBe(demoSeasonPlan().length);
    expect(JSON.stringify(plan)).toBe(JSON.stringify(demoSeasonPlan()));
    expect(Math.min(...plan.map((p) => p.dayOffset))).toBe(-30);
    expect(Math.max(...plan.map((p) => p.dayOffset))).toBe(7);
    const today = plan.filter((p) => p.dayOffset === 0 && p.outcome === 'sailing').flatMap((p) => p.party);
    expect(new Set(today).size).toBe(today.length);
    const lines = demoLines();
    for (const l of lines) expect(l.places.length).toBeGreaterThanOrEqual(6);
    expect(demoQuestions(lines).length).toBeGreaterThanOrEqual(40);
  });

  it('builds the master data once', async () => {
    // (how long it takes is a figure of docs/GAME.md, not a test: this machine's load decides it)
    expect(first.built).toBe(true);
    expect(await count('book_user')).toBe(DEMO_PLAYER_COUNT);
    expect(await count('bracelet')).toBe(DEMO_BRACELET_COUNT);
    expect(await count('great_line')).toBe(3);
    expect(await count('sign_place')).toBeGreaterThanOrEqual(18);
    expect(await count('question_bank')).toBeGreaterThanOrEqual(40);
    expect(await count('treasure_chest')).toBe(12);
    expect(await count('activity_task')).toBe(10);
    expect(await count('honor')).toBe(8);
    expect(await count('goods')).toBe(15);
    expect(await count('policy')).toBeGreaterThanOrEqual(5);
    expect(await count('game_message')).toBeGreaterThanOrEqual(3);
    expect(await count('picture_material')).toBeGreaterThanOrEqual(5);
    const marker = await db().selectFrom('sys_seed').select('name').where('name', '=', DEMO_PART).execute();
    expect(marker).toHaveLength(1);
  });

  it('played a season: reservations in every state, check-ins, sign-ins, answers, chests, orders, ranks', async () => {
    const s = first.season!;
    expect(s.reservations).toBeGreaterThan(40);
    expect(s.checkIns).toBeGreaterThan(20);
    expect(s.signIns).toBeGreaterThan(200);
    expect(s.answers).toBeGreaterThan(200);
    expect(s.chests).toBeGreaterThan(20);
    expect(s.orders).toBeGreaterThan(10);
    const states = await db()
      .selectFrom('book_reservation_info')
      .select(['status', db().fn.countAll().as('n')])
      .groupBy('status')
      .execute();
    const byStatus = new Map(states.map((r) => [Number(r.status), Number(r.n)]));
    for (const st of [0, 1, 2, 3, 4, 5]) expect(byStatus.get(st) ?? 0, `reservations in status ${st}`).toBeGreaterThan(0);
    expect(await count('user_sign_place')).toBe(s.signIns);
    expect(await count('user_question_record')).toBe(s.answers);
    expect(await count('pirate_score')).toBeGreaterThan(50);
    expect(await count('user_task_record')).toBeGreaterThan(20);
    expect(await count('user_honor')).toBeGreaterThan(10);
    expect(await count('game_order')).toBe(s.orders);
    expect(await count('bounty_rank')).toBeGreaterThan(0);
    expect(await count('game_device')).toBe(10);
    expect(await count('pay_callback_record')).toBeGreaterThan(5);
    // History spreads over the past month (the season clock), not over the seconds the run took.
    const oldest = await db().selectFrom('user_score_history').select(db().fn.min('create_time').as('t')).executeTakeFirst();
    expect(String(oldest?.t) < now().slice(0, 10)).toBe(true);
  });

  it('keeps the ledger invariant for every player: available = total − used, history sums match', async () => {
    const scores = await db().selectFrom('pirate_score').selectAll().execute();
    const sums = await db()
      .selectFrom('user_score_history')
      .select(['user_id', db().fn.sum<number | string>('change_score').as('s')])
      .groupBy('user_id')
      .execute();
    const byUser = new Map(sums.map((r) => [r.user_id, Number(r.s)]));
    for (const p of scores) {
      expect(Number(p.available_score), p.user_id).toBe(Number(p.total_score) - Number(p.used_score));
      expect(Number(p.available_score)).toBeGreaterThanOrEqual(0);
      expect(byUser.get(p.user_id) ?? 0, p.user_id).toBe(Number(p.available_score));
    }
  });

  it('binds no bracelet to two players and no player to two bracelets', async () => {
    const b = await db().selectFrom('bracelet').select(['user_id', 'status']).where('user_id', 'is not', null).where('status', '=', 1).execute();
    const users = b.map((r) => r.user_id);
    expect(new Set(users).size).toBe(users.length);
    const bound = await db().selectFrom('book_user').select('bracelet_id').where('bracelet_id', 'is not', null).execute();
    const ids = bound.map((r) => r.bracelet_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts no slot over capacity and oversells no goods', async () => {
    const booked = await db()
      .selectFrom('book_reservation_info')
      .select(['reserve_date', 'time_slot', db().fn.sum<number | string>('people_count').as('n')])
      .where('status', 'in', [0, 1, 2, 3])
      .groupBy(['reserve_date', 'time_slot'])
      .execute();
    expect(booked.length).toBeGreaterThan(10);
    for (const b of booked) {
      const date = String(b.reserve_date).slice(0, 10);
      const capacity = await resolveCapacity(db(), date, String(b.time_slot));
      expect(Number(b.n), `${date} ${b.time_slot}`).toBeLessThanOrEqual(capacity);
      const usage = await db()
        .selectFrom('book_slot_usage')
        .select('booked')
        .where('reserve_date', '=', date)
        .where('time_slot', '=', String(b.time_slot))
        .executeTakeFirst();
      // the usage counter holds the places of the reservations that keep them (pending … completed)
      expect(Number(usage?.booked), `${date} ${b.time_slot} counter`).toBe(Number(b.n));
    }
    for (const g of await db().selectFrom('goods').select(['id', 'stock', 'sold_count']).execute()) {
      expect(Number(g.stock)).toBeGreaterThanOrEqual(0);
      const sold = await db()
        .selectFrom('game_order')
        .select(db().fn.sum<number | string>('quantity').as('q'))
        .where('goods_id', '=', g.id)
        .where('order_status', 'in', [0, 1, 2, 3, 5])
        .executeTakeFirst();
      expect(Number(sold?.q ?? 0)).toBe(Number(g.sold_count));
    }
  });

  it('adds nothing when run again', async () => {
    const tables = ['book_user', 'bracelet', 'book_reservation_info', 'user_sign_place', 'user_score_history', 'game_order', 'bounty_rank'];
    const before = await Promise.all(tables.map(count));
    const again = await seedDemoVenue(t.app);
    expect(again.built).toBe(false);
    expect(await Promise.all(tables.map(count))).toEqual(before);
  });
});
