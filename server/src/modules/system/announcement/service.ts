import type { AnnouncementItem, AnnouncementListByUser, MyAnnouncementSend, PageResult } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { announcementVersion, bumpAnnouncementVersion, bumpUserAnnouncementVersion } from '../../../core/notify/announcementVersion.js';
import type { SessionUser } from '../../../core/access/types.js';
import { checkId, resolveBinding, toWire, type ResolvedBinding } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { page } from '../../../core/envelope/result.js';
import { newId } from '../../../core/id.js';
import { likeExpr, type Paging } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';

type Db = Kysely<Database>;
type SendCols = 'read_flag' | 'read_time' | 'create_by' | 'create_time';

/** Insert send rows; a row that exists for (annt_id, user_id) is left alone (unique index of migration 0006). */
async function insertSends(db: Db, dialect: DialectName, rows: Array<Partial<Record<SendCols, string | null>> & { annt_id: string; user_id: string }>) {
  if (!rows.length) return;
  const values = rows.map((r) => ({ id: newId(), read_flag: '0', ...r }));
  const q = db.insertInto('sys_announcement_send').values(values);
  if (dialect === 'mysql') await q.ignore().execute();
  else await q.onConflict((oc) => oc.columns(['annt_id', 'user_id']).doNothing()).execute();
}

/**
 * A USER notice's send rows follow its `user_ids` (contract §8.2 add/edit): missing rows added unread, rows of
 * users no longer listed deleted. Other notices are left alone (their rows are made on demand by listByUser).
 */
export async function syncUserSends(trx: Db, dialect: DialectName, anntId: string, by: string | null): Promise<void> {
  const row = await trx.selectFrom('sys_announcement').select(['msg_type', 'user_ids']).where('id', '=', anntId).executeTakeFirst();
  if (!row || row.msg_type !== 'USER') return;
  const wanted = userIdsOf(row.user_ids);
  const have = (await trx.selectFrom('sys_announcement_send').select('user_id').where('annt_id', '=', anntId).execute()).map((r) => r.user_id ?? '');
  const gone = have.filter((u) => !wanted.includes(u));
  if (gone.length) await trx.deleteFrom('sys_announcement_send').where('annt_id', '=', anntId).where('user_id', 'in', gone).execute();
  const t = now();
  await insertSends(
    trx,
    dialect,
    wanted.filter((u) => !have.includes(u)).map((u) => ({ annt_id: anntId, user_id: u, create_by: by, create_time: t })),
  );
}

