import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { formatDateTime, now } from '../../src/core/time.js';
import { playInTypeScript } from '../../src/modules/game/play/pgPlay.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { PlayFixture } from './play.fixture.js';

const P = TEST_API_PREFIX;
const DIALECT = process.env.TEST_DB ?? 'sqlite';

/**
 * On PostgreSQL a sign-in runs as one database function and the end of every play call (tasks, honors, their ledger
 * changes, the board counts) as another (migration 0026, play/pgPlay.ts); SQLite and MariaDB run the TypeScript path.
 * This test holds the two to each other: one venue day, played on two apps — one with the functions, one made to take
 * the TypeScript path (playInTypeScript) — must answer every call alike and leave the same rows: balances and tiers,
 * ship totals, every history row, task records, honors, sign-ins and the live board's counts. Only PostgreSQL has both
 * paths; the other databases run the TypeScript path in every other play test.
 */
describe.runIf(DIALECT === 'postgres')('play in the database equals the TypeScript path (postgres)', () => {
  const apps: Array<{ app: FastifyInstance; ctx: AppContext; close: () => Promise<void> }> = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) apps.push(await createTestApp());
    playInTypeScript(apps[1].ctx.db.db);
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
  });

  /** The venue day on one app: what every call answered, and the rows it left (by labels, not ids). */
  async function day(app: FastifyInstance, ctx: AppContext) {
    const db = ctx.db.db;
    const f = new PlayFixture(ctx);
    const h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    const time = now();

    const line = await f.line();
    const place = {
      P1: await f.place({ line, score: 10 }),
      P2: await f.place({ line, score: 10 }),
      P3: await f.place({ line, score: 0 }),
      P4: await f.place({ line, score: 25 }),
      P5: await f.place({ line, score: 30 }),
    };
    const players = { A: await f.player({ line }), B: await f.player({ line }), C: await f.player({ line }), D: await f.player({ line }) };
    // tiers that overlap the seeded 见习海贼 (0–99): the tier of a total is the enabled one with the highest min_score
    await db
      .insertInto('pirate_rank')
      .values([
        { id: newId(), rank_level: 91, rank_name: 'X', min_score: 20, max_score: 60, status: 1, create_time: time },
        { id: newId(), rank_level: 92, rank_name: 'Z', min_score: 40, max_score: null, status: 1, create_time: time },
        { id: newId(), rank_level: 93, rank_name: 'W', min_score: 50, max_score: 55, status: 1, create_time: time },
      ])
      .execute();
    // A sails in a ship: the ledger moves the ship's totals (book_user.ship_id), records carry the crew's ship
    const ship = newId();
    await db
      .insertInto('pirate_ship')
      .values({ id: ship, ship_no: `S${ship}`, ship_name: '黄金梅丽号', reservation_id: players.A.reservationId, status: 1, create_time: time })
      .execute();
    await db.updateTable('book_user').set({ ship_id: ship }).where('id', '=', players.A.userId).execute();
    await db.insertInto('ship_table').values({ id: newId(), ship_id: ship, user_id: players.A.userId, create_time: time }).execute();

    const honor = {
      Ha: await f.honor({ cond: 1, value: 30, reward: 1, name: 'Ha' }),
      Hb: await f.honor({ cond: 1, value: 31, reward: 2, name: 'Hb' }), // met only after Ha's reward: a second round
      Hc: await f.honor({ cond: 2, value: 2, reward: 5, name: 'Hc' }),
      Hd: await f.honor({ cond: 3, value: 1, reward: 2, name: 'Hd' }),
      He: await f.honor({ cond: 4, value: 1, reward: 0, name: 'He' }),
      Hf: await f.honor({ cond: 2, value: 1, reward: 9, name: 'Hf' }),
      Ht1: await f.honor({ cond: 6, value: 0, reward: 3, name: 'Ht1' }),
      Ht4: await f.honor({ cond: 6, value: 0, reward: 0, name: 'Ht4' }),
      Hg: await f.honor({ cond: 6, value: 0, reward: 1, name: 'Hg' }),
    };
    await db.updateTable('honor').set({ status: 0 }).where('id', '=', honor.Hf).execute();
    const task = {
      T1: await f.task({ type: 1, count: 2, cycle: 1, reward: 20, honorId: honor.Ht1 }),
      T2: await f.task({ type: 1, count: 3, cycle: 2, reward: 5 }),
      T3: await f.task({ type: 1, count: 1, target: place.P4.id, reward: 7 }),
      T4: await f.task({ type: 1, count: 2, cycle: 3, reward: 0, honorId: honor.Ht4 }),
      T5: await f.task({ type: 1, count: 1, reward: 100 }),
      T6: await f.task({ type: 1, count: 1, reward: 100 }),
      T7: await f.task({ type: 2, count: 1, reward: 3 }),
      T8: await f.task({ type: 3, count: 1, reward: 4 }),
      T9: await f.task({ type: 3, count: 2, reward: 0 }),
    };
    await db.updateTable('activity_task').set({ reward_bounty: 777 }).where('id', '=', task.T2).execute();
    await db
      .updateTable('activity_task')
      .set({ start_time: formatDateTime(new Date(Date.now() + 86_400_000)) })
      .where('id', '=', task.T5)
      .execute();
    await db.updateTable('activity_task').set({ status: 0 }).where('id', '=', task.T6).execute();
    const question = { Q1: await f.question(1, 'A', 5), Q2: await f.question(4, 'x', 4) };
    const chest = {
      C1: await f.chest({ rewardValue: 20 }),
      C2: await f.chest({ rewardType: 3, honorId: honor.Hg }),
      C3: await f.chest({ rewardType: 4, rewardValue: 5000 }),
    };

    const calls: Array<[string, string, Record<string, unknown>] | [string, () => Promise<unknown>]> = [];
    const sign = (who: keyof typeof players, at: keyof typeof place) =>
      calls.push([`${who} ${at}`, '/book/userSignPlace/signIn', { nfcUid: players[who].nfcUid, placeId: place[at].id }]);
    const answer = (who: keyof typeof players, q: keyof typeof question, a: string) =>
      calls.push([`${who} ${q}`, '/question/userQuestionRecord/answer', { nfcUid: players[who].nfcUid, questionId: question[q], answer: a }]);
    const open = (who: keyof typeof players, c: keyof typeof chest) =>
      calls.push([`${who} ${c}`, '/chest/treasureChest/open', { nfcUid: players[who].nfcUid, chestId: chest[c] }]);
    // 30 points at once: Ha (≥ 30) in the first round of honors, its reward meets Hb (≥ 31) in the second
    sign('D', 'P5');
    sign('A', 'P1');
    sign('A', 'P2');
    // a task's target lowered below a player's open progress: that record moves no more
    calls.push(['T2 lowered', () => db.updateTable('activity_task').set({ target_count: 1 }).where('id', '=', task.T2).execute()]);
    sign('A', 'P1');
    sign('A', 'P3');
    answer('A', 'Q1', 'A');
    answer('A', 'Q2', 'y');
    sign('A', 'P4');
    open('A', 'C1');
    open('A', 'C2');
    open('A', 'C3');
    sign('B', 'P4');
    answer('B', 'Q1', 'B');
    open('B', 'C3');
    sign('B', 'P2');
    open('B', 'C1');
    open('C', 'C1');
    answer('C', 'Q1', 'A');
    sign('C', 'P1');
    sign('C', 'P3');
    sign('C', 'P3');
    const answers: Record<string, unknown> = {};
    for (const [label, url, payload] of calls) {
      if (typeof url === 'function') {
        await url();
        continue;
      }
      const res = (await app.inject({ method: 'POST', url: `${P}${url}`, headers: h, payload })).json();
      answers[label] = { success: res.success, message: res.message, result: res.result };
    }

    // the rows, by labels
    const name = new Map<string, string>();
    for (const group of [place, players, honor, task, question, chest] as Array<Record<string, string | { id?: string; userId?: string }>>)
      for (const [label, v] of Object.entries(group)) name.set(typeof v === 'string' ? v : (v.userId ?? v.id)!, label);
    name.set(ship, 'ship');
    const biz = new Map<string, string>();
    for (const r of await db.selectFrom('user_sign_place').select(['id', 'sign_place_id']).execute()) biz.set(r.id, `sign ${name.get(r.sign_place_id)}`);
    for (const r of await db.selectFrom('user_task_record').select(['id', 'task_id']).execute()) biz.set(r.id, `task ${name.get(r.task_id)}`);
    for (const r of await db.selectFrom('user_honor').select(['id', 'honor_id']).execute()) biz.set(r.id, `honor ${name.get(r.honor_id)}`);
    for (const r of await db.selectFrom('user_question_record').select(['id', 'question_id']).execute()) biz.set(r.id, `answer ${name.get(r.question_id)}`);
    for (const r of await db.selectFrom('user_treasure_chest').select(['id', 'chest_id']).execute()) biz.set(r.id, `chest ${name.get(r.chest_id)}`);
    const who = (id: string | null) => (id === null ? null : (name.get(id) ?? `? ${id}`));
    const mine = Object.values(players).map((p) => p.userId);

    const scores = await db
      .selectFrom('pirate_score as s')
      .leftJoin('pirate_rank as r', 'r.id', 's.rank_id')
      .select(['s.user_id', 's.total_score', 's.available_score', 's.used_score', 's.bounty', 'r.rank_name'])
      .where('s.user_id', 'in', mine)
      .execute();
    const history = await db
      .selectFrom('user_score_history')
      .select(['id', 'user_id', 'change_type', 'change_score', 'change_bounty', 'before_score', 'after_score', 'biz_type', 'biz_id', 'remark', 'create_by'])
      .where('user_id', 'in', mine)
      .orderBy('id')
      .execute();
    const tasks = await db
      .selectFrom('user_task_record')
      .select(['user_id', 'task_id', 'ship_id', 'cycle_key', 'progress', 'target_count', 'status', 'reward_score'])
      .where('user_id', 'in', mine)
      .execute();
    const honors = await db.selectFrom('user_honor').select(['user_id', 'honor_id', 'source', 'biz_id', 'is_wear']).where('user_id', 'in', mine).execute();
    const signIns = await db
      .selectFrom('user_sign_place')
      .select(['user_id', 'sign_place_id', 'ship_id', 'reservation_id', 'score_gained', 'sign_method', 'status'])
      .where('user_id', 'in', mine)
      .execute();
    const ships = await db.selectFrom('pirate_ship').select(['total_score', 'bounty']).where('id', '=', ship).execute();
    const counts = async (table: 'pirate_bounty_count' | 'pirate_bounty_bucket', key: 'bounty' | 'bucket') =>
      (
        await sql<{
          k: string;
          n: string;
        }>`select ${sql.ref(key)} as k, sum(players) as n from ${sql.table(table)} group by ${sql.ref(key)} having sum(players) <> 0 order by 1`.execute(db)
      ).rows.map((r) => `${r.k}:${r.n}`);
    const reservationOf = new Map(Object.entries(players).map(([label, p]) => [p.reservationId, label]));
    // the day and week of a cycle by their kind (the two apps' days may differ when a run spans midnight)
    const cycleLabel = (k: string) => reservationOf.get(k) ?? (/^\d{4}-\d{2}-\d{2}$/.test(k) ? 'day' : /^\d{4}-W\d{2}$/.test(k) ? 'week' : k);
    const byLabel = <T>(rows: T[], key: (r: T) => string) => rows.map((r) => [key(r), r] as const).sort((a, b) => a[0].localeCompare(b[0]));
    return {
      answers,
      scores: byLabel(
        scores.map((s) => ({ ...s, user_id: who(s.user_id) })),
        (s) => String(s.user_id),
      ),
      history: history.map((x) => ({ ...x, id: undefined, user_id: who(x.user_id), biz_id: x.biz_id === null ? null : (biz.get(x.biz_id) ?? '?') })),
      tasks: byLabel(
        tasks.map((t) => ({ ...t, user_id: who(t.user_id), task_id: who(t.task_id), ship_id: who(t.ship_id), cycle_key: cycleLabel(t.cycle_key) })),
        (t) => `${t.user_id} ${t.task_id} ${t.cycle_key}`,
      ),
      honors: byLabel(
        honors.map((x) => ({ ...x, user_id: who(x.user_id), honor_id: who(x.honor_id), biz_id: x.biz_id === null ? null : (biz.get(x.biz_id) ?? '?') })),
        (x) => `${x.user_id} ${x.honor_id}`,
      ),
      signIns: byLabel(
        signIns.map((x) => ({
          ...x,
          user_id: who(x.user_id),
          sign_place_id: who(x.sign_place_id),
          ship_id: who(x.ship_id),
          reservation_id: reservationOf.get(x.reservation_id),
        })),
        (x) => `${x.user_id} ${x.sign_place_id}`,
      ),
      ships,
      values: await counts('pirate_bounty_count', 'bounty'),
      ranges: await counts('pirate_bounty_bucket', 'bucket'),
      ledgerBroken: await f.ledgerBroken(),
    };
  }

  it('one venue day answers alike and leaves the same rows on both paths', async () => {
    const inDatabase = await day(apps[0].app, apps[0].ctx);
    const inTypeScript = await day(apps[1].app, apps[1].ctx);
    // the day did what it is for: scores, a second honor round, task rewards with their own bounty, a ship, refusals
    expect(inDatabase.ledgerBroken).toEqual([]);
    expect(inDatabase.history.length).toBeGreaterThan(25);
    expect(inDatabase.honors.map(([k]) => k)).toEqual(expect.arrayContaining(['A Ha', 'A Hb', 'A Hc', 'A Hd', 'A He', 'A Hg', 'A Ht1', 'A Ht4']));
    expect(inDatabase.honors.map(([k]) => k)).not.toContain('A Hf');
    expect(inDatabase.honors.map(([k]) => k)).toEqual(expect.arrayContaining(['D Ha', 'D Hb']));
    expect(inDatabase.scores.map(([, s]) => s.rank_name)).toEqual(expect.arrayContaining(['X', 'Z']));
    expect(inDatabase.history.some((x) => x.change_bounty === 5 * 1000 + 777)).toBe(true);
    expect(inDatabase.tasks.filter(([, t]) => t.status === 1).length).toBeGreaterThan(5);
    expect(inDatabase.tasks.some(([k]) => k.includes('T5') || k.includes('T6'))).toBe(false);
    expect(Number(inDatabase.ships[0].total_score)).toBeGreaterThan(50);
    expect(Object.values(inDatabase.answers).some((a) => (a as { result?: { repeated?: boolean } }).result?.repeated)).toBe(true);
    expect(inDatabase.values.length).toBeGreaterThan(1);
    // and both paths agree on all of it
    expect(inDatabase).toEqual(inTypeScript);
  });
});
