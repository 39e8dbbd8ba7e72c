import { defineEntity } from '../../entity';

/** The players' names on the score screens (table dictionary registered by the server). */
export const PLAYER_DICT = 'book_user,nickname,id';
/** The tier names (table dictionary registered by the server). */
export const RANK_DICT = 'pirate_rank,rank_name,id';

/**
 * 海盗积分 (pirate_score, issue 13 point 6): one balance row per player, changed only by the server's ledger
 * (applyScoreChange). Staff read and export it; 调整积分 (`pirateScore:adjust`) is the one write, through
 * `POST /score/pirateScore/adjust`.
 */
export const pirateScoreEntity = defineEntity({
  key: 'pirateScore',
  title: '海盗积分',
  api: '/score/pirateScore',
  table: 'pirate_score',
  perm: 'pirateScore',
  menu: {
    group: 'game',
    name: '海盗积分',
    url: '/game/pirateScore',
    component: 'game/PirateScoreList',
    sort: 17,
    actions: ['exportXls'],
    buttons: [{ action: 'adjust', name: '调整积分' }],
  },
  omitRoutes: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  defaultSort: { prop: 'bounty', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: PLAYER_DICT, filter: 'eq', maxLength: 32, form: false },
    { prop: 'totalScore', label: '累计积分', type: 'number', sort: true, form: false },
    { prop: 'availableScore', label: '可用积分', type: 'number', sort: true, form: false },
    { prop: 'usedScore', label: '已用积分', type: 'number', sort: true, form: false },
    { prop: 'bounty', label: '悬赏金', type: 'number', sort: true, form: false },
    { prop: 'rankId', label: '海盗等级', type: 'string', dict: RANK_DICT, filter: 'eq', maxLength: 32, form: false },
    { prop: 'lastChangeTime', label: '最后变动时间', type: 'datetime', filter: 'range', sort: true, form: false },
  ],
});

/** 积分流水 (user_score_history): one row per ledger change, read-only. */
export const userScoreHistoryEntity = defineEntity({
  key: 'userScoreHistory',
  title: '积分流水',
  api: '/score/userScoreHistory',
  table: 'user_score_history',
  perm: 'userScoreHistory',
  menu: { group: 'game', name: '积分流水', url: '/game/userScoreHistory', component: 'game/UserScoreHistoryList', sort: 20, actions: ['exportXls'] },
  omitRoutes: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'userId', label: '玩家', type: 'string', dict: PLAYER_DICT, filter: 'eq', maxLength: 32, form: false },
    { prop: 'changeType', label: '变动类型', type: 'number', dict: 'score_change_type', filter: 'eq', sort: true, form: false },
    { prop: 'changeScore', label: '变动积分', type: 'number', sort: true, form: false },
    { prop: 'beforeScore', label: '变动前', type: 'number', form: false },
    { prop: 'afterScore', label: '变动后', type: 'number', form: false },
    { prop: 'bizType', label: '业务类型', type: 'string', filter: 'eq', maxLength: 32, form: false },
    { prop: 'bizId', label: '业务单号', type: 'string', filter: 'eq', maxLength: 32, form: false },
    { prop: 'remark', label: '备注', type: 'string', maxLength: 255, form: false },
    { prop: 'createBy', label: '操作人', type: 'string', form: false },
    { prop: 'createTime', label: '变动时间', type: 'datetime', filter: 'range', sort: true, form: false },
  ],
});

/** 海盗等级 (pirate_rank): the tiers a player's total score falls in; ranges of enabled tiers never overlap. */
export const pirateRankEntity = defineEntity({
  key: 'pirateRank',
  title: '海盗等级',
  api: '/score/pirateRank',
  table: 'pirate_rank',
  perm: 'pirateRank',
  menu: { group: 'game', name: '海盗等级', url: '/game/pirateRank', component: 'game/PirateRankList', sort: 18 },
  defaultSort: { prop: 'rankLevel', order: 'asc' },
  fields: [
    { prop: 'rankLevel', label: '等级', type: 'number', sort: true, required: true, unique: true },
    { prop: 'rankName', label: '等级名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'minScore', label: '最低积分', type: 'number', sort: true, required: true },
    { prop: 'maxScore', label: '最高积分', type: 'number', sort: true },
    { prop: 'icon', label: '图标', type: 'string', maxLength: 255, widget: 'image' },
    { prop: 'privileges', label: '等级权益', type: 'string', maxLength: 500 },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq', sort: true },
  ],
});

/** 悬赏榜 (bounty_rank): the snapshots written by the BountyRankSnapshotJob, read-only. */
export const bountyRankEntity = defineEntity({
  key: 'bountyRank',
  title: '悬赏榜',
  api: '/score/bountyRank',
  table: 'bounty_rank',
  perm: 'bountyRank',
  menu: { group: 'game', name: '悬赏榜', url: '/game/bountyRank', component: 'game/BountyRankList', sort: 19, actions: ['exportXls'] },
  omitRoutes: ['add', 'edit', 'delete', 'deleteBatch', 'importExcel'],
  defaultSort: { prop: 'rankNo', order: 'asc' },
  fields: [
    { prop: 'rankScope', label: '榜单范围', type: 'number', dict: 'rank_scope', filter: 'eq', sort: true, form: false },
    { prop: 'periodType', label: '榜单周期', type: 'number', dict: 'rank_period', filter: 'eq', sort: true, form: false },
    { prop: 'periodKey', label: '周期', type: 'string', filter: 'eq', sort: true, maxLength: 20, form: false },
    { prop: 'rankNo', label: '名次', type: 'number', sort: true, form: false },
    { prop: 'targetId', label: '对象ID', type: 'string', maxLength: 32, form: false, list: false },
    { prop: 'targetName', label: '玩家/海盗船', type: 'string', filter: 'like', maxLength: 100, form: false },
    { prop: 'bounty', label: '悬赏金', type: 'number', sort: true, form: false },
    { prop: 'snapshotTime', label: '快照时间', type: 'datetime', sort: true, form: false },
  ],
});

/** rank_scope values. */
export const RANK_SCOPE = { player: 1, ship: 2 } as const;
/** rank_period values (4 赛季榜 is not snapshotted yet). */
export const RANK_PERIOD = { daily: 1, weekly: 2, monthly: 3, season: 4, all: 5 } as const;

/** One row of the live board (`GET /score/bountyRank/live`). */
export interface LiveBoardRow {
  rankNo: number;
  targetId: string;
  targetName: string | null;
  bounty: number;
  rankName: string | null;
}
export interface LiveBoard {
  records: LiveBoardRow[];
  mine: { rankNo: number; bounty: number } | null;
}

/** Admin score adjustment body (`POST /score/pirateScore/adjust`). */
export interface ScoreAdjustBody {
  userId: string;
  delta: number;
  reason: string;
}
export const SCORE_ADJUST_MAX = 1_000_000;