/** The ids of a stored `user_ids` ("id1,id2,"). */
export function userIdsOf(userIds: string | null | undefined): string[] {
  return [
    ...new Set(
      (userIds ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Filters of `getMyAnnouncementSend` (contract §8.2). */
export interface MySendFilters {
  titile?: string;
  sender?: string;
  readFlag?: string;
  busType?: string;
  msgCategory?: string;
  bizSource?: string;
}

/** What `show/{id}` may show: the notice, or null (404). */
export interface ShownNotice {
  titile: string;
  sender: string;
  sendTime: string;
  msgContent: string;
}

/**
 * Publishing, read state and the user's notices (contract §8.2). The ALL notices' send rows are created on demand
 * by `listByUser` with insert-ignore against the unique (annt_id, user_id): parallel calls on any node make one row.
 */
export class AnnouncementService {
  private readonly wire: ResolvedBinding;
  /**
   * listByUser answers by user and pageSize, each with the shared version it was computed under
   * (core/notify/announcementVersion.ts): used while the version has not moved, so no write on any node is missed.
   */
  private readonly answers = new Map<string, { version: string; answer: Promise<AnnouncementListByUser> }>();
  private static readonly MAX_ANSWERS = 10_000;

  constructor(
    private readonly app: FastifyInstance,
    binding: Parameters<typeof resolveBinding>[0],
  ) {
    this.wire = resolveBinding(binding);
  }

  private get ctx(): AppContext {
    return this.app.ctx;
  }
  private get db(): Db {
    return this.ctx.db.db;
  }

  private item(row: Record<string, unknown>): AnnouncementItem {
    return toWire(this.wire, row) as unknown as AnnouncementItem;
  }

  /** doReleaseData: published now by the caller, then the live push (ALL → topic, USER → its users). */
  async release(rawId: unknown, user: SessionUser): Promise<void> {
    const id = checkId(rawId);
    const row = await this.db
      .selectFrom('sys_announcement')
      .select(['titile', 'msg_type', 'user_ids'])
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) throw new BizError(MSG.notFound);
    const t = now();
    await this.db
      .updateTable('sys_announcement')
      .set({ send_status: '1', send_time: t, sender: user.username, update_by: user.username, update_time: t })
      .where('id', '=', id)
      .execute();
    await this.changed(); // before the push: the bells it reloads must not get an answer of before the publish
    await this.push(id, row.titile ?? '', row.msg_type, row.user_ids);
  }

  /**
   * A write to the notices or the send rows was committed: every node's listByUser answers are out of date; with a
   * userId, only that user's (its own read marks).
   */
  async changed(userId?: string): Promise<void> {
    if (userId) await bumpUserAnnouncementVersion(this.ctx.kv, userId);
    else await bumpAnnouncementVersion(this.ctx.kv);
  }

  private async push(id: string, titile: string, msgType: string | null, userIds: string | null): Promise<void> {
    try {
      if (msgType === 'USER') await this.app.notifier.toUsers(userIdsOf(userIds), id, titile);
      else await this.app.notifier.toAll(id, titile);
    } catch (err) {
      this.app.log.warn({ err }, 'announcement push failed'); // a push never fails the publish (contract: swallowed)
    }
  }

  /** doReovkeData: revoked now. */
  async revoke(rawId: unknown, user: SessionUser): Promise<void> {
    const id = checkId(rawId);
    const t = now();
    const r = await this.db
      .updateTable('sys_announcement')
      .set({ send_status: '2', cancel_time: t, update_by: user.username, update_time: t })
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw new BizError(MSG.notFound);
    await this.changed();
  }

  /**
   * Step 1 of listByUser: a send row for every published ALL notice this user has none of yet whose end_time is ≥ the
   * user's create_time (contract §8.2) or empty. The form leaves 开始/结束时间 optional: no end time means "until
   * revoked" (the original's NULL end_time reached nobody, issue 23 point 15), no start time "from publication" (the
   * start time gates nothing here, as in the original).
   */
  async materialise(userId: string): Promise<void> {
    const user = await this.db.selectFrom('sys_user').select('create_time').where('id', '=', userId).executeTakeFirst();
    const created = user?.create_time;
    if (!created) return; // a NULL create_time never matches (contract: NULL compares false)
    const missing = await this.db
      .selectFrom('sys_announcement as a')
      .select('a.id')
      .where('a.msg_type', '=', 'ALL')
      .where('a.del_flag', '=', '0')
      .where('a.send_status', '=', '1')
      .where((eb) => eb.or([eb('a.end_time', 'is', null), eb('a.end_time', '>=', created)]))
      // NOT IN over the user's own send rows (read once through idx_sas_user_read, migration 0010), not a probe of the
      // whole send table per notice: SQLite builds one ephemeral index of the list, PostgreSQL a hashed subplan.
      .where('a.id', 'not in', (eb) =>
        eb.selectFrom('sys_announcement_send as s').select('s.annt_id').where('s.user_id', '=', userId).where('s.annt_id', 'is not', null),
      )
      .execute();
    const t = now();
    await insertSends(
      this.db,
      this.ctx.db.dialect,
      missing.map((m) => ({ annt_id: m.id, user_id: userId, create_time: t })),
    );
  }

  /** The unread published notices of a user in one category (contract §8.2 step 2 and 3). */
  private unread(userId: string, category?: '1' | '2') {
    const q = this.db
      .selectFrom('sys_announcement as a')
      .innerJoin('sys_announcement_send as s', 's.annt_id', 'a.id')
      .where('s.user_id', '=', userId)
      .where('s.read_flag', '=', '0')
      .where('a.send_status', '=', '1')
      .where('a.del_flag', '=', '0');
    return category ? q.where('a.msg_category', '=', category) : q;
  }

  /**
   * listByUser (contract §8.2). The answer is kept per user and pageSize with the shared version read BEFORE it was
   * computed: while the version is unchanged nothing it was computed from has changed (every write bumps it after its
   * commit), so the kept answer is the one the algorithm would give now, the on-demand insert included (no new ALL
   * notice to make rows of). One KV read per request instead of the algorithm.
   */
  async listByUser(userId: string, pageSize: number): Promise<AnnouncementListByUser> {
    const version = await announcementVersion(this.ctx.kv, userId);
    const key = `${userId}\u0000${pageSize}`;
    const kept = this.answers.get(key);
    if (kept && kept.version === version) return kept.answer;
    // Requests arriving while it is computed under the same version share it (one computation after a write, not one each).
    const answer = this.computeListByUser(userId, pageSize);
    const entry = { version, answer };
    this.answers.delete(key);
    if (this.answers.size >= AnnouncementService.MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value as string);
    this.answers.set(key, entry);
    try {
      return await answer;
    } catch (err) {
      if (this.answers.get(key) === entry) this.answers.delete(key); // a failure is not kept
      throw err;
    }
  }

  private async computeListByUser(userId: string, pageSize: number): Promise<AnnouncementListByUser> {
    await this.materialise(userId);
    const part = async (category: '1' | '2') => {
      // The page's ids first (the sort carries two columns, not whole notices with their bodies), then those rows.
      const pageRows = async () => {
        const ids = (await this.unread(userId, category).select('a.id').orderBy('a.create_time', 'desc').orderBy('a.id', 'desc').limit(pageSize).execute()).map(
          (r) => r.id,
        );
        if (!ids.length) return [];
        return this.db
          .selectFrom('sys_announcement as a')
          .selectAll('a')
          .where('a.id', 'in', ids)
          .orderBy('a.create_time', 'desc')
          .orderBy('a.id', 'desc')
          .execute();
      };
      return (await pageRows()).map((r) => this.item(r));
    };
    // Both unread totals in one pass over the user's unread rows.
    const totals = async () => {
      const rows = await this.unread(userId)
        .select('a.msg_category')
        .select((eb) => eb.fn.countAll().as('n'))
        .groupBy('a.msg_category')
        .execute();
      const of = (c: string) => Number(rows.find((r) => r.msg_category === c)?.n ?? 0);
      return { annt: of('1'), sys: of('2') };
    };
    const [anntMsgList, sysMsgList, total] = await Promise.all([part('1'), part('2'), totals()]);
    return { anntMsgList, anntMsgTotal: total.annt, sysMsgList, sysMsgTotal: total.sys };
  }

  /** editByAnntIdAndUserId: the caller's row of this notice read now (made read when an ALL notice has none yet). */
  async markRead(rawAnntId: unknown, userId: string): Promise<void> {
    const anntId = checkId(rawAnntId);
    const t = now();
    const r = await this.db
      .updateTable('sys_announcement_send')
      .set({ read_flag: '1', read_time: t, update_time: t })
      .where('annt_id', '=', anntId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows)) return this.changed(userId);
    const a = await this.db
      .selectFrom('sys_announcement')
      .select('id')
      .where('id', '=', anntId)
      .where('msg_type', '=', 'ALL')
      .where('send_status', '=', '1')
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!a) return;
    await insertSends(this.db, this.ctx.db.dialect, [{ annt_id: anntId, user_id: userId, read_flag: '1', read_time: t, create_time: t }]);
    await this.db
      .updateTable('sys_announcement_send')
      .set({ read_flag: '1', read_time: t })
      .where('annt_id', '=', anntId)
      .where('user_id', '=', userId)
      .execute();
    await this.changed(userId);
  }

  /** readAll: every notice of the caller read (the ALL ones not listed yet included). */
  async readAll(userId: string): Promise<void> {
    await this.materialise(userId);
    const t = now();
    await this.db
      .updateTable('sys_announcement_send')
      .set({ read_flag: '1', read_time: t, update_time: t })
      .where('user_id', '=', userId)
      .where('read_flag', '=', '0')
      .execute();
    await this.changed(userId);
  }

  /** getMyAnnouncementSend: the caller's published notices, unread first, then newest sendTime. */
  async mySends(userId: string, f: MySendFilters, p: Paging): Promise<PageResult<MyAnnouncementSend>> {
    await this.materialise(userId);
    const dialect = this.ctx.db.dialect;
    let q = this.db
      .selectFrom('sys_announcement_send as s')
      .innerJoin('sys_announcement as a', 'a.id', 's.annt_id')
      .where('a.send_status', '=', '1')
      .where('a.del_flag', '=', '0')
      .where('s.user_id', '=', userId);
    if (f.titile) q = q.where(likeExpr('a.titile', 'like', f.titile, dialect));
    if (f.sender) q = q.where(likeExpr('a.sender', 'like', f.sender, dialect));
    if (f.readFlag) q = q.where('s.read_flag', '=', f.readFlag);
    if (f.busType) q = q.where('a.bus_type', '=', f.busType);
    if (f.msgCategory) q = q.where('a.msg_category', '=', f.msgCategory);
    if (f.bizSource === 'isNoBpm') q = q.where((eb) => eb.or([eb('a.bus_type', 'is', null), eb('a.bus_type', '<>', 'bpm')]));
    const [rows, total] = await Promise.all([
      q
        .select([
          's.id',
          's.annt_id',
          's.user_id',
          's.read_flag',
          's.read_time',
          'a.titile',
          'a.msg_content',
          'a.sender',
          'a.priority',
          'a.msg_category',
          'a.send_time',
          'a.bus_id',
          'a.bus_type',
          'a.open_type',
          'a.open_page',
          'a.msg_abstract',
        ])
        .orderBy('s.read_flag', 'asc')
        .orderBy('a.send_time', 'desc')
        .orderBy('s.id', 'desc')
        .limit(p.limit)
        .offset(p.offset)
        .execute(),
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    const records: MyAnnouncementSend[] = rows.map((r) => ({
      id: r.id,
      anntId: r.annt_id ?? '',
      userId: r.user_id ?? '',
      readFlag: r.read_flag,
      readTime: r.read_time,
      titile: r.titile,
      msgContent: r.msg_content,
      sender: r.sender,
      priority: r.priority,
      msgCategory: r.msg_category,
      sendTime: r.send_time,
      busId: r.bus_id,
      busType: r.bus_type,
      openType: r.open_type,
      openPage: r.open_page,
      msgAbstract: r.msg_abstract,
    }));
    return page(records, Number(total.n), p.pageNo, p.pageSize);
  }

  /** syncNotic with an id: the notice's push again (published, not deleted); unknown → 未找到对应实体. */
  async repush(rawId: unknown): Promise<void> {
    const id = checkId(rawId);
    const row = await this.db
      .selectFrom('sys_announcement')
      .select(['titile', 'msg_type', 'user_ids'])
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) throw new BizError(MSG.notFound);
    await this.push(id, row.titile ?? '', row.msg_type, row.user_ids);
  }

  /**
   * show/{id}: a published notice to its audience (everyone for ALL, the listed users for USER), any notice to a
   * signed-in user with the 系统通告 list code; deleted ones to nobody.
   */
  async shown(rawId: string, user: SessionUser | null, mayList: boolean): Promise<ShownNotice | null> {
    let id: string;
    try {
      id = checkId(rawId);
    } catch {
      return null;
    }
    const row = await this.db
      .selectFrom('sys_announcement')
      .select(['titile', 'sender', 'send_time', 'msg_content', 'send_status', 'msg_type', 'user_ids'])
      .where('id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!row) return null;
    const published = row.send_status === '1';
    const audience = row.msg_type !== 'USER' || (!!user && userIdsOf(row.user_ids).includes(user.id));
    if (!mayList && !(published && audience)) return null;
    return { titile: row.titile ?? '', sender: row.sender ?? '', sendTime: row.send_time ?? '', msgContent: row.msg_content ?? '' };
  }
}
