import { gameOrderEntity, goodsEntity, payCallbackRecordEntity } from '@pk/contract';
import type { CrudBinding, Values } from '../../../core/crud/index.js';
import { BadRequestError, MSG } from '../../../core/envelope/errors.js';
import { plainText, sanitizeRichHtml } from '../../../core/html/sanitize.js';

/** Texts of 商品 / 订单 / 支付回调 (issue 13 points 8, 9). */
export const SHOP_MSG = {
  /** The generated CRUD shape (contract §12.9). */
  edited: MSG.editedAlt,
  batchDeleted: MSG.batchDeletedAscii,
  badPrice: '价格不能小于0',
  badScorePrice: '积分价格不能小于0',
  badStock: '库存不能小于0',
  badLimit: '每人限购不能小于0',
  badPayType: '支付方式不正确',
  badStatus: '商品状态不正确',
  needPrice: '现金支付的商品须填写大于0的价格',
  needScorePrice: '积分支付的商品须填写大于0的积分价格',
  // orders
  userRequired: '用户不能为空',
  goodsRequired: '商品不能为空',
  badQuantity: '购买数量须为1到999的整数',
  orderPayTypeInvalid: '支付方式须为 1（微信支付）、3（积分）或 both（现金+积分）',
  userNotFound: '用户不存在',
  goodsNotFound: '商品不存在',
  goodsNotOnSale: '商品未上架',
  stockShort: '库存不足',
  payTypeMismatch: '该商品不支持此支付方式',
  overLimit: (limit: number) => `超出每人限购数量（${limit}）`,
  reservationNotFound: '预约不存在',
  orderNoFailed: '订单号生成失败',
  created: '下单成功',
  orderNotFound: '订单不存在',
  cancelled: '订单已取消',
  cannotCancel: '只有待支付的订单可以取消',
  pickupRequired: '取货码不能为空',
  pickupInvalid: '取货码无效',
  pickupUsed: '该取货码已核销',
  cannotRedeem: '订单未支付或已退款，不能核销',
  redeemed: '核销成功',
  completed: '订单已完成',
  cannotComplete: '只有已核销的订单可以完成',
  refundReasonRequired: '退款原因不能为空',
  cannotRefund: '只有已支付或已核销的订单可以退款',
  refunded: '退款成功',
  refunding: '已提交退款，等待退款回调',
  orderChanged: '订单状态已变化，请刷新后重试',
} as const;

const PAY_TYPES = [1, 2, 3];
const STATUSES = [0, 1, 2, 3];

function num(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : NaN;
}

/**
 * A goods row as saved: prices ≥ 0 (money in yuan with 2 decimals), the pay type consistent with the prices (money
 * needs a price, score a score price), stock and limit whole numbers ≥ 0, the name plain text, the intro sanitised.
 * `soldCount` is never written from a body (readOnly); stock moves by orders' conditional UPDATEs after creation.
 */
export function checkGoods(values: Values, existing: Values | null): void {
  const merged = { ...(existing ?? {}), ...values };
  const price = num(merged.price);
  const scorePrice = num(merged.scorePrice);
  if (price !== null && (Number.isNaN(price) || price < 0 || price > 99_999_999)) throw new BadRequestError(SHOP_MSG.badPrice);
  if (scorePrice !== null && (!Number.isSafeInteger(scorePrice) || scorePrice < 0)) throw new BadRequestError(SHOP_MSG.badScorePrice);
  const stock = num(merged.stock);
  if (stock !== null && (!Number.isSafeInteger(stock) || stock < 0)) throw new BadRequestError(SHOP_MSG.badStock);
  const limit = num(merged.limitPerUser);
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0)) throw new BadRequestError(SHOP_MSG.badLimit);
  const payType = num(merged.payType);
  if (payType === null || !PAY_TYPES.includes(payType)) throw new BadRequestError(SHOP_MSG.badPayType);
  const status = num(merged.status);
  if (status !== null && !STATUSES.includes(status)) throw new BadRequestError(SHOP_MSG.badStatus);
  if ((payType === 1 || payType === 3) && !(price !== null && price > 0)) throw new BadRequestError(SHOP_MSG.needPrice);
  if ((payType === 2 || payType === 3) && !(scorePrice !== null && scorePrice > 0)) throw new BadRequestError(SHOP_MSG.needScorePrice);
  if (price !== null && 'price' in values) values.price = Math.round(price * 100) / 100;
  if (typeof values.goodsName === 'string') values.goodsName = plainText(values.goodsName);
  if (typeof values.intro === 'string') values.intro = sanitizeRichHtml(values.intro);
}

/** 商品: soft delete (del_flag), the checks above on every save. */
export const goodsBinding: CrudBinding = {
  entity: goodsEntity,
  table: 'goods',
  softDelete: true,
  orgCode: true,
  readOnlyProps: ['soldCount', 'delFlag'],
  messages: { edited: SHOP_MSG.edited, batchDeleted: SHOP_MSG.batchDeleted },
  hooks: {
    async beforeSave(values, c) {
      let existing: Values | null = null;
      if (!c.isNew) {
        const row = await c.trx
          .selectFrom('goods')
          .select(['price', 'score_price', 'pay_type', 'stock', 'limit_per_user', 'status'])
          .where('id', '=', c.id)
          .executeTakeFirst();
        if (row)
          existing = {
            price: row.price,
            scorePrice: row.score_price,
            payType: row.pay_type,
            stock: row.stock,
            limitPerUser: row.limit_per_user,
            status: row.status,
          };
      }
      checkGoods(values, existing);
    },
  },
};

/** 订单: list, export, delete; made and moved by the order endpoints (routes.ts), never by add/edit. */
export const gameOrderBinding: CrudBinding = {
  entity: gameOrderEntity,
  table: 'game_order',
  messages: { edited: SHOP_MSG.edited, batchDeleted: SHOP_MSG.batchDeleted },
};

/** 支付回调记录: read-only (list, detail with raw_body, export); rows come from the callback route only. */
export const payCallbackRecordBinding: CrudBinding = {
  entity: payCallbackRecordEntity,
  table: 'pay_callback_record',
};
