import { isUniqueViolation } from '../../../core/db/uniqueViolation.js';
import type { FastifyInstance } from 'fastify';
import { fileStore, putFile } from '../../../core/files/store.js';
import { formatDateTime, now } from '../../../core/time.js';
import { insertMissing, type Tx } from '../index.js';
import {
  DEMO_BY,
  DEMO_MATERIALS,
  DEMO_MESSAGES,
  DEMO_POLICIES,
  demoBracelets,
  demoChests,
  demoGoods,
  demoHonors,
  demoId,
  demoImageFiles,
  demoLines,
  demoPlayers,
  demoQuestions,
  demoTasks,
} from './data.js';
import { playSeason, type SeasonReport } from './season.js';

/**
 * The demo venue (issue 13 point 11): with `SEED_DEMO=on` the server, once started, builds a playable venue —
 * master data (players, bracelets, great lines with their places, questions, chests, tasks, honors, goods,
 * policies, messages, picture materials) and then a season of activity played through the game's own services
 * (reservations booked, confirmed, checked in with bracelets and ships, sign-ins, answers, chests, orders,
 * check-outs, cancellations and no-shows), then one rank snapshot.
 *
 * Once: the marker row `demo-venue-v1` in sys_seed is CLAIMED first by an insert (its primary key decides between
 * two nodes starting together); the node that inserted it builds the venue, any later start does nothing. The
 * normal seed never runs this part. A run that dies half-way leaves a partial venue (start on a fresh database).
 */
export const DEMO_PART = 'demo-venue-v1';

export interface DemoResult {
  /** False when the marker was already there (nothing done). */
  built: boolean;
  ms: number;
  season: SeasonReport | null;
}

/** Claim the marker: true when this call inserted it. */
async function claim(app: FastifyInstance): Promise<boolean> {
  const { db } = app.ctx.db;
  const have = await db.selectFrom('sys_seed').select('name').where('name', '=', DEMO_PART).executeTakeFirst();
  if (have) return false;
  try {
    await db.insertInto('sys_seed').values({ name: DEMO_PART, applied_at: now() }).execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false; // another node claimed it between the read and the insert
    throw err;
  }
}

/** Build the demo venue unless it was built before. */
export async function seedDemoVenue(app: FastifyInstance): Promise<DemoResult> {
  const started = Date.now();
  if (!(await claim(app))) return { built: false, ms: Date.now() - started, season: null };
  await writeImages(app);
  await app.ctx.db.db.transaction().execute((tx) => insertMasterData(tx));
  const season = await playSeason(app);
  const ms = Date.now() - started;
  app.log.info({ ms, ...season }, 'demo venue built (SEED_DEMO=on)');
  return { built: true, ms, season };
}

/** The demo's pictures: small PNG files at upload/demo of the file store (served by /sys/common/static/demo/…); one already there is kept. */
async function writeImages(app: FastifyInstance): Promise<void> {
  const store = fileStore(app.ctx);
  for (const [rel, png] of demoImageFiles()) await putFile(store, rel, png);
}

/** A time `days` before now, 'yyyy-MM-dd HH:mm:ss'. */
export function daysAgo(days: number): string {
  return formatDateTime(new Date(Date.now() - days * 86_400_000));
}

/** The master data in one transaction (stable ids: a re-run after a crash adds only what is missing). */
export async function insertMasterData(tx: Tx): Promise<void> {
  const audit = { create_by: DEMO_BY, create_time: daysAgo(40) };
  const lines = demoLines();
  await insertMissing(
    tx,
    'book_user',
    demoPlayers().map((p) => ({ ...p, status: 1, del_flag: 0, remark: null, ...audit })),
  );
  await insertMissing(
    tx,
    'bracelet',
    demoBracelets().map((b) => ({ ...b, status: 0, user_id: null, reservation_id: null, ...audit })),
  );
  await insertMissing(
    tx,
    'great_line',
    lines.map((l, i) => ({
      id: l.id,
      line_code: l.line_code,
      line_name: l.line_name,
      cover_image: l.cover_image,
      intro: l.intro,
      difficulty: l.difficulty,
      estimated_minutes: l.estimated_minutes,
      place_count: l.places.length,
      max_score: l.places.reduce((s, p) => s + p.sign_score, 0),
      sort_no: i + 1,
      status: 1,
      ...audit,
    })),
  );
  const questions = demoQuestions(lines);
  await insertMissing(
    tx,
    'sign_place',
    lines.flatMap((l) =>
      l.places.map((p) => ({
        ...p,
        great_line_id: l.id,
        qr_code: `PK-${p.place_no}`,
        address: `海盗王乐园 ${l.line_name} ${p.line_sort} 号岛`,
        question_count: questions.filter((q) => q.sign_place_id === p.id).length,
        open_time: '09:00:00',
        close_time: '22:00:00',
        status: 1,
        ...audit,
      })),
    ),
  );
  await insertMissing(
    tx,
    'question_bank',
    questions.map(({ wrong: _wrong, ...q }, i) => ({ ...q, picture: null, sort_no: i + 1, status: 1, del_flag: 0, ...audit })),
  );
  const honors = demoHonors();
  await insertMissing(
    tx,
    'honor',
    honors.map((h, i) => ({ ...h, sort_no: i + 1, status: 1, ...audit })),
  );
  await insertMissing(
    tx,
    'treasure_chest',
    demoChests(lines).map((c) => ({
      ...c,
      reward_goods_id: null,
      reward_honor_id: null,
      remain_count: c.total_count,
      intro: `<p>${c.chest_name}</p>`,
      status: 1,
      ...audit,
    })),
  );
  await insertMissing(
    tx,
    'activity_task',
    demoTasks(lines).map((t, i) => ({
      ...t,
      reward_honor_id: null,
      start_time: daysAgo(45),
      end_time: formatDateTime(new Date(Date.now() + 365 * 86_400_000)),
      icon: null,
      intro: `<p>${t.task_name}</p>`,
      sort_no: i + 1,
      status: 1,
      ...audit,
    })),
  );
  await insertMissing(
    tx,
    'goods',
    demoGoods().map((g, i) => ({
      ...g,
      pictures: g.cover_image,
      sold_count: 0,
      sort_no: i + 1,
      status: 1,
      del_flag: 0,
      ...audit,
    })),
  );
  await insertMissing(
    tx,
    'policy',
    DEMO_POLICIES.map(({ key, ...p }) => ({ id: demoId('policy', key), ...p, effective_time: daysAgo(40), status: 1, ...audit })),
  );
  await insertMissing(
    tx,
    'game_message',
    DEMO_MESSAGES.map(({ key, ...m }, i) => ({
      id: demoId('message', key),
      ...m,
      target_ids: m.target_type === 2 ? demoId('user', 0) : null,
      // The first three are sent, the others drafts (the 消息 screen shows both).
      send_status: i < 3 ? 1 : 0,
      send_time: i < 3 ? daysAgo(30 - i * 7) : null,
      read_count: 0,
      ...audit,
    })),
  );
  await insertMissing(
    tx,
    'picture_material',
    DEMO_MATERIALS.map(({ key, ...m }, i) => ({
      id: demoId('material', key),
      ...m,
      file_size: 400,
      width: m.material_type <= 2 ? 640 : 200,
      height: 200,
      sort_no: i + 1,
      status: 1,
      ...audit,
    })),
  );
}
