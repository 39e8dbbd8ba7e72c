import { md5 } from './menus.js';

/**
 * The five pirate tiers (issue 13 point 7; seed part game-ranks-v1): ranges are inclusive, 海贼王 is open-ended.
 * Icons are left empty for the venue to upload.
 */
export const SEED_PIRATE_RANKS = [
  { level: 1, name: '见习海贼', min: 0, max: 99 },
  { level: 2, name: '超新星', min: 100, max: 499 },
  { level: 3, name: '七武海', min: 500, max: 1999 },
  { level: 4, name: '四皇', min: 2000, max: 9999 },
  { level: 5, name: '海贼王', min: 10000, max: null },
].map((r) => ({
  id: md5(`pirateRank:${r.level}`),
  rank_level: r.level,
  rank_name: r.name,
  min_score: r.min,
  max_score: r.max,
  icon: null,
  privileges: null,
  sort_no: r.level,
  status: 1,
}));

/** The bounty board snapshot job, running every 10 minutes (seed part game-rank-job-v1). */
export const SEED_RANK_JOB = {
  id: md5('quartzJob:BountyRankSnapshotJob'),
  job_class_name: 'org.jeecg.modules.game.job.BountyRankSnapshotJob',
  cron_expression: '0 0/10 * * * ?',
  parameter: null,
  description: '悬赏榜快照：按日、周、月、总榜写入玩家与海盗船前100名（每10分钟）',
  status: 0,
};
