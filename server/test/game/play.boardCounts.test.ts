import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/core/context.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { PlayFixture } from './play.fixture.js';
import { bountyCountsOff } from '../../src/modules/game/score/boardCounts.js';

const P = TEST_API_PREFIX;

// s13-perf: a play call moves the live board's per-bounty counts once, at the end of its transaction; they must
// still match the players' bounties after parallel calls, task rewards, honors and a chest's bounty-only reward.
describe(`play: the live board's per-bounty counts follow (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  let f: PlayFixture;
  const post = async (url: string, payload: object) =>
    (await app.inject({ method: 'POST', url: `${P}${url}`, headers: h, payload })).json() as { success: boolean; message: string };

  const countsOff = () => bountyCountsOff(ctx.db.db);

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    f = new PlayFixture(ctx);
  });
  afterAll(async () => close?.());

  it('parallel sign-ins of many players at the same bounties, a task reward and a bounty-only chest keep the counts exact', async () => {
    // 40 points (40,000 berries) a place: the third sign-in moves each player into the board's next coarse range
    const places = await Promise.all([f.place({ score: 40 }), f.place({ score: 40 }), f.place({ score: 40 })]);
    const players = await Promise.all(Array.from({ length: 12 }, () => f.player()));
    for (const place of places) {
      const all = await Promise.all(players.map((p) => post('/book/userSignPlace/signIn', { nfcUid: p.nfcUid, placeId: place.id })));
      expect(all.every((r) => r.success)).toBe(true);
    }
    const chest = await f.chest({ rewardType: 4, rewardValue: 777 });
    const opened = await Promise.all(players.slice(0, 5).map((p) => post('/chest/treasureChest/open', { nfcUid: p.nfcUid, chestId: chest })));
    expect(opened.every((r) => r.success)).toBe(true);
    // the bounty-only reward is in the history (no score: the ledger invariant holds; the period boards sum the bounty)
    const moves = await ctx.db.db
      .selectFrom('user_score_history')
      .select(['user_id', 'change_score', 'change_bounty', 'before_score', 'after_score'])
      .where('biz_type', '=', 'user_treasure_chest')
      .where('change_bounty', '=', 777)
      .execute();
    expect(moves.map((m) => m.user_id).sort()).toEqual(
      players
        .slice(0, 5)
        .map((p) => p.userId)
        .sort(),
    );
    expect(moves.every((m) => Number(m.change_score) === 0 && Number(m.before_score) === Number(m.after_score))).toBe(true);
    // the players crossed into the second coarse range, and the range counts followed
    const ranges = await ctx.db.db.selectFrom('pirate_bounty_bucket').select(['bucket', 'players']).where('players', '>', 0).execute();
    expect(ranges.map((r) => Number(r.bucket))).toContain(100_000);
    expect(await countsOff()).toEqual([]);
    expect(await f.ledgerBroken()).toEqual([]);
  });
});
