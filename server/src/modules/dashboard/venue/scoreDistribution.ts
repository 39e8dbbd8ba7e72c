/** 游戏统计's score distribution: players per tier of 海盗等级, one index range count per tier, remembered per node. */
import { num, type Q } from './dayFigures.js';

export const SCORE_DIST_TTL_MS = 60_000;

export interface Tier {
  name: string;
  min: number;
  max: number | null;
}

/** The enabled tiers of 海盗等级, lowest first (fixed ranges when there are none). */
async function tiers(db: Q): Promise<Tier[]> {
  const rows = await db
    .selectFrom('pirate_rank')
    .select(['rank_name', 'min_score', 'max_score'])
    .where('status', '=', 1)
    .orderBy('min_score')
    .limit(50)
    .execute();
  if (!rows.length)
    return [
      { name: '0-99', min: 0, max: 99 },
      { name: '100-499', min: 100, max: 499 },
      { name: '500-1999', min: 500, max: 1999 },
      { name: '2000+', min: 2000, max: null },
    ];
  return rows.map((r) => ({ name: r.rank_name ?? String(r.min_score), min: num(r.min_score), max: r.max_score === null ? null : num(r.max_score) }));
}

export interface ScoreBucket extends Tier {
  players: number;
}

/** Players per tier: one range count per tier over idx_pirate_score_total (no table read). */
export async function scoreDistributionLive(db: Q): Promise<ScoreBucket[]> {
  const list = await tiers(db);
  return Promise.all(
    list.map(async (t) => {
      let q = db.selectFrom('pirate_score').where('total_score', '>=', t.min);
      if (t.max !== null) q = q.where('total_score', '<=', t.max);
      const r = await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      return { ...t, players: num(r?.n) };
    }),
  );
}

/** Per-node memo of the score distribution, SCORE_DIST_TTL_MS (at 1M players a count walks the index once a minute, not once per view). */
const distMemo = new WeakMap<object, { at: number; value: ScoreBucket[] }>();

export async function scoreDistribution(db: Q): Promise<ScoreBucket[]> {
  const hit = distMemo.get(db);
  if (hit && Date.now() - hit.at < SCORE_DIST_TTL_MS) return hit.value;
  const value = await scoreDistributionLive(db);
  distMemo.set(db, { at: Date.now(), value });
  return value;
}

/** Forget the remembered distribution (tests, after changing the data). */
export function forgetScoreDistribution(db: Q): void {
  distMemo.delete(db);
}
