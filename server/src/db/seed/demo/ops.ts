import { createCipheriv, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CrudService, resolveBinding } from '../../../core/crud/index.js';
import { now } from '../../../core/time.js';
import { dataSourceBox } from '../../../core/crypto/dataSourceKey.js';
import { gameDeviceBinding } from '../../../modules/game/play/definition.js';
import { GameDeviceService } from '../../../modules/game/play/device.service.js';
import { recordAnswer, recordSignIn, openChest } from '../../../modules/game/play/service.js';
import { bookReservationInfoBinding } from '../../../modules/game/reservation/definition.js';
import { ReservationService } from '../../../modules/game/reservation/service.js';
import { snapshotBountyBoards } from '../../../modules/game/score/service.js';
import { closeExpiredOrders, createOrder, redeemOrder, refundOrder } from '../../../modules/game/shop/service.js';
import { handleWechatNotify } from '../../../modules/game/shop/payNotify.service.js';
import { DEMO_BY, type DemoBracelet } from './data.js';

/**
 * The season's moves, each through the service of the module that owns it (reservation, play, shop, score).
 * Thin on purpose: the demo decides WHAT happens (season.ts), the services decide whether it may.
 */
export interface SeasonOps {
  book(p: {
    userId: string;
    contactName: string;
    contactPhone: string;
    reserveDate: string;
    timeSlot: string;
    peopleCount: number;
    greatLineId: string;
  }): Promise<string>;
  confirm(id: string): Promise<void>;
  cancel(id: string, reason: string): Promise<void>;
  /** A free bracelet's number (status 0), starting the search at `from` (round robin); null when none. */
  freeBracelet(all: DemoBracelet[], from: number): Promise<string | null>;
  checkIn(p: { reservationId: string; players: Array<{ userId: string; braceletNo: string }>; shipName: string }): Promise<void>;
  checkOut(id: string): Promise<void>;
  cleanBracelets(): Promise<void>;
  signIn(p: { braceletNo: string; placeId: string }): Promise<boolean>;
  answer(p: { braceletNo: string; questionId: string; answer: string }): Promise<boolean>;
  openChest(p: { braceletNo: string; chestId: string; unlockValue: string | null }): Promise<boolean>;
  order(p: {
    userId: string;
    goodsId: string;
    quantity: number;
    payType: 1 | 3 | 'both';
    reservationId: string;
  }): Promise<{ id: string; pickupCode: string | null }>;
  /** A money order paid (a signed WeChat Pay callback through the real handler): its pickup code. */
  markPaid(orderId: string): Promise<string | null>;
  redeem(pickupCode: string): Promise<void>;
  refund(orderId: string, reason: string): Promise<void>;
  /** 设备管理: a device key issued through the device service (the secret is not kept: staff rotate it to get one). */
  issueDevice(p: { deviceName: string; deviceType: number; signPlaceId: string | null; remark: string }): Promise<string>;
  revokeDevice(id: string): Promise<void>;
  /** The jobs the season ends with: no-shows, unpaid orders closed. */
  noShowJob(): Promise<void>;
  snapshot(): Promise<void>;
}

