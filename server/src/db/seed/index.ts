import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { PLAY_FUNCTIONS, PLAY_FUNCTIONS_PART } from '../../modules/game/play/pgFunctions.js';
import type { Db } from '../connection.js';
import type { Database, NewSysPermission } from '../schema.js';
import { hashPassword } from '../../core/auth/password.js';
import { now } from '../../core/time.js';
import { categoryId, DEMO_CATEGORIES } from './category.js';
import { DICTS, type DictSeed } from './dicts.js';
import { GAME_DICTS, GAME_FILL_RULES } from './gameDicts.js';
import { DEMO_MENUS, GROUP_MENUS, MENU_IDS, MENUS, md5, type MenuSeed } from './menus.js';
import type { Entity } from '@pk/contract';
import { entitiesWithMenu, entityMenuSeed, entityPartName, GROUP_IDS } from './entityMenus.js';
import { SEED_CHECK_RULES, SEED_FILL_RULES } from './rules.js';
import { DATA_LOG_BUTTONS, DATA_LOG_MENU_ID, LOG_BUTTONS, LOG_MENU_ID } from './logs.js';
import { SEED_MESSAGE_TEMPLATES } from './messages.js';
import { SEED_PIRATE_RANKS, SEED_RANK_JOB } from './gameRanks.js';
import { GAME_PLAY_BUTTONS, GAME_PLAY_DICTS } from './gamePlay.js';
import { GAME_ORDER_JOBS, SEED_QUARTZ_JOBS } from './quartzJobs.js';
import { CHECK_IN_DESK_MENU, RESERVATION_JOB } from './gameReservation.js';
import { DASHBOARD_MENUS } from './dashboards.js';
// issue 14 point 2 (redis)
import { seedRedisMonitor } from './redisMonitor.js';
// dashboard venue (issue 14 point 4)
import { GAME_STAT_DAY_JOB_ROW, VENUE_ANALYSIS_BUTTON, VENUE_CHART_MENU_ID } from './dashboardVenue.js';
import { PERM as VENUE_PERM } from './permissionCodes.js';
import { MONITOR_BUTTONS, MONITOR_DASHBOARD_ID, MONITOR_MENU_UPDATES } from './monitorPerms.js'; // issue 14 monitor
import { DASHBOARD_OPS_PERMS } from './dashboards.js'; // issue 14 dashops

export { MENU_IDS } from './menus.js';
export { PERM } from './permissionCodes.js';

/**
 * Default data. The seed is a list of named parts; each part runs once (recorded in sys_seed) inside a
 * transaction, and inserts rows with stable ids only when they are missing, so an interrupted run completes on
 * the next start and a finished part is never re-applied (rows an administrator deleted stay deleted).
 * To add data to existing installations, add a NEW part (e.g. 'game-menus') rather than editing an applied one.
 */
export interface SeedOptions {
  /** ADMIN_PASSWORD; null = generate a random one (returned once). */
  adminPassword: string | null;
  /**
   * Entities beyond packages/contract's `ENTITIES` (a definition made at run time, or a test's throwaway one): their
   * menu parts are applied after every other part, exactly as an entity of `ENTITIES` gets its own.
   */
  entities?: readonly Entity[];
}

export interface SeedResult {
  /** Set only when the admin account was created now with a generated password. */
  generatedAdminPassword: string | null;
}

export type Tx = Kysely<Database>;

export const ADMIN_USER_ID = 'e9ca23d68d884d4ebb19d07889727dae';
export const ADMIN_ROLE_ID = 'f6817f48af4fb3af11b9e8bf182f618b';
export const DEPART_IDS = {
  A01: md5('depart:A01'),
  A01A01: md5('depart:A01A01'),
  A01A02: md5('depart:A01A02'),
} as const;
const SEED_BY = 'admin';

interface PartContext {
  time: string;
  adminPasswordHash: () => Promise<string>;
  dialect: Db['dialect'];
}

interface SeedPart {
  name: string;
  run(tx: Tx, c: PartContext): Promise<void>;
}

