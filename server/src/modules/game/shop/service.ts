import { randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db, DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { formatDateTime, now } from '../../../core/time.js';
import { likeExpr } from '../../../core/query/index.js';
import { executeRule } from '../../system/fillRule/service.js';
import { applyScoreChange, ledgerTransaction } from '../score/ledger.js';
import { SCORE_CHANGE } from '../rules.js';
import { SHOP_MSG } from './definition.js';

/** order_status (jeecg-schema §4.4). */
export const ORDER_STATUS = { unpaid: 0, paid: 1, redeemed: 2, completed: 3, cancelled: 4, refunding: 5, refunded: 6, closed: 7 } as const;
/** pay_type / pay_status of an order. */
export const PAY_TYPE = { wechat: 1, score: 3 } as const;
export const PAY_STATUS = { unpaid: 0, paid: 1, refunded: 2 } as const;
/** goods_status / goods_pay_type. */
export const GOODS_STATUS = { draft: 0, onSale: 1, offShelf: 2, soldOut: 3 } as const;
export const GOODS_PAY = { money: 1, score: 2, both: 3 } as const;

/** Orders that count towards a player's per-user limit: all but cancelled, refunded and closed ones. */
const NOT_COUNTED = [ORDER_STATUS.cancelled, ORDER_STATUS.refunded, ORDER_STATUS.closed];
export const ORDER_BIZ = 'game_order';
export const MAX_QUANTITY = 999;

/** Pickup codes: 8 characters of an alphabet without look-alikes (32^8 ≈ 1.1e12), from the CSPRNG. */
const PICKUP_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PICKUP_RE = /^[2-9A-HJ-NP-Z]{8}$/;
export function newPickupCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += PICKUP_ALPHABET[randomInt(PICKUP_ALPHABET.length)];
  return s;
}

/** Money (decimal yuan, a number or a string depending on the driver) in fen. */
export function fen(v: unknown): number {
  const n = Number(v ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}
const yuan = (f: number): number => f / 100;

type Tx = Kysely<Database>;
type OrderRow = Database['game_order'] extends infer T ? { [K in keyof T]: unknown } : never;

/**
 * The order transaction: the ledger's (READ COMMITTED, so that a count after a row lock sees what committed before it
 * on MySQL; run again when picked as a deadlock victim).
 */
function orderTx<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return ledgerTransaction(db.db, work);
}

export interface CreateOrderInput {
  userId: string;
  goodsId: string;
  quantity: number;
  /** 1 WeChat Pay (money goods), 3 score (score goods), 'both' (money + score goods). */
  payType: 1 | 3 | 'both';
  reservationId: string | null;
  by: string | null;
}

/**
 * Make an order (issue 13 point 8) in ONE transaction: the stock is taken by one conditional UPDATE of the goods row
 * (on sale, not deleted, `stock >= q`; 售罄 at 0), which also locks that row, so parallel orders of one goods run the
 * rest one after the other: the player's per-user count read next (READ COMMITTED) sees every order committed before.
 * The score part is paid at once through the ledger; a score-only order is paid with a pickup code, a money order
 * waits for the pay callback.
 */
