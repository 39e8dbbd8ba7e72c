import { afterAll, beforeAll, describe } from 'vitest';
import { ENTITIES } from '@pk/contract';
import { createTestApp, TEST_ADMIN_PASSWORD, type TestApp } from './harness.js';
import { md5 } from '../src/db/seed/menus.js';
import { authHeaders, loginAs } from './helpers/login.js';
import { crudContract, OMIT, type ContractEnv, type ContractOverrides } from './crudContract.js';

/**
 * What the sample generator cannot derive, per entity key (an entity added later usually needs no line here).
 */
const OVERRIDES: Record<string, ContractOverrides> = {
  // a tier range (min < max) that is disabled, so it overlaps no seeded tier (issue 13 point 7)
  pirateRank: { values: { rankLevel: (n) => 1000 + n, minScore: (n) => n, maxScore: (n) => 1_000_000 + n, status: () => 0 } },
  // the id is an integer the user types (contract §12.5)
  tenant: { values: { id: (n) => 5000 + n }, unknownId: '4999' },
  // a password only on add; tenants and identity are checked against what exists
  user: {
    values: { relTenantIds: OMIT, userIdentity: () => 1 },
    addOnly: { password: () => 'Passw0rd!x1' },
    importCells: { 密码: () => 'Passw0rd!x1' },
  },
  // a root department (no parent); import takes the name and a code of the 3-character scheme
  depart: {
    values: { parentId: OMIT },
    importCells: { '机构/部门名称': (s) => String(s.departName), 机构编码: (_s, n) => `Z${String(n % 100).padStart(2, '0')}` },
  },
  // a root node; the server makes the code on add, the import names one of the scheme
  // rule JSON is validated on save; an empty rule list is valid (contract §6.4)
  checkRule: { values: { ruleJson: () => '[]' }, missingIsNull: true },
  // a generator of the registry (contract §6.5), without parameters
  fillRule: { values: { ruleClass: () => 'OrderNumberRule', ruleParams: OMIT }, missingIsNull: true },
  // queryById of an unknown id: ok with a null result (contract §1.5)
  dataSource: { missingIsNull: true },
  // an item of a seeded dictionary
  dictItem: { values: { dictId: () => md5('dict:sex') } },
  // openType is component or url (contract §8.1); the users of a USER notice are ids of the user list
  announcement: { values: { openType: () => 'component', userIds: OMIT } },
  // a message to named players (targets of "all players" are cleared on save)
  gameMessage: { values: { targetType: () => 2 } },
  category: { values: { pid: () => '0', code: OMIT }, importCells: { 类型编码: (_s, n) => `Q${String(n % 100).padStart(2, '0')}` } },
  // a registered job class and a valid cron (contract §11); stopped, as an import stores it
  // venue (issue 13): the referenced rows exist (venueFixtures); a crew row and a bound bracelet need a player of their own
  pirateShip: { values: { captainUserId: () => CT_PLAYER(0), greatLineId: () => CT_LINE } },
  shipTable: { values: { shipId: () => CT_SHIP, userId: (n) => CT_PLAYER(n) } },
  signPlace: { values: { greatLineId: () => CT_LINE } },
  bracelet: { values: { userId: (n) => CT_PLAYER(n) } },
  quartzJob: {
    values: { jobClassName: () => 'org.jeecg.modules.quartz.job.SampleJob', cronExpression: () => '0 0 12 * * ?', status: () => -1 },
    missingIsNull: true,
  },
  // quest screens of the game (issue 13): references to rows of other screens are left out or given as ids; the
  // record screens (no add) get their samples stored directly
  userSignPlace: { values: { userId: (n) => `u${n}`, signPlaceId: (n) => `p${n}`, shipId: OMIT } },
  userTaskRecord: { values: { userId: (n) => `u${n}`, taskId: (n) => `t${n}`, shipId: OMIT } },
  userHonor: { values: { userId: (n) => `u${n}`, honorId: (n) => `h${n}` } },
  userQuestionRecord: { values: { userId: (n) => `u${n}`, questionId: (n) => `q${n}`, signPlaceId: OMIT, shipId: OMIT } },
  userQuestionScore: { values: { userId: (n) => `u${n}`, shipId: OMIT, greatLineId: OMIT } },
  // a task without a target (any place counts), ending after it starts
  activityTask: { values: { targetId: OMIT, rewardHonorId: OMIT, endTime: () => '2099-12-31 23:59:59' } },
  // a device is bound to a place (required): an id is enough for the engine (the call check finds the place)
  gameDevice: { values: { signPlaceId: (n) => `p${n}` } },
  treasureChest: { values: { signPlaceId: OMIT, rewardGoodsId: OMIT, rewardHonorId: OMIT } },
  // a single-choice question: two options, answer A (options stored as compact JSON, as sent here)
  questionBank: { values: { options: () => '[{"key":"A","text":"甲"},{"key":"B","text":"乙"}]', answer: () => 'A', signPlaceId: OMIT } },
  // 订单 rows refer to a player and a goods row (no add route: samples are inserted directly)
  gameOrder: { values: { userId: () => 'sample-user', goodsId: () => 'sample-goods' } },
  // a booking: a date ahead (past dates are refused), one person; the player and the line are references left empty
  bookReservationInfo: { values: { userId: OMIT, greatLineId: OMIT, reserveDate: () => `${new Date().getFullYear() + 1}-06-15`, peopleCount: () => 1 } },
};

describe(`CRUD contract of every entity (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let env: ContractEnv;
  beforeAll(async () => {
    t = await createTestApp();
    env = { app: t.app, ctx: t.ctx, admin: authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD)) };
    await venueFixtures(t.ctx);
  });
  afterAll(async () => t?.close());

  for (const e of ENTITIES) describe(e.key, () => crudContract(() => env, e, OVERRIDES[e.key]));
});

/** Rows the venue's references point at (issue 13): players, one roomy ship, one great line. */
const CT_SHIP = '1999000000000000101';
const CT_LINE = '1999000000000000102';
const CT_PLAYERS = 3000;
const CT_PLAYER = (n: number) => `ctp${String(n % CT_PLAYERS).padStart(6, '0')}`;

async function venueFixtures(ctx: TestApp['ctx']): Promise<void> {
  const db = ctx.db.db;
  const audit = { create_by: 'test', create_time: '2020-01-01 00:00:00' };
  await db
    .insertInto('pirate_ship')
    .values({ id: CT_SHIP, ship_no: 'CT-SHIP', ship_name: '契约船', max_members: 100000, member_count: 0, status: 0, ...audit })
    .execute();
  await db
    .insertInto('great_line')
    .values({ id: CT_LINE, line_code: 'ct_line', line_name: '契约航路', ...audit })
    .execute();
  for (let i = 0; i < CT_PLAYERS; i += 300) {
    const rows = Array.from({ length: Math.min(300, CT_PLAYERS - i) }, (_, k) => ({
      id: CT_PLAYER(i + k),
      nickname: `契约玩家${i + k}`,
      del_flag: 0,
      status: 1,
      ...audit,
    }));
    await db.insertInto('book_user').values(rows).execute();
  }
}