/** Insert the rows whose `id` is not in the table yet. */
export async function insertMissing<T extends keyof Database & string>(
  tx: Tx,
  table: T,
  rows: Array<Record<string, unknown> & { id: string | number }>,
): Promise<number> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- `table` is a type parameter: its row type is not known here
  const loose = tx as Kysely<any>;
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const chunk = rows.slice(i, i + 100);
    const ids = chunk.map((r) => r.id);
    const existing = await loose
      .selectFrom(table as string)
      .select('id')
      .where('id', 'in', ids)
      .execute();
    const have = new Set(existing.map((r: { id: unknown }) => String(r.id)));
    const missing = chunk.filter((r) => !have.has(String(r.id)));
    if (missing.length) {
      await loose
        .insertInto(table as string)
        .values(missing)
        .execute();
      inserted += missing.length;
    }
  }
  return inserted;
}

/** Insert the dictionaries and their items that are missing (ids from the codes, so a re-run adds nothing). */
async function seedDicts(tx: Tx, dicts: DictSeed[], time: string): Promise<void> {
  const audit = { create_by: SEED_BY, create_time: time };
  await insertMissing(
    tx,
    'sys_dict',
    dicts.map((d) => ({ id: md5(`dict:${d.code}`), dict_name: d.name, dict_code: d.code, description: null, del_flag: 0, type: d.type, ...audit })),
  );
  await insertMissing(
    tx,
    'sys_dict_item',
    dicts.flatMap((d) =>
      d.items.map(([value, text, status], i) => ({
        id: md5(`dict_item:${d.code}:${value}`),
        dict_id: md5(`dict:${d.code}`),
        item_text: text,
        item_value: value,
        description: null,
        sort_order: i + 1,
        status: status ?? 1,
        ...audit,
      })),
    ),
  );
}

/** Deterministic id of a seeded menu row. */
export function menuId(m: MenuSeed): string {
  if (m.id) return m.id;
  return m.menuType === 2 ? md5(`button:${m.perms}`) : md5(`menu:${m.name}:${m.url ?? ''}`);
}

/** Flatten a menu tree into sys_permission rows (is_leaf from the tree). */
export function menuRows(menus: MenuSeed[], parentId: string, time: string): NewSysPermission[] {
  const out: NewSysPermission[] = [];
  const walk = (list: MenuSeed[], parent: string, depth: number) => {
    for (const m of list) {
      const id = menuId(m);
      const menuType = m.menuType ?? (depth === 0 && parent === '' ? 0 : 1);
      const isButton = menuType === 2;
      out.push({
        id,
        parent_id: parent,
        name: m.name,
        url: m.url ?? null,
        component: m.component ?? null,
        component_name: m.componentName ?? null,
        redirect: m.redirect ?? null,
        menu_type: menuType,
        perms: m.perms ?? null,
        perms_type: isButton ? (m.permsType ?? '1') : '0',
        sort_no: m.sort,
        always_show: m.alwaysShow ?? 0,
        icon: m.icon ?? null,
        is_route: m.noRoute ? 0 : 1,
        is_leaf: m.children && m.children.length > 0 ? 0 : 1,
        keep_alive: 0,
        hidden: m.hidden ?? 0,
        hide_tab: 0,
        description: null,
        del_flag: 0,
        rule_flag: 0,
        status: isButton ? '1' : null,
        internal_or_external: m.external ?? 0,
        create_by: SEED_BY,
        create_time: time,
      });
      if (m.children?.length) walk(m.children, id, depth + 1);
    }
  };
  walk(menus, parentId, 0);
  return out;
}

/**
 * Insert menu rows (missing ones only) under `parentId` ('' = top level), mark the parent as a non-leaf and grant
 * every inserted row to the admin role. For later seed parts, e.g. the game menus under MENU_IDS.game.
 */
export async function seedMenus(tx: Tx, menus: MenuSeed[], parentId = '', time = now()): Promise<string[]> {
  const rows = menuRows(menus, parentId, time);
  await insertMissing(tx, 'sys_permission', rows as Array<NewSysPermission & { id: string }>);
  if (parentId && rows.length) await tx.updateTable('sys_permission').set({ is_leaf: 0 }).where('id', '=', parentId).execute();
  const ids = rows.map((r) => r.id);
  await grantToRole(tx, ADMIN_ROLE_ID, ids, time);
  return ids;
}