export async function createOrder(app: FastifyInstance, input: CreateOrderInput): Promise<Record<string, unknown>> {
  const { db } = app.ctx;
  const user = await db.db.selectFrom('book_user').select('id').where('id', '=', input.userId).where('del_flag', '=', 0).executeTakeFirst();
  if (!user) throw new BizError(SHOP_MSG.userNotFound);
  if (input.reservationId) {
    const r = await db.db.selectFrom('book_reservation_info').select('id').where('id', '=', input.reservationId).executeTakeFirst();
    if (!r) throw new BizError(SHOP_MSG.reservationNotFound);
  }
  const orderNo = await executeRule(db, app.log, 'game_order_num', {});
  if (typeof orderNo !== 'string' || !orderNo) throw new BizError(SHOP_MSG.orderNoFailed);
  const q = input.quantity;
  const id = newId();
  await orderTx(db, async (tx) => {
    const time = now();
    const taken = await tx
      .updateTable('goods')
      // status first: MySQL evaluates SET left to right with the new values, the others with the old ones.
      .set({
        status: sql`case when stock - ${q} <= 0 then ${GOODS_STATUS.soldOut} else status end`,
        stock: sql`stock - ${q}`,
        sold_count: sql`sold_count + ${q}`,
        update_time: time,
      })
      .where('id', '=', input.goodsId)
      .where('del_flag', '=', 0)
      .where('status', '=', GOODS_STATUS.onSale)
      .where('stock', '>=', q)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) {
      const g = await tx.selectFrom('goods').select(['status', 'del_flag']).where('id', '=', input.goodsId).executeTakeFirst();
      if (!g || Number(g.del_flag) === 1) throw new BizError(SHOP_MSG.goodsNotFound);
      if (Number(g.status) !== GOODS_STATUS.onSale && Number(g.status) !== GOODS_STATUS.soldOut) throw new BizError(SHOP_MSG.goodsNotOnSale);
      throw new BizError(SHOP_MSG.stockShort);
    }
    const g = await tx
      .selectFrom('goods')
      .select(['goods_name', 'price', 'score_price', 'pay_type', 'limit_per_user'])
      .where('id', '=', input.goodsId)
      .executeTakeFirstOrThrow();
    const goodsPay = Number(g.pay_type);
    const wanted = input.payType === 'both' ? GOODS_PAY.both : input.payType === PAY_TYPE.score ? GOODS_PAY.score : GOODS_PAY.money;
    if (goodsPay !== wanted) throw new BizError(SHOP_MSG.payTypeMismatch);
    const limit = Number(g.limit_per_user ?? 0);
    if (limit > 0) {
      const had = await tx
        .selectFrom('game_order')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), sql<number>`0`).as('n'))
        .where('user_id', '=', input.userId)
        .where('goods_id', '=', input.goodsId)
        .where('order_status', 'not in', NOT_COUNTED)
        .executeTakeFirst();
      if (Number(had?.n ?? 0) + q > limit) throw new BizError(SHOP_MSG.overLimit(limit));
    }
    const unitFen = goodsPay === GOODS_PAY.score ? 0 : fen(g.price);
    const score = goodsPay === GOODS_PAY.money ? 0 : Number(g.score_price ?? 0) * q;
    const totalFen = unitFen * q;
    const scoreOnly = goodsPay === GOODS_PAY.score;
    await tx
      .insertInto('game_order')
      .values({
        id,
        order_no: orderNo,
        user_id: input.userId,
        goods_id: input.goodsId,
        goods_name: g.goods_name,
        quantity: q,
        unit_price: yuan(unitFen),
        total_amount: yuan(totalFen),
        score_amount: score,
        pay_amount: yuan(totalFen),
        pay_type: scoreOnly ? PAY_TYPE.score : PAY_TYPE.wechat,
        pay_status: scoreOnly ? PAY_STATUS.paid : PAY_STATUS.unpaid,
        order_status: scoreOnly ? ORDER_STATUS.paid : ORDER_STATUS.unpaid,
        pay_time: scoreOnly ? time : null,
        pickup_code: scoreOnly ? newPickupCode() : null,
        reservation_id: input.reservationId,
        create_by: input.by,
        create_time: time,
      })
      .execute();
    if (score > 0)
      await applyScoreChange(tx, db.dialect, {
        userId: input.userId,
        delta: -score,
        changeType: SCORE_CHANGE.spend,
        bizType: ORDER_BIZ,
        bizId: id,
        remark: `购买 ${g.goods_name ?? ''} ×${q}（${orderNo}）`,
        by: input.by,
      });
  });
  return orderById(db, id);
}

