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
} as const;

type Leaves<T> = T extends string ? T : { [K in keyof T]: Leaves<T[K]> }[keyof T];
/** Any permission code of `PERM`. */
export type PermCode = Leaves<typeof PERM>;

/** Every code of `PERM`, flat. */
export const ALL_PERM_CODES: PermCode[] = (function flat(o: unknown): PermCode[] {
  return typeof o === 'string' ? [o as PermCode] : Object.values(o as object).flatMap(flat);
})(PERM);
