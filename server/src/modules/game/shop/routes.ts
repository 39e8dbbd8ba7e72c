import type { FastifyInstance } from 'fastify';
import { gameOrderEntity, goodsEntity } from '@pk/contract';
import { perm, PUBLIC } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { bodyOf, int, queryOf, text } from '../../../core/http/routeSchemas.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { gameOrderBinding, goodsBinding, payCallbackRecordBinding, SHOP_MSG } from './definition.js';
import { handleWechatNotify } from './payNotify.service.js';
import { cancelOrder, completeOrder, createOrder, goodsOptions, MAX_QUANTITY, redeemOrder, refundOrder, type CreateOrderInput } from './service.js';
import './job.js'; // registers the OrderTimeoutJob handler (core/jobs/handlers.ts)

const ID_RE = /^[A-Za-z0-9_-]{1,32}$/;

function idOf(v: unknown, msg: string): string {
  if (typeof v !== 'string' || !ID_RE.test(v.trim())) throw new BadRequestError(msg);
  return v.trim();
}

/** `/shop/goods/*`: the CRUD routes and the option list of the goods pickers. */
export async function goodsModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, goodsBinding);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/shop/goods/goodsList',
    {
      config: perm(goodsEntity.perms.list, gameOrderEntity.perms.create, gameOrderEntity.perms.list),
      schema: { querystring: queryOf({ keyword: '商品名称或编号（模糊）', limit: '条数（1–100，默认20）', onSale: '1 = 只列上架商品' }) },
    },
    async (req) => {
      const q = req.query as Record<string, unknown>;
      const keyword = typeof q.keyword === 'string' ? q.keyword.slice(0, 100) : '';
      const n = typeof q.limit === 'string' && /^\d{1,3}$/.test(q.limit) ? Number(q.limit) : 20;
      return ok(await goodsOptions(app.ctx.db, keyword, Math.min(Math.max(n, 1), 100), q.onSale === '1'));
    },
  );
}

/** `/shop/gameOrder/*`: list, export, delete from the engine; the order endpoints and the lifecycle, one code each. */
export async function gameOrderModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, gameOrderBinding);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const by = (u: { username?: string } | null | undefined) => u?.username ?? null;

  r.post(
    '/shop/gameOrder/create',
    {
      config: { ...perm(gameOrderEntity.perms.create), log: { content: '订单-下单', operateType: 2 } },
      schema: {
        body: bodyOf(
          {
            userId: text('玩家id（book_user）'),
            goodsId: text('商品id'),
            quantity: int('数量（1–999）'),
            payType: text('1 微信支付（现金商品）、3 积分（积分商品）、both 现金+积分'),
            reservationId: text('预约id（可选）'),
          },
          { required: ['userId', 'goodsId', 'quantity', 'payType'] },
        ),
      },
    },
    async (req) => {
      const b = req.body as Record<string, unknown>;
      const userId = idOf(b.userId, SHOP_MSG.userRequired);
      const goodsId = idOf(b.goodsId, SHOP_MSG.goodsRequired);
      const quantity = Number(b.quantity);
      if (!Number.isSafeInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY || (typeof b.quantity !== 'number' && typeof b.quantity !== 'string'))
        throw new BadRequestError(SHOP_MSG.badQuantity);
      const pt = String(b.payType ?? '').trim();
      const payType: CreateOrderInput['payType'] | null = pt === '1' ? 1 : pt === '3' ? 3 : pt === 'both' ? 'both' : null;
      if (!payType) throw new BadRequestError(SHOP_MSG.orderPayTypeInvalid);
      const reservationId =
        b.reservationId === undefined || b.reservationId === null || b.reservationId === '' ? null : idOf(b.reservationId, SHOP_MSG.reservationNotFound);
      const order = await createOrder(app, { userId, goodsId, quantity, payType, reservationId, by: by(req.user) });
      return ok(order, SHOP_MSG.created);
    },
  );

  r.post(
    '/shop/gameOrder/cancel',
    {
      config: { ...perm(gameOrderEntity.perms.cancel), log: { content: '订单-取消', operateType: 3 } },
      schema: { body: bodyOf({ id: text('订单id') }, { required: ['id'] }) },
    },
    async (req) => {
      await cancelOrder(app.ctx.db, idOf((req.body as Record<string, unknown>).id, SHOP_MSG.orderNotFound), by(req.user));
      return okMsg(SHOP_MSG.cancelled);
    },
  );

  r.post(
    '/shop/gameOrder/redeem',
    {
      config: { ...perm(gameOrderEntity.perms.redeem), log: { content: '订单-核销', operateType: 3 } },
      schema: { body: bodyOf({ pickupCode: text('取货码（8位）') }, { required: ['pickupCode'] }) },
    },
    async (req) => {
      const code = (req.body as Record<string, unknown>).pickupCode;
      if (typeof code !== 'string' || !code.trim()) throw new BadRequestError(SHOP_MSG.pickupRequired);
      return ok(await redeemOrder(app.ctx.db, code.slice(0, 32), by(req.user)), SHOP_MSG.redeemed);
    },
  );

  r.post(
    '/shop/gameOrder/complete',
    {
      config: { ...perm(gameOrderEntity.perms.complete), log: { content: '订单-完成', operateType: 3 } },
      schema: { body: bodyOf({ id: text('订单id') }, { required: ['id'] }) },
    },
    async (req) => {
      await completeOrder(app.ctx.db, idOf((req.body as Record<string, unknown>).id, SHOP_MSG.orderNotFound), by(req.user));
      return okMsg(SHOP_MSG.completed);
    },
  );

  r.post(
    '/shop/gameOrder/refund',
    {
      config: { ...perm(gameOrderEntity.perms.refund), log: { content: '订单-退款', operateType: 3 } },
      schema: { body: bodyOf({ id: text('订单id'), reason: text('退款原因') }, { required: ['id', 'reason'] }) },
    },
    async (req) => {
      const b = req.body as Record<string, unknown>;
      const id = idOf(b.id, SHOP_MSG.orderNotFound);
      if (typeof b.reason !== 'string' || !b.reason.trim()) throw new BadRequestError(SHOP_MSG.refundReasonRequired);
      const { refunding } = await refundOrder(app.ctx.db, id, b.reason.trim(), by(req.user));
      return okMsg(refunding ? SHOP_MSG.refunding : SHOP_MSG.refunded);
    },
  );
}

/** `/shop/payCallbackRecord/*` (read-only) and the public WeChat Pay callback. */
export async function payCallbackRecordModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, payCallbackRecordBinding);
  // The callback's signature covers the body as sent: this context keeps a JSON body's raw text beside its parsed
  // value (which the odd-input hook checks for NUL and lone surrogates like any body; unparsable JSON is recorded).
  await app.register(async (sub) => {
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      const raw = String(body);
      let json: unknown = null;
      try {
        json = JSON.parse(raw);
      } catch {
        json = null;
      }
      done(null, { raw, json });
    });
    sub.post('/shop/pay/notify/wechat', { config: { ...PUBLIC, throttle: 'payNotify', log: false }, bodyLimit: 64 * 1024 }, async (req, reply) => {
      const b = req.body as { raw?: unknown } | null;
      const raw = b && typeof b.raw === 'string' ? b.raw : '';
      const answer = await handleWechatNotify(app.ctx.config, app.ctx.db, req.headers, raw);
      return reply.code(answer.status).send(answer.body);
    });
  });
}