export async function orderById(db: Db, id: string): Promise<Record<string, unknown>> {
  const row = await db.db.selectFrom('game_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new BizError(SHOP_MSG.orderNotFound);
  return toWire(row);
}

/** A game_order row on the wire (camelCase, money as numbers). */
export function toWire(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = v;
  for (const k of ['unitPrice', 'totalAmount', 'payAmount', 'refundAmount']) if (out[k] !== null && out[k] !== undefined) out[k] = Number(out[k]);
  return out;
}

/** Give back what an order took: the stock (a sold-out goods is on sale again) and, when asked, its score part. */
async function giveBack(tx: Tx, dialect: DialectName, o: OrderRow, opts: { stock: boolean; score: boolean; by: string | null; remark: string }): Promise<void> {
  const q = Number(o.quantity ?? 0);
  if (opts.stock && q > 0)
    await tx
      .updateTable('goods')
      .set({
        status: sql`case when status = ${GOODS_STATUS.soldOut} then ${GOODS_STATUS.onSale} else status end`,
        stock: sql`stock + ${q}`,
        sold_count: sql`case when sold_count >= ${q} then sold_count - ${q} else 0 end`,
        update_time: now(),
      })
      .where('id', '=', String(o.goods_id))
      .execute();
  const score = Number(o.score_amount ?? 0);
  if (opts.score && score > 0)
    await applyScoreChange(tx, dialect, {
      userId: String(o.user_id),
      delta: score,
      changeType: SCORE_CHANGE.refund,
      bizType: ORDER_BIZ,
      bizId: String(o.id),
      remark: `${opts.remark}（${String(o.order_no)}）`,
      by: opts.by,
    });
}

async function lockedOrder(tx: Tx, id: string): Promise<OrderRow> {
  const o = await tx.selectFrom('game_order').selectAll().where('id', '=', id).executeTakeFirst();
  if (!o) throw new BizError(SHOP_MSG.orderNotFound);
  return o as OrderRow;
}

/** End an unpaid order (0 → 4 cancelled, or 0 → 7 closed by the timeout job): stock and score back, once. */
async function endUnpaid(db: Db, id: string, to: 4 | 7, by: string | null): Promise<boolean> {
  return orderTx(db, async (tx) => {
    const o = await lockedOrder(tx, id);
    const time = now();
    const r = await tx
      .updateTable('game_order')
      .set({ order_status: to, cancel_time: time, update_time: time, update_by: by })
      .where('id', '=', id)
      .where('order_status', '=', ORDER_STATUS.unpaid)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await giveBack(tx, db.dialect, o, { stock: true, score: true, by, remark: to === ORDER_STATUS.closed ? '订单超时关闭退回积分' : '订单取消退回积分' });
    return true;
  });
}

export async function cancelOrder(db: Db, id: string, by: string | null): Promise<void> {
  if (!(await endUnpaid(db, id, ORDER_STATUS.cancelled, by))) throw new BizError(SHOP_MSG.cannotCancel);
}

/** The timeout job: close unpaid orders older than `minutes` (0 → 7), stock and score back. Returns how many. */
export async function closeExpiredOrders(db: Db, minutes: number, limit = 500): Promise<number> {
  const cutoff = formatDateTime(new Date(Date.now() - minutes * 60_000));
  const rows = await db.db
    .selectFrom('game_order')
    .select('id')
    .where('order_status', '=', ORDER_STATUS.unpaid)
    .where('create_time', '<', cutoff)
    .orderBy('create_time')
    .limit(limit)
    .execute();
  let closed = 0;
  for (const r of rows) if (await endUnpaid(db, r.id, ORDER_STATUS.closed, 'OrderTimeoutJob')) closed++;
  return closed;
}

/** Redeem by pickup code (1 → 2): one conditional UPDATE, so a code is used once. */
export async function redeemOrder(db: Db, rawCode: string, by: string | null): Promise<Record<string, unknown>> {
  const code = rawCode.trim().toUpperCase();
  if (!PICKUP_RE.test(code)) throw new BizError(SHOP_MSG.pickupInvalid);
  const time = now();
  const r = await db.db
    .updateTable('game_order')
    .set({ order_status: ORDER_STATUS.redeemed, redeem_time: time, update_time: time, update_by: by })
    .where('pickup_code', '=', code)
    .where('order_status', '=', ORDER_STATUS.paid)
    .executeTakeFirst();
  const o = await db.db.selectFrom('game_order').selectAll().where('pickup_code', '=', code).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1 && o) return toWire(o);
  if (!o) throw new BizError(SHOP_MSG.pickupInvalid);
  const st = Number(o.order_status);
  if (st === ORDER_STATUS.redeemed || st === ORDER_STATUS.completed) throw new BizError(SHOP_MSG.pickupUsed);
  throw new BizError(SHOP_MSG.cannotRedeem);
}

