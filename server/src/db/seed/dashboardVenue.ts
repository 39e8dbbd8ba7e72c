import { PERM } from '@pk/contract';
import { md5, MENU_IDS, type MenuSeed } from './menus.js';

/**
 * Seed part `dashboard-venue-perms-v1` (issue 14 point 4, modules/dashboard/venue): 首页 opens for everyone, its venue
 * key figures need `dashboard:analysis` (a button row under 首页); the 游戏统计 row of dashboards-v1 gets the code
 * `dashboard:chart`; the per-day statistics job, running every 10 minutes. Admin is granted the new rows.
 */
export const VENUE_ANALYSIS_BUTTON: { parent: string; button: MenuSeed } = {
  parent: MENU_IDS.home,
  button: { name: '场馆数据', menuType: 2, perms: PERM.dashboardVenue.analysis, sort: 1 },
};

/** The 游戏统计 menu row of seed part dashboards-v1 (id md5('menu:{name}:{url}')). */
export const VENUE_CHART_MENU_ID = md5('menu:游戏统计:/dashboard/chart');

export const GAME_STAT_DAY_JOB_ROW = {
  id: md5('quartzJob:GameStatDayJob'),
  job_class_name: 'org.jeecg.modules.game.job.GameStatDayJob',
  cron_expression: '0 3/10 * * * ?',
  parameter: null,
  description: '场馆统计：按日汇总已结束日期的预约、入场、打卡、营收、积分消费、答题与销量（每10分钟）',
  status: 0,
};
