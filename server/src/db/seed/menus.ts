import { createHash } from 'node:crypto';
import { PERM } from './permissionCodes.js';

/**
 * The core menu tree (jeecg-schema.md §2.4 minus the demo-only menus, 菜单管理2 and SQL监控), plus the empty
 * 游戏管理 group. Ids: the doc's ids for the top-level rows, md5 of a stable key for the others, so re-seeding
 * finds the same rows. Turned into sys_permission rows by seed/index.ts (is_leaf computed from the tree).
 */
export interface MenuSeed {
  id?: string;
  name: string;
  /** 0 top menu, 1 sub menu, 2 button. Default: 0 at the top, 1 below. */
  menuType?: 0 | 1 | 2;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  sort: number | null;
  icon?: string;
  perms?: string;
  /** Buttons: '1' show when granted, '2' disable when not granted. */
  permsType?: '1' | '2';
  hidden?: 1;
  alwaysShow?: 1;
  /** is_route = 0 */
  noRoute?: true;
  external?: 1;
  children?: MenuSeed[];
}

export const MENU_IDS = {
  home: '9502685863ab87f0ad1134142788a385',
  system: 'd7d6e2e4e2934f2c9385a623fd98c6f3',
  message: '5c8042bd6c601270b2bbd9b20bccc68b',
  monitor: '08e6b9dc3c04489c8e1ff2ce6f105aa4',
  account: '717f6bee46f44a3897eca9abd6e2ec44',
  /** 在线开发 (/online): seeded by the part 'menu-group-online-v1' (fill rules, check rules, data sources). */
  online: 'e41b69c57a941a3bbcce45032fe57605',
  /** 组件示例 (/demo): one demo page per widget of spec 001. */
  demo: md5('menu:/demo'),
  /** 游戏管理 (/game): the group the game menus go under. */
  game: md5('menu:/game'),
} as const;

export function md5(s: string): string {
  return createHash('md5').update(s, 'utf8').digest('hex');
}

const btn = (name: string, perms: string, sort: number | null = 1, permsType: '1' | '2' = '1'): MenuSeed => ({
  name,
  menuType: 2,
  perms,
  permsType,
  sort,
});