/** Complete a redeemed order (2 → 3). */
export async function completeOrder(db: Db, id: string, by: string | null): Promise<void> {
  const time = now();
  const r = await db.db
    .updateTable('game_order')
    .set({ order_status: ORDER_STATUS.completed, update_time: time, update_by: by })
    .where('id', '=', id)
    .where('order_status', '=', ORDER_STATUS.redeemed)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 1) return;
  const o = await db.db.selectFrom('game_order').select('id').where('id', '=', id).executeTakeFirst();
  throw new BizError(o ? SHOP_MSG.cannotComplete : SHOP_MSG.orderNotFound);
}

/**
 * Refund a paid or redeemed order: its score part back at once; its money part → 5 退款中 until the refund callback
 * moves it to 6 (an order without money → 6 at once). The stock comes back when the goods was not handed over yet.
 */
export async function refundOrder(db: Db, id: string, reason: string, by: string | null): Promise<{ refunding: boolean }> {
  return orderTx(db, async (tx) => {
    const o = await lockedOrder(tx, id);
    const from = Number(o.order_status);
    if (from !== ORDER_STATUS.paid && from !== ORDER_STATUS.redeemed) throw new BizError(SHOP_MSG.cannotRefund);
    const money = fen(o.pay_amount) > 0;
    const time = now();
    const r = await tx
      .updateTable('game_order')
      .set({
        order_status: money ? ORDER_STATUS.refunding : ORDER_STATUS.refunded,
        ...(money ? {} : { pay_status: PAY_STATUS.refunded, refund_time: time, refund_amount: 0 }),
        remark: reason.slice(0, 255),
        update_time: time,
        update_by: by,
      })
      .where('id', '=', id)
      .where('order_status', '=', from)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) throw new BizError(SHOP_MSG.orderChanged);
    await giveBack(tx, db.dialect, o, { stock: from === ORDER_STATUS.paid, score: true, by, remark: '订单退款退回积分' });
    return { refunding: money };
  });
}

/** The goods option list (`/shop/goods/goodsList`): live goods by name or number, for pickers. */
export async function goodsOptions(db: Db, keyword: string, limit: number, onSaleOnly: boolean): Promise<Record<string, unknown>[]> {
  let q = db.db
    .selectFrom('goods')
    .select(['id', 'goods_no', 'goods_name', 'price', 'score_price', 'pay_type', 'stock', 'status', 'limit_per_user'])
    .where('del_flag', '=', 0);
  if (onSaleOnly) q = q.where('status', '=', GOODS_STATUS.onSale);
  const k = keyword.trim();
  if (k) q = q.where((eb) => eb.or([likeExpr('goods_name', 'like', k, db.dialect), likeExpr('goods_no', 'like', k, db.dialect)]));
  const rows = await q.orderBy('sort_no').orderBy('goods_name').orderBy('id').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.goods_name,
    goodsNo: r.goods_no,
    price: Number(r.price ?? 0),
    scorePrice: r.score_price,
    payType: r.pay_type,
    stock: r.stock,
    status: r.status,
    limitPerUser: r.limit_per_user,
  }));
}