/** Grant permissions to a role (sys_role_permission), skipping grants that exist. */
export async function grantToRole(tx: Tx, roleId: string, permissionIds: string[], time = now()): Promise<void> {
  await insertMissing(
    tx,
    'sys_role_permission',
    permissionIds.map((pid) => ({
      id: md5(`role_perm:${roleId}:${pid}`),
      role_id: roleId,
      permission_id: pid,
      data_rule_ids: null,
      operate_date: time,
      operate_ip: null,
    })),
  );
}

const PARTS: SeedPart[] = [
  {
    name: 'system-org-v1',
    async run(tx, { time, adminPasswordHash }) {
      const audit = { create_by: SEED_BY, create_time: time };
      await insertMissing(tx, 'sys_depart', [
        {
          id: DEPART_IDS.A01,
          parent_id: '',
          depart_name: '海盗王乐园',
          depart_order: 0,
          org_category: '1',
          org_type: '1',
          org_code: 'A01',
          status: '1',
          del_flag: '0',
          ...audit,
        },
        {
          id: DEPART_IDS.A01A01,
          parent_id: DEPART_IDS.A01,
          depart_name: '运营部',
          depart_order: 0,
          org_category: '1',
          org_type: '2',
          org_code: 'A01A01',
          status: '1',
          del_flag: '0',
          ...audit,
        },
        {
          id: DEPART_IDS.A01A02,
          parent_id: DEPART_IDS.A01,
          depart_name: '技术部',
          depart_order: 0,
          org_category: '1',
          org_type: '2',
          org_code: 'A01A02',
          status: '1',
          del_flag: '0',
          ...audit,
        },
      ]);
      await insertMissing(tx, 'sys_role', [{ id: ADMIN_ROLE_ID, role_name: '管理员', role_code: 'admin', description: null, ...audit }]);
      const adminExists = await tx.selectFrom('sys_user').select('id').where('id', '=', ADMIN_USER_ID).executeTakeFirst();
      if (!adminExists) {
        await tx
          .insertInto('sys_user')
          .values({
            id: ADMIN_USER_ID,
            username: 'admin',
            username_key: 'admin', // usernameKey('admin'): no look-alike account beside it (migration 0028)
            realname: '管理员',
            password: await adminPasswordHash(),
            salt: null,
            sex: 1,
            status: 1,
            del_flag: 0,
            org_code: 'A01',
            user_identity: 2,
            depart_ids: DEPART_IDS.A01,
            activiti_sync: 1,
            ...audit,
          })
          .execute();
      }
      await insertMissing(tx, 'sys_user_role', [{ id: md5(`user_role:${ADMIN_USER_ID}:${ADMIN_ROLE_ID}`), user_id: ADMIN_USER_ID, role_id: ADMIN_ROLE_ID }]);
      await insertMissing(tx, 'sys_user_depart', [
        { id: md5(`user_depart:${ADMIN_USER_ID}:${DEPART_IDS.A01}`), user_id: ADMIN_USER_ID, dep_id: DEPART_IDS.A01 },
      ]);
      await insertMissing(tx, 'sys_position', [
        { id: md5('position:devleader'), code: 'devleader', name: '研发部经理', post_rank: '2', sys_org_code: 'A01', ...audit },
      ]);
      await insertMissing(tx, 'sys_tenant', [{ id: 1, name: '默认租户', status: 1, ...audit }]);
    },
  },
  {
    name: 'system-menus-v1',
    async run(tx, { time }) {
      await seedMenus(tx, MENUS, '', time);
    },
  },
  {
    name: 'system-dicts-v1',
    async run(tx, { time }) {
      await seedDicts(tx, DICTS, time);
    },
  },
  {
    name: 'demo-widgets-v1',
    async run(tx, { time }) {
      await seedMenus(tx, DEMO_MENUS, '', time);
    },
  },
  {
    // A small demo tree for the category pickers (issue 4). 分类字典's buttons (category:* codes), seeded here by
    // this part's first version, now come from its entity definition (part entity:category:v1, same row ids).
    name: 'category-v1',
    async run(tx, { time }) {
      const codes = new Set(DEMO_CATEGORIES.map(([c]) => c));
      await insertMissing(
        tx,
        'sys_category',
        DEMO_CATEGORIES.map(([code, name]) => {
          const parent = code.length > 3 ? code.slice(0, -3) : '';
          const hasChild = DEMO_CATEGORIES.some(([c]) => c.length === code.length + 3 && c.startsWith(code));
          return {
            id: categoryId(code),
            pid: parent && codes.has(parent) ? categoryId(parent) : '0',
            name,
            code,
            has_child: hasChild ? '1' : '0',
            sys_org_code: 'A01',
            create_by: SEED_BY,
            create_time: time,
          };
        }),
      );
    },
  },
  {
    name: 'menu-group-online-v1',
    async run(tx, { time }) {
      await seedMenus(tx, GROUP_MENUS, '', time);
    },
  },
  {
    // The original's check rules (common, test) and fill rules (order number, org code, category code), issue 11.
    name: 'rules-v1',
    async run(tx, { time }) {
      const audit = { create_by: SEED_BY, create_time: time };
      await insertMissing(
        tx,
        'sys_check_rule',
        SEED_CHECK_RULES.map((r) => ({ ...r, ...audit })),
      );
      await insertMissing(
        tx,
        'sys_fill_rule',
        SEED_FILL_RULES.map((r) => ({ ...r, ...audit })),
      );
    },
  },
  {
    // 日志管理 / 数据日志 buttons (log:*, dataLog:* codes) under the existing menu rows (issue 11 points 18, 19).
    name: 'logs-v1',
    async run(tx, { time }) {
      for (const [menuId, buttons] of [
        [LOG_MENU_ID, LOG_BUTTONS],
        [DATA_LOG_MENU_ID, DATA_LOG_BUTTONS],
      ] as const) {
        const menu = await tx.selectFrom('sys_permission').select('id').where('id', '=', menuId).executeTakeFirst();
        if (menu) await seedMenus(tx, buttons, menuId, time);
      }
    },
  },
  {
    // The original's four message templates (jeecg-schema §2, issue 12 point 7).
    name: 'message-templates-v1',
    async run(tx, { time }) {
      await insertMissing(
        tx,
        'sys_sms_template',
        SEED_MESSAGE_TEMPLATES.map((r) => ({ ...r, create_by: SEED_BY, create_time: time })),
      );
    },
  },
  {
    // The original's three jobs (stopped) and the housekeeping jobs (running), issue 12 point 10.
    name: 'quartz-jobs-v1',
    async run(tx, { time }) {
      await insertMissing(
        tx,
        'sys_quartz_job',
        SEED_QUARTZ_JOBS.map((j) => ({ ...j, del_flag: 0, create_by: SEED_BY, create_time: time })),
      );
    },
  },
  {
    // The game's dictionaries (jeecg-schema §4.4) and the fill rules of its numbers (issue 13 point 1).
    name: 'game-dicts-v1',
    async run(tx, { time }) {
      await seedDicts(tx, GAME_DICTS, time);
      await insertMissing(
        tx,
        'sys_fill_rule',
        GAME_FILL_RULES.map((r) => ({
          id: md5(`fillRule:${r.code}`),
          rule_name: r.name,
          rule_code: r.code,
          rule_class: 'OrderNumberRule',
          rule_params: JSON.stringify({ prefix: r.prefix, digits: 6 }),
          create_by: SEED_BY,
          create_time: time,
        })),
      );
    },
  },
  {
    // The five pirate tiers (issue 13 point 7).
    name: 'game-ranks-v1',
    async run(tx, { time }) {
      await insertMissing(
        tx,
        'pirate_rank',
        SEED_PIRATE_RANKS.map((r) => ({ ...r, create_by: SEED_BY, create_time: time })),
      );
    },
  },
  {
    // The bounty board snapshot job, running (issue 13 point 7).
    name: 'game-rank-job-v1',
    async run(tx, { time }) {
      await insertMissing(tx, 'sys_quartz_job', [{ ...SEED_RANK_JOB, del_flag: 0, create_by: SEED_BY, create_time: time }]);
    },
  },
  {
    // The order timeout job of the shop (issue 13 point 8), running every minute.
    name: 'game-order-job-v1',
    async run(tx, { time }) {
      await insertMissing(
        tx,
        'sys_quartz_job',
        GAME_ORDER_JOBS.map((j) => ({ ...j, del_flag: 0, create_by: SEED_BY, create_time: time })),
      );
    },
  },
  // One part per entity with a menu block (packages/contract entities): its menu row and button rows.
  ...entitiesWithMenu().map(entitySeedPart),
  {
    // Issue 13 point 5: 设备管理's device types and the staff play calls' buttons (签到, 答题, 开启) under their screens.
    name: 'game-play-perms-v1',
    async run(tx, { time }) {
      await seedDicts(tx, GAME_PLAY_DICTS, time);
      for (const { parent, button } of GAME_PLAY_BUTTONS) await seedMenus(tx, [button], parent, time);
    },
  },
  {
    // The reservations' no-show job (running) and the 签到台 menu under 游戏管理 (issue 13 points 3, 4).
    name: 'game-reservation-job-v1',
    async run(tx, { time }) {
      await insertMissing(tx, 'sys_quartz_job', [{ ...RESERVATION_JOB, del_flag: 0, create_by: SEED_BY, create_time: time }]);
      await seedMenus(tx, [CHECK_IN_DESK_MENU], MENU_IDS.game, time);
    },
  },
  {
    // Issue 14 point 4: the 数据看板 group (monitor, chart, task, bdc dashboards).
    name: 'dashboards-v1',
    async run(tx, { time }) {
      await seedMenus(tx, DASHBOARD_MENUS, '', time);
    },
  },
  {
    // Issue 14 point 2 (redis): the codes of Redis监控 and the Redis终端 row under 性能监控, granted to admin.
    name: 'redis-monitor-v1',
    async run(tx, { time }) {
      await seedRedisMonitor(tx, time, seedMenus);
    },
  },
  {
    // dashboard venue (issue 14 point 4): 首页's venue figures (button dashboard:analysis), 游戏统计's code
    // dashboard:chart, and the per-day statistics job (running).
    name: 'dashboard-venue-perms-v1',
    async run(tx, { time }) {
      await seedMenus(tx, [VENUE_ANALYSIS_BUTTON.button], VENUE_ANALYSIS_BUTTON.parent, time);
      await tx
        .updateTable('sys_permission')
        .set({ perms: VENUE_PERM.dashboardVenue.chart })
        .where('id', '=', VENUE_CHART_MENU_ID)
        .where('perms', 'is', null)
        .execute();
      await insertMissing(tx, 'sys_quartz_job', [{ ...GAME_STAT_DAY_JOB_ROW, del_flag: 0, create_by: SEED_BY, create_time: time }]);
    },
  },
  {
    // Issue 14 points 1 and 3 (s14-monitor): a code on each 性能监控 screen and on 监控台, the /metrics button, granted to admin.
    name: 'monitor-perms-v1',
    async run(tx, { time }) {
      for (const m of MONITOR_MENU_UPDATES) {
        await tx.updateTable('sys_permission').set({ perms: m.perms }).where('id', '=', m.id).execute();
        await tx.updateTable('sys_permission').set({ name: m.name }).where('id', '=', m.id).where('name', '=', m.seededName).execute();
      }
      const ids = MONITOR_MENU_UPDATES.map((m) => m.id);
      const present = new Set((await tx.selectFrom('sys_permission').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
      await grantToRole(
        tx,
        ADMIN_ROLE_ID,
        ids.filter((id) => present.has(id)),
        time,
      );
      if (present.has(MONITOR_DASHBOARD_ID)) await seedMenus(tx, MONITOR_BUTTONS, MONITOR_DASHBOARD_ID, time);
    },
  },
  {
    // Issue 14 point 4 (dashops): the codes of 今日待办 (dashboard:task) and 场馆大屏 (dashboard:bdc) on their menu rows.
    name: 'dashboard-ops-perms-v1',
    async run(tx, { time }) {
      for (const { menuId, perms } of DASHBOARD_OPS_PERMS) {
        const row = await tx.selectFrom('sys_permission').select('id').where('id', '=', menuId).executeTakeFirst();
        if (!row) continue; // an administrator deleted the menu: it stays deleted
        await tx
          .updateTable('sys_permission')
          .set({ perms, update_by: 'admin', update_time: time })
          .where('id', '=', menuId)
          .where('perms', 'is', null)
          .execute();
        await grantToRole(tx, ADMIN_ROLE_ID, [menuId], time);
      }
    },
  },
];

/** Names of the seed parts, in order. */
PARTS.push({
  // PostgreSQL: the play functions as the game's rules (modules/game/rules.ts) write them today; a changed text is a
  // new part, so the next start replaces them
  name: PLAY_FUNCTIONS_PART,
  async run(tx, { dialect }) {
    if (dialect !== 'postgres') return;
    for (const statement of PLAY_FUNCTIONS) await sql.raw(statement).execute(tx);
  },
});

export const SEED_PARTS = PARTS.map((p) => p.name);

/** An entity's seed part `entity:{key}:v{version}`: its menu row and button rows under its group, granted to admin. */
function entitySeedPart(e: Entity): SeedPart {
  return {
    name: entityPartName(e),
    async run(tx, { time }) {
      const [menu] = await seedMenus(tx, [entityMenuSeed(e)], GROUP_IDS[e.menu!.group], time);
      // A row seeded by hand before its entity had a menu block may lack the list code (or hold the bare prefix, as 系统通告's 'annountCement').
      await tx
        .updateTable('sys_permission')
        .set({ perms: e.perms.list })
        .where('id', '=', menu)
        .where((eb) => eb.or([eb('perms', 'is', null), eb('perms', '=', e.perm)]))
        .execute();
    },
  };
}

/** Apply the seed parts not applied yet. */
export async function seed(db: Db, opts: SeedOptions): Promise<SeedResult> {
  let generated: string | null = null;
  let cachedHash: string | null = null;
  const adminPasswordHash = async () => {
    if (cachedHash) return cachedHash;
    let plain = opts.adminPassword;
    if (plain === null) plain = generated = generatePassword(16);
    cachedHash = await hashPassword(plain);
    return cachedHash;
  };
  const applied = new Set((await db.db.selectFrom('sys_seed').select('name').execute()).map((r) => r.name));
  for (const part of opts.entities?.length ? [...PARTS, ...entitiesWithMenu(opts.entities).map(entitySeedPart)] : PARTS) {
    if (applied.has(part.name)) continue;
    const time = now();
    // Hash outside the transaction: argon2 takes tens of milliseconds.
    if (part.name === 'system-org-v1') {
      const exists = await db.db.selectFrom('sys_user').select('id').where('id', '=', ADMIN_USER_ID).executeTakeFirst();
      if (!exists) await adminPasswordHash();
    }
    await db.db.transaction().execute(async (tx) => {
      await part.run(tx, { time, adminPasswordHash, dialect: db.dialect });
      await tx.insertInto('sys_seed').values({ name: part.name, applied_at: time }).execute();
    });
  }
  return { generatedAdminPassword: generated };
}

const ALPHABET = {
  upper: 'ABCDEFGHJKLMNPQRSTUVWXYZ',
  lower: 'abcdefghijkmnopqrstuvwxyz',
  digit: '23456789',
};

/** A random password of `length` characters with upper case, lower case and digits (no look-alikes). */
export function generatePassword(length = 16): string {
  const all = ALPHABET.upper + ALPHABET.lower + ALPHABET.digit;
  const chars = [
    ALPHABET.upper[randomInt(ALPHABET.upper.length)],
    ALPHABET.lower[randomInt(ALPHABET.lower.length)],
    ALPHABET.digit[randomInt(ALPHABET.digit.length)],
  ];
  while (chars.length < length) chars.push(all[randomInt(all.length)]);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
