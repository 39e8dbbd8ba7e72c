import { CHECK_IN_DESK } from '@pk/contract';
import { md5, type MenuSeed } from './menus.js';

/**
 * Seed part `game-reservation-job-v1` (issue 13 points 3, 4): the no-show job (running, every 15 minutes) and the
 * 签到台 menu row under 游戏管理 (an entity-less screen; its row carries the code `checkInDesk:use`).
 */
export const RESERVATION_JOB = {
  id: md5('quartzJob:ReservationNoShowJob'),
  job_class_name: 'org.jeecg.modules.game.job.ReservationNoShowJob',
  cron_expression: '0 0/15 * * * ?',
  parameter: null,
  description: '预约未到场：时段结束仍未签到的已确认预约标记为未到场并释放名额（每15分钟）',
  status: 0,
};

export const CHECK_IN_DESK_MENU: MenuSeed = {
  id: md5(`menu:${CHECK_IN_DESK.name}:${CHECK_IN_DESK.url}`),
  name: CHECK_IN_DESK.name,
  menuType: 1,
  url: CHECK_IN_DESK.url,
  component: CHECK_IN_DESK.component,
  sort: 0,
  icon: 'idcard',
  perms: CHECK_IN_DESK.perms.use,
};
