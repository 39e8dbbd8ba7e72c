import type { AppContext } from '../../src/core/context.js';
import { newId } from '../../src/core/id.js';
import { now } from '../../src/core/time.js';

/** Game rows for the play tests, written straight into the tables (the screens that own them are other modules). */
export class PlayFixture {
  private n = 0;
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db.db;
  }

  private seq(prefix: string): string {
    this.n += 1;
    return `${prefix}${Date.now().toString(36)}${this.n}`;
  }

  async line(): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('great_line')
      .values({ id, line_code: this.seq('L'), line_name: '测试航路', status: 1, create_time: now() })
      .execute();
    return id;
  }

  async place(o: { line?: string | null; score?: number; status?: number } = {}): Promise<{ id: string; nfc: string }> {
    const id = newId();
    const nfc = this.seq('PN');
    await this.db
      .insertInto('sign_place')
      .values({
        id,
        place_no: this.seq('P'),
        place_name: `岛屿${this.n}`,
        great_line_id: o.line ?? null,
        nfc_code: nfc,
        sign_score: o.score ?? 10,
        status: o.status ?? 1,
        create_time: now(),
      })
      .execute();
    return { id, nfc };
  }

  /** A player with a reservation and a bracelet in use. */
  async player(
    o: { line?: string | null; braceletStatus?: number } = {},
  ): Promise<{ userId: string; reservationId: string; nfcUid: string; braceletNo: string }> {
    const userId = newId();
    const reservationId = newId();
    const nfcUid = this.seq('NFC');
    const braceletNo = this.seq('B');
    await this.db
      .insertInto('book_user')
      .values({ id: userId, nickname: `玩家${this.n}`, status: 1, del_flag: 0, create_time: now() })
      .execute();
    await this.db
      .insertInto('book_reservation_info')
      .values({ id: reservationId, reservation_no: this.seq('YY'), user_id: userId, great_line_id: o.line ?? null, status: 1, create_time: now() })
      .execute();
    await this.db
      .insertInto('bracelet')
      .values({
        id: newId(),
        bracelet_no: braceletNo,
        nfc_uid: nfcUid,
        user_id: userId,
        reservation_id: reservationId,
        status: o.braceletStatus ?? 1,
        create_time: now(),
      })
      .execute();
    return { userId, reservationId, nfcUid, braceletNo };
  }

  async question(type: number, answer: string, score = 5, place: string | null = null): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('question_bank')
      .values({ id, question_type: type, title: '题目', answer, score, sign_place_id: place, status: 1, del_flag: 0, create_time: now() })
      .execute();
    return id;
  }

  async chest(
    o: {
      remain?: number | null;
      unlockType?: number;
      unlockValue?: string;
      rewardType?: number;
      rewardValue?: number;
      honorId?: string;
      place?: string;
    } = {},
  ): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('treasure_chest')
      .values({
        id,
        chest_no: this.seq('BX'),
        chest_name: '金宝箱',
        sign_place_id: o.place ?? null,
        nfc_code: this.seq('CN'),
        unlock_type: o.unlockType ?? 1,
        unlock_value: o.unlockValue ?? null,
        reward_type: o.rewardType ?? 1,
        reward_value: o.rewardValue ?? 20,
        reward_honor_id: o.honorId ?? null,
        total_count: o.remain ?? null,
        remain_count: o.remain === undefined ? 10 : o.remain,
        status: 1,
        create_time: now(),
      })
      .execute();
    return id;
  }

  async task(o: { type: number; target?: string | null; count?: number; cycle?: number; reward?: number; honorId?: string }): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('activity_task')
      .values({
        id,
        task_code: this.seq('T'),
        task_name: `任务${this.n}`,
        task_type: o.type,
        target_id: o.target ?? null,
        target_count: o.count ?? 1,
        cycle: o.cycle ?? 0,
        reward_score: o.reward ?? 0,
        reward_honor_id: o.honorId ?? null,
        status: 1,
        create_time: now(),
      })
      .execute();
    return id;
  }

  async honor(o: { cond: number; value: number; reward?: number; name?: string }): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('honor')
      .values({
        id,
        honor_code: this.seq('H'),
        honor_name: o.name ?? `荣誉${this.n}`,
        condition_type: o.cond,
        condition_value: o.value,
        reward_score: o.reward ?? 0,
        status: 1,
        create_time: now(),
      })
      .execute();
    return id;
  }

  /** The ledger invariant of every player: history sums to the balance, available = total − used. */
  async ledgerBroken(): Promise<string[]> {
    const rows = await this.db.selectFrom('pirate_score').select(['user_id', 'total_score', 'available_score', 'used_score']).execute();
    const sums = await this.db
      .selectFrom('user_score_history')
      .select(['user_id', (eb) => eb.fn.sum<number>('change_score').as('s')])
      .groupBy('user_id')
      .execute();
    const sum = new Map(sums.map((r) => [r.user_id, Number(r.s)]));
    const bad: string[] = [];
    for (const r of rows) {
      if (Number(r.available_score) !== Number(r.total_score) - Number(r.used_score)) bad.push(`${r.user_id}: available ≠ total − used`);
      if ((sum.get(r.user_id) ?? 0) !== Number(r.available_score)) bad.push(`${r.user_id}: history ${sum.get(r.user_id)} ≠ available ${r.available_score}`);
    }
    return bad;
  }
}