export const MENUS: MenuSeed[] = [
  { id: MENU_IDS.home, name: '首页', sort: 0, url: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home' },
  {
    id: MENU_IDS.game,
    name: '游戏管理',
    sort: 3,
    url: '/game',
    component: 'layouts/RouteView',
    icon: 'trophy',
    children: [],
  },
  {
    id: MENU_IDS.system,
    name: '系统管理',
    sort: 4,
    url: '/isystem',
    component: 'layouts/RouteView',
    icon: 'setting',
    children: [
      // 用户管理, 角色管理, 租户管理, 部门管理 (and 分类字典, 职务管理) come from their entity definitions (seed/entityMenus.ts).
      {
        name: '菜单管理',
        sort: 1.3,
        url: '/isystem/permission',
        component: 'system/PermissionList',
        perms: PERM.permission.list,
        children: [
          btn('添加', PERM.permission.add, 1),
          btn('编辑', PERM.permission.edit, 2),
          btn('删除', PERM.permission.delete, 3),
          btn('数据规则', PERM.permission.dataRule, 4),
        ],
      },
      { name: '我的部门', sort: 2, url: '/isystem/departUserList', component: 'system/DepartUserList', perms: PERM.depart.my },
      { name: '通讯录', sort: 3, url: '/isystem/addressList', component: 'system/AddressList', perms: PERM.user.addressList },
    ],
  },
  {
    id: MENU_IDS.message,
    name: '消息中心',
    sort: 6,
    url: '/message',
    component: 'layouts/RouteView',
    icon: 'message',
    children: [
      // 模板管理 and 消息管理 come from their entity definitions (packages/contract entities/message.ts; same row ids).
      { name: '我的消息', sort: 3, url: '/isps/userAnnouncement', component: 'system/UserAnnouncementList' },
    ],
  },
  {
    id: MENU_IDS.monitor,
    name: '系统监控',
    sort: 6,
    url: '/dashboard3',
    component: 'layouts/RouteView',
    icon: 'dashboard',
    children: [
      { name: '日志管理', sort: 2, url: '/isystem/log', component: 'system/LogList' },
      { name: '数据日志', sort: 2.1, url: '/sys/dataLog-list', component: 'system/DataLogList' },
      {
        name: '性能监控',
        sort: 3,
        url: '/monitor',
        component: 'layouts/RouteView',
        children: [
          { name: 'Redis监控', sort: 1, url: '/monitor/redis/info', component: 'modules/monitor/RedisInfo' },
          { name: 'JVM信息', sort: 4, url: '/monitor/JvmInfo', component: 'modules/monitor/JvmInfo' },
          { name: 'Tomcat信息', sort: 4, url: '/monitor/TomcatInfo', component: 'modules/monitor/TomcatInfo' },
          { name: '服务器信息', sort: 4, url: '/monitor/SystemInfo', component: 'modules/monitor/SystemInfo' },
          { name: '请求追踪', sort: 4, url: '/monitor/HttpTrace', component: 'modules/monitor/HttpTrace' },
          { name: '磁盘监控', sort: 6, url: '/monitor/Disk', component: 'modules/monitor/DiskMonitoring' },
        ],
      },
      { name: '在线文档', sort: 4, url: "{{ window._CONFIG['domianURL'] }}/docs", component: 'layouts/IframePageView' },
      {
        name: '在线用户',
        sort: null,
        url: '/isystem/online',
        component: 'system/SysUserOnlineList',
        perms: PERM.online.list,
        children: [btn('强退', PERM.online.forceLogout, 1)],
      },
    ],
  },
  {
    id: MENU_IDS.account,
    name: '个人页',
    sort: 9,
    url: '/account',
    component: 'layouts/RouteView',
    icon: 'user',
    hidden: 1,
    children: [
      { name: '个人中心', sort: 1, url: '/account/center', component: 'account/center/Index' },
      {
        name: '个人设置',
        sort: 2,
        url: '/account/settings/BaseSetting',
        component: 'account/settings/Index',
        alwaysShow: 1,
        children: [
          { name: '个性化设置', sort: null, url: '/account/settings/custom', component: 'account/settings/Custom', perms: 'CustomSettings' },
          {
            name: '基本设置',
            sort: null,
            url: '/account/settings/BaseSetting',
            component: 'account/settings/BaseSetting',
            perms: 'BaseSettings',
            hidden: 1,
            componentName: 'account-settings-base',
          },
          { name: '安全设置', sort: null, url: '/account/settings/security', component: 'account/settings/Security', perms: 'SecuritySettings' },
          { name: '新消息通知', sort: null, url: '/account/settings/notification', component: 'account/settings/Notification', perms: 'NotificationSettings' },
          { name: '账户绑定', sort: null, url: '/account/settings/binding', component: 'account/settings/Binding', perms: 'BindingSettings' },
        ],
      },
      { name: '工作台', sort: 3, url: '/dashboard/workplace', component: 'dashboard/Workplace' },
    ],
  },
];

/**
 * 组件示例 (issue 4): a demo page per widget family. Components `demo/*` resolve to `web/src/pages/demo/*.tsx`.
 * Seeded by its own seed part so installations that already ran the system parts get it too.
 */
export const DEMO_MENUS: MenuSeed[] = [
  {
    id: MENU_IDS.demo,
    name: '组件示例',
    sort: 8,
    url: '/demo',
    component: 'layouts/RouteView',
    icon: 'appstore',
    children: [
      {
        name: '可编辑表格',
        sort: 1,
        url: '/demo/editable-table',
        component: 'demo/EditableTableDemo',
        children: [btn('新增行', PERM.demo.tableAdd, 1), btn('批量删除行', PERM.demo.tableBatchDelete, 2)],
      },
      { name: 'Cron表达式', sort: 2, url: '/demo/cron', component: 'demo/CronDemo' },
      { name: '选择器', sort: 3, url: '/demo/pickers', component: 'demo/PickerDemo' },
      { name: '文件上传', sort: 4, url: '/demo/upload', component: 'demo/UploadDemo' },
      { name: 'Excel导入', sort: 5, url: '/demo/import', component: 'demo/ImportDemo' },
      { name: '高级查询', sort: 6, url: '/demo/super-query', component: 'demo/SuperQueryDemo' },
      { name: '字典组件', sort: 7, url: '/demo/dict', component: 'demo/DictDemo' },
      { name: '弹窗与控件', sort: 8, url: '/demo/dialogs', component: 'demo/DialogDemo' },
      { name: '编辑器', sort: 9, url: '/demo/editors', component: 'demo/EditorDemo' },
    ],
  },
];

/** Top-level groups seeded after the first install (an entity's `menu.group` may name them). */
export const GROUP_MENUS: MenuSeed[] = [
  { id: MENU_IDS.online, name: '在线开发', sort: 2, url: '/online', component: 'layouts/RouteView', icon: 'cloud', children: [] },
];