/** The ops over the game's services. */
export function seasonOps(app: FastifyInstance): SeasonOps {
  const { db } = app.ctx.db;
  // The CRUD engine's service of 预约信息: an add is a booking (capacity taken in its transaction).
  const reservations = new CrudService(app.ctx, resolveBinding(bookReservationInfoBinding));
  const lifecycle = new ReservationService(app.ctx.db, app.log);
  const req = { user: { username: DEMO_BY, orgCode: 'A01' }, server: app, log: app.log } as unknown as FastifyRequest;
  const pay = demoPayKeys(app);
  let txSeq = 0;
  const ok = (r: { repeated: boolean }) => !r.repeated;

  let devices: GameDeviceService | null = null;
  const deviceService = async () =>
    (devices ??= new GameDeviceService(app.ctx, await dataSourceBox(app.ctx), new CrudService(app.ctx, resolveBinding(gameDeviceBinding))));

  return {
    async issueDevice(p) {
      const issued = await (await deviceService()).issue({ ...req, body: { ...p, status: 1 } } as unknown as FastifyRequest);
      return issued.id;
    },
    async revokeDevice(id) {
      await (await deviceService()).revoke(id, DEMO_BY);
    },
    async book(p) {
      return reservations.add(req, { ...p, remark: '演示数据' });
    },
    confirm: (id) => lifecycle.confirm(id, DEMO_BY),
    cancel: (id, reason) => lifecycle.cancel(id, reason, DEMO_BY),
    async freeBracelet(all, from) {
      for (let i = 0; i < all.length; i++) {
        const b = all[(from + i) % all.length];
        const row = await db.selectFrom('bracelet').select('status').where('id', '=', b.id).executeTakeFirst();
        if (row && Number(row.status) === 0) return b.bracelet_no;
      }
      return null;
    },
    async checkIn(p) {
      await lifecycle.checkIn({ id: p.reservationId, players: p.players, shipMode: 'new', shipName: p.shipName }, DEMO_BY);
    },
    checkOut: (id) => lifecycle.checkOut(id, DEMO_BY),
    async cleanBracelets() {
      // Staff clean the returned bracelets and put them back in stock (已归还 → 未绑定).
      await db
        .updateTable('bracelet')
        .set({ status: 0, user_id: null, reservation_id: null, update_by: DEMO_BY, update_time: now() })
        .where('status', '=', 2)
        .execute();
    },
    signIn: async (p) => ok(await recordSignIn(app, { braceletNo: p.braceletNo, placeId: p.placeId, method: 1 }, DEMO_BY)),
    answer: async (p) =>
      ok(
        await recordAnswer(
          app,
          { braceletNo: p.braceletNo, questionId: p.questionId, answer: p.answer, durationMs: 8000 + ((p.answer.length * 977) % 20000) },
          DEMO_BY,
        ),
      ),
    openChest: async (p) => ok(await openChest(app, { braceletNo: p.braceletNo, chestId: p.chestId, unlockValue: p.unlockValue }, DEMO_BY)),
    async order(p) {
      const o = await createOrder(app, { ...p, by: DEMO_BY });
      return { id: String(o.id), pickupCode: (o.pickupCode as string | null) ?? null };
    },
    async markPaid(orderId) {
      const o = await db.selectFrom('game_order').select(['order_no', 'pay_amount']).where('id', '=', orderId).executeTakeFirstOrThrow();
      const fen = Math.round(Number(o.pay_amount) * 100);
      const answer = await pay.notify({
        out_trade_no: o.order_no,
        transaction_id: `4200${String(++txSeq).padStart(24, '0')}`,
        trade_state: 'SUCCESS',
        amount: { total: fen },
      });
      if (answer.status !== 200) throw new Error(answer.body.message);
      const after = await db.selectFrom('game_order').select('pickup_code').where('id', '=', orderId).executeTakeFirst();
      return after?.pickup_code ?? null;
    },
    async redeem(code) {
      await redeemOrder(app.ctx.db, code, DEMO_BY);
    },
    async refund(orderId, reason) {
      await refundOrder(app.ctx.db, orderId, reason, DEMO_BY);
    },
    async noShowJob() {
      await lifecycle.markNoShows();
      await closeExpiredOrders(app.ctx.db, app.ctx.config.orderTimeoutMinutes);
    },
    async snapshot() {
      await snapshotBountyBoards(app.ctx.db);
    },
  };
}

/**
 * Pay callbacks for the demo: a platform key pair and API v3 key made for this run only, so the demo's payments go
 * through the real handler (signature, decryption, amount check, stored in 支付回调记录) without a real merchant.
 * The keys are used in this process only and never stored; the configured keys (if any) are untouched.
 */
function demoPayKeys(app: FastifyInstance) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiV3Key = randomBytes(16).toString('hex'); // 32 characters
  const config = { ...app.ctx.config, wechatPayPlatformCert: publicKey.export({ type: 'spki', format: 'pem' }).toString(), wechatPayApiV3Key: apiV3Key };
  return {
    async notify(resource: Record<string, unknown>) {
      const nonce = randomBytes(8).toString('hex');
      const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce.slice(0, 12), 'utf8'));
      cipher.setAAD(Buffer.from('transaction', 'utf8'));
      const enc = Buffer.concat([cipher.update(JSON.stringify(resource), 'utf8'), cipher.final(), cipher.getAuthTag()]);
      const body = JSON.stringify({
        id: randomBytes(8).toString('hex'),
        event_type: 'TRANSACTION.SUCCESS',
        resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext: enc.toString('base64'), nonce: nonce.slice(0, 12), associated_data: 'transaction' },
      });
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = sign('RSA-SHA256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), privateKey).toString('base64');
      return handleWechatNotify(
        config,
        app.ctx.db,
        { 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': nonce, 'wechatpay-signature': signature, 'wechatpay-serial': 'DEMO' },
        body,
      );
    },
  };
}
