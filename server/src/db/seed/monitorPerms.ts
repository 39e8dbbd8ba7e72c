import { PERM } from './permissionCodes.js';
import { md5, type MenuSeed } from './menus.js';

/**
 * Seed part `monitor-perms-v1` (issue 14 points 1 and 3): the 系统监控 › 性能监控 screens seeded by `system-menus-v1`
 * without a code get one code each (contract §9's /actuator/** was anonymous; here every monitor call needs sign-in
 * and the screen's code), the node screens get the names of issue 14 (运行时信息, 服务信息) unless an administrator has
 * renamed them, the 监控台 dashboard gets its code and a 指标抓取 button (GET /metrics). Ids are the seeded rows' ids.
 */
export interface MonitorMenuUpdate {
  id: string;
  /** the name the row was seeded with: only such a row is renamed */
  seededName: string;
  name: string;
  perms: string;
}

const row = (seededName: string, url: string, perms: string, name = seededName): MonitorMenuUpdate => ({
  id: md5(`menu:${seededName}:${url}`),
  seededName,
  name,
  perms,
});

export const MONITOR_MENU_UPDATES: MonitorMenuUpdate[] = [
  row('服务器信息', '/monitor/SystemInfo', PERM.monitor.server),
  row('JVM信息', '/monitor/JvmInfo', PERM.monitor.runtime, '运行时信息'),
  row('Tomcat信息', '/monitor/TomcatInfo', PERM.monitor.service, '服务信息'),
  row('磁盘监控', '/monitor/Disk', PERM.monitor.disk),
  row('请求追踪', '/monitor/HttpTrace', PERM.monitor.trace),
  row('监控台', '/dashboard/monitor', PERM.monitor.dashboard),
];

/** The 监控台 row (seed part dashboards-v1), parent of the /metrics button. */
export const MONITOR_DASHBOARD_ID = md5('menu:监控台:/dashboard/monitor');

export const MONITOR_BUTTONS: MenuSeed[] = [{ name: '指标抓取', menuType: 2, perms: PERM.monitor.metrics, permsType: '1', sort: 1 }];
