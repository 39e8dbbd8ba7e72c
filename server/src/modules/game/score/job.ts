import { registerJobHandler } from '../../../core/jobs/handlers.js';
import { BOUNTY_RANK_JOB, snapshotBountyBoards } from './service.js';

// 悬赏榜快照 (issue 13 point 7): seeded running every 10 minutes (seed part game-rank-job-v1).
registerJobHandler(BOUNTY_RANK_JOB, '悬赏榜快照：按日、周、月、总榜写入玩家与海盗船前100名', async ({ app }) => {
  await snapshotBountyBoards(app.ctx.db);
});
