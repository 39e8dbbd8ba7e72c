import { categoryEntity } from './entities/category';
import { departEntity } from './entities/depart';
import { positionEntity } from './entities/position';
import { roleEntity } from './entities/role';
import { tenantEntity } from './entities/tenant';
import { userEntity } from './entities/user';
import { announcementEntity } from './entities/announcement';
import { bookReservationInfoEntity, CHECK_IN_DESK } from './entities/game/reservation';

/**
 * Permission codes (sys_permission.perms): the wire contract of button and route permissions. The server's routes
 * check them with perm(...), its seed creates them, the web shows or hides by them. An entity's codes come from its
 * definition (`xEntity.perms`, defineEntity); the rest are menus that are not one entity's list. Import these
 * instead of typing the strings. Every code here is granted to the admin role by the seed.
 */
export const PERM = {
  position: positionEntity.perms,
  online: {
    list: 'online:list',
    forceLogout: 'online:forceLogout',
  },
  /** 用户管理 (the JeecgBoot seed's buttons, perms_type 2 = disable the form field when not granted) plus 通讯录's menu code. */
  user: { ...userEntity.perms, addressList: 'user:addressList' },
  role: roleEntity.perms,
  /** 菜单管理 (not an entity list: a tree of sys_permission rows). */
  permission: {
    list: 'permission:list',
    add: 'permission:add',
    edit: 'permission:edit',
    delete: 'permission:delete',
    dataRule: 'permission:dataRule',
  },
  /** 部门管理, plus 我的部门's menu code (the departments the signed-in user is in charge of). */
  depart: { ...departEntity.perms, my: 'depart:my' },
  tenant: tenantEntity.perms,
  /** 分类字典 (contract §6.6). */
  category: categoryEntity.perms,
  /** 日志管理 (contract §12.8): the list, delete and deleteBatch (allclear); buttons seeded by the part 'logs-v1'. */
  log: {
    list: 'log:list',
    delete: 'log:delete',
    deleteBatch: 'log:deleteBatch',
  },
  /** 数据日志 (contract §12.8): the list, a row's versions and the comparison; part 'logs-v1'. */
  dataLog: {
    list: 'dataLog:list',
  },
  /** 组件示例: the editable-table demo's toolbar (001 §6: add and batch_delete, with a prefix). */
  demo: {
    tableAdd: 'demo:editableTable:add',
    tableBatchDelete: 'demo:editableTable:batch_delete',
  },
  /** 系统通告 (contract §8.2; the perm prefix keeps the path's spelling): CRUD, 发布 and 撤销. */
  announcement: announcementEntity.perms,
  /** 预约信息 (issue 13 point 3): CRUD, 确认, 取消预约, 签到, 离场, 时段容量. */
  bookReservationInfo: bookReservationInfoEntity.perms,
  /** 签到台 (issue 13 point 4): an entity-less menu. */
  checkInDesk: CHECK_IN_DESK.perms,
  // issue 14 point 2 (redis): Redis监控 (INFO, key count and memory charts) and the read-only Redis终端; part 'redis-monitor-v1'.
  redisMonitor: {
    info: 'monitor:redis',
    terminal: 'monitor:redis:terminal',
  },
  // dashboard venue (issue 14 point 4): 首页's venue key figures (a button row under 首页, which opens for everyone)
  // and 游戏统计's charts (the menu row dashboard/IndexChart); seed part dashboard-venue-perms-v1.
  dashboardVenue: {
    analysis: 'dashboard:analysis',
    chart: 'dashboard:chart',
  },
  // issue 14 monitor (s14-monitor): one code per 系统监控 screen (seed part monitor-perms-v1); contract §9's /actuator/** is not anonymous here
  monitor: {
    /** 服务器信息 */
    server: 'monitor:server',
    /** 运行时信息 (JVM信息) */
    runtime: 'monitor:runtime',
    /** 服务信息 (Tomcat信息) */
    service: 'monitor:service',
    /** 磁盘监控 */
    disk: 'monitor:disk',
    /** 请求追踪 */
    trace: 'monitor:trace',
    /** 监控台 (数据看板) */
    dashboard: 'monitor:dashboard',
    /** GET /metrics (Prometheus text): a button row under 监控台 */
    metrics: 'monitor:metrics',
  },
  // issue 14 point 4 (dashops): 今日待办 and 场馆大屏 (seed part dashboard-ops-perms-v1); 工作台 is for every signed-in user.
  dashboard: {
    task: 'dashboard:task',
    bdc: 'dashboard:bdc',
  },
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any permission code of `PERM`. */
export type PermCode = Leaves<typeof PERM>;

/** Every code of `PERM`, flat. */
export const ALL_PERM_CODES: PermCode[] = (function flat(o: unknown): PermCode[] {
  return typeof o === 'string' ? [o as PermCode] : Object.values(o as object).flatMap(flat);
})(PERM);
