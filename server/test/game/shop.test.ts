import { createCipheriv, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX as P, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { newId } from '../../src/core/id.js';
import { formatDateTime } from '../../src/core/time.js';
import { applyScoreChange, ledgerTransaction } from '../../src/modules/game/score/ledger.js';
import { SCORE_CHANGE } from '../../src/modules/game/rules.js';
import { jobHandler } from '../../src/core/jobs/handlers.js';
import { ORDER_TIMEOUT_JOB } from '../../src/modules/game/shop/job.js';

/** Issue 13 points 8, 9: goods, orders and their lifecycle, the timeout job and the WeChat Pay v3 callback. */
const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PUBLIC_PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();
const API_V3_KEY = randomBytes(16).toString('hex'); // 32 characters = 32 bytes
const OTHER = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

describe(`shop: goods, orders, pay callback (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let h: Record<string, string>;
  const db = () => t.ctx.db.db;

  beforeAll(async () => {
    t = await createTestApp({ env: { WECHAT_PAY_PLATFORM_CERT: PUBLIC_PEM, WECHAT_PAY_API_V3_KEY: API_V3_KEY } });
    h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: unknown, headers = h) => t.app.inject({ method: 'POST', url: `${P}${url}`, headers, payload: payload as object });

  async function player(score = 0): Promise<string> {
    const id = newId();
    await db()
      .insertInto('book_user')
      .values({ id, nickname: `玩家${id.slice(-5)}`, status: 1, del_flag: 0 })
      .execute();
    if (score)
      await ledgerTransaction(db(), (tx) =>
        applyScoreChange(tx, t.ctx.db.dialect, { userId: id, delta: score, changeType: SCORE_CHANGE.adminAdjust, bizType: 'test', bizId: null }),
      );
    return id;
  }

  async function goods(o: { payType: 1 | 2 | 3; stock: number; price?: number; scorePrice?: number; limit?: number }): Promise<string> {
    const r = await post('/shop/goods/add', {
      goodsNo: `G${newId().slice(-10)}`,
      goodsName: `商品${newId().slice(-4)}`,
      payType: o.payType,
      price: o.price ?? (o.payType === 2 ? 0 : 12.5),
      scorePrice: o.scorePrice ?? (o.payType === 1 ? 0 : 100),
      stock: o.stock,
      limitPerUser: o.limit ?? 0,
      status: 1,
      intro: '<p>好物<script>alert(1)</script><img src=x onerror=alert(2)></p>',
    });
    expect(r.json(), r.body).toMatchObject({ success: true });
    const row = await db().selectFrom('goods').select(['id', 'intro']).orderBy('create_time', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row.intro).not.toMatch(/script|onerror/);
    return row.id;
  }

  const stockOf = async (id: string) => db().selectFrom('goods').select(['stock', 'sold_count', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
  const scoreOf = async (userId: string) =>
    Number((await db().selectFrom('pirate_score').select('available_score').where('user_id', '=', userId).executeTakeFirst())?.available_score ?? 0);
  const order = async (id: string) => db().selectFrom('game_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const create = (userId: string, goodsId: string, payType: string | number, quantity = 1) =>
    post('/shop/gameOrder/create', { userId, goodsId, quantity, payType });

  it('goods: prices and pay type are checked, the intro sanitised, goods_no unique', async () => {
    const bad = await post('/shop/goods/add', { goodsNo: 'GX1', goodsName: 'x', payType: 1, price: 0, scorePrice: 0, stock: 1, status: 1 });
    expect(bad.json()).toMatchObject({ success: false, message: '现金支付的商品须填写大于0的价格' });
    const neg = await post('/shop/goods/add', { goodsNo: 'GX1', goodsName: 'x', payType: 2, price: -1, scorePrice: 5, stock: 1, status: 1 });
    expect(neg.json()).toMatchObject({ success: false, message: '价格不能小于0' });
    const id = await goods({ payType: 2, stock: 3 });
    const no = (await db().selectFrom('goods').select('goods_no').where('id', '=', id).executeTakeFirstOrThrow()).goods_no;
    const dup = await post('/shop/goods/add', { goodsNo: no, goodsName: 'y', payType: 2, scorePrice: 5, stock: 1, status: 1 });
    expect(dup.json()).toMatchObject({ success: false });
    const list = await t.app.inject({ method: 'GET', url: `${P}/shop/goods/goodsList?keyword=${encodeURIComponent(String(no))}`, headers: h });
    expect(list.json().result).toEqual([expect.objectContaining({ id, goodsNo: no, payType: 2, stock: 3 })]);
  });

  it('50 parallel orders for a stock of 10: exactly 10 succeed, the goods is sold out', async () => {
    const g = await goods({ payType: 2, stock: 10, scorePrice: 10 });
    const users = await Promise.all(Array.from({ length: 5 }, () => player(1000)));
    const res = await Promise.all(Array.from({ length: 50 }, (_, i) => create(users[i % 5], g, 3)));
    const okCount = res.filter((r) => r.json().success).length;
    expect(okCount).toBe(10);
    for (const r of res.filter((x) => !x.json().success)) expect(r.json().message).toBe('库存不足');
    expect(await stockOf(g)).toMatchObject({ stock: 0, sold_count: 10, status: 3 });
    const orders = await db().selectFrom('game_order').select(['order_status', 'pickup_code']).where('goods_id', '=', g).execute();
    expect(orders).toHaveLength(10);
    expect(new Set(orders.map((o) => o.pickup_code)).size).toBe(10);
    const spent = await db().selectFrom('user_score_history').select('id').where('biz_type', '=', 'game_order').where('user_id', 'in', users).execute();
    expect(spent).toHaveLength(10);
    let total = 0;
    for (const u of users) total += await scoreOf(u);
    expect(total).toBe(5 * 1000 - 10 * 10);
  });

  it('per-user limit under parallel orders: a player gets exactly the limit', async () => {
    const g = await goods({ payType: 2, stock: 100, scorePrice: 1, limit: 2 });
    const u = await player(100);
    const res = await Promise.all(Array.from({ length: 10 }, () => create(u, g, 3)));
    expect(res.filter((r) => r.json().success)).toHaveLength(2);
    expect(res.filter((r) => !r.json().success).map((r) => r.json().message)).toEqual(Array(8).fill('超出每人限购数量（2）'));
    expect((await stockOf(g)).stock).toBe(98);
    expect(await scoreOf(u)).toBe(98);
  });

  it('a score order is paid at once with a pickup code and a spend history row; short score changes nothing', async () => {
    const g = await goods({ payType: 2, stock: 5, scorePrice: 30 });
    const u = await player(50);
    const r = await create(u, g, 3);
    expect(r.json()).toMatchObject({ success: true, message: '下单成功', result: { orderStatus: 1, payStatus: 1, payType: 3, scoreAmount: 30, payAmount: 0 } });
    expect(r.json().result.pickupCode).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
    expect(r.json().result.orderNo).toMatch(/^GO/);
    const hist = await db().selectFrom('user_score_history').selectAll().where('biz_id', '=', r.json().result.id).execute();
    expect(hist).toEqual([expect.objectContaining({ change_type: SCORE_CHANGE.spend, biz_type: 'game_order' })]);
    expect(Number(hist[0].change_score)).toBe(-30);
    const short = await create(u, g, 3);
    expect(short.json()).toMatchObject({ success: false, message: '可用积分不足' });
    expect((await stockOf(g)).stock).toBe(4);
    expect(await scoreOf(u)).toBe(20);
    // the pay type must match the goods
    expect((await create(u, g, 1)).json()).toMatchObject({ success: false, message: '该商品不支持此支付方式' });
  });

  it('bad input is a 400 with a Chinese message; no token is refused', async () => {
    const u = await player();
    expect((await create(u, 'x', 3, 0)).statusCode).toBe(400);
    expect((await create(u, 'x', 'card')).json()).toMatchObject({ success: false });
    expect((await post('/shop/gameOrder/redeem', { pickupCode: '' })).json()).toMatchObject({ success: false, message: '取货码不能为空' });
    expect((await post('/shop/gameOrder/create', { userId: u, goodsId: 'x', quantity: 1, payType: 3 }, {})).statusCode).toBe(401);
  });

  it('cancel of a money + score order gives the stock and the score back (change type 8); a second cancel is refused', async () => {
    const g = await goods({ payType: 3, stock: 2, price: 9.9, scorePrice: 20 });
    const u = await player(100);
    const r = await create(u, g, 'both', 2);
    expect(r.json()).toMatchObject({ success: true, result: { orderStatus: 0, payStatus: 0, totalAmount: 19.8, payAmount: 19.8, scoreAmount: 40 } });
    expect(r.json().result.pickupCode).toBeNull();
    expect(await scoreOf(u)).toBe(60);
    expect(await stockOf(g)).toMatchObject({ stock: 0, status: 3 });
    const id = r.json().result.id;
    expect((await post('/shop/gameOrder/cancel', { id })).json()).toMatchObject({ success: true, message: '订单已取消' });
    expect(await order(id)).toMatchObject({ order_status: 4 });
    expect(await stockOf(g)).toMatchObject({ stock: 2, sold_count: 0, status: 1 });
    expect(await scoreOf(u)).toBe(100);
    const back = await db().selectFrom('user_score_history').select('change_type').where('biz_id', '=', id).orderBy('create_time').execute();
    expect(back.map((x) => x.change_type).sort()).toEqual([SCORE_CHANGE.spend, SCORE_CHANGE.refund]);
    expect((await post('/shop/gameOrder/cancel', { id })).json()).toMatchObject({ success: false, message: '只有待支付的订单可以取消' });
  });

  it('refund of a score order: 6 at once, stock and score back', async () => {
    const g = await goods({ payType: 2, stock: 3, scorePrice: 10 });
    const u = await player(10);
    const id = (await create(u, g, 3)).json().result.id;
    expect((await post('/shop/gameOrder/refund', { id, reason: '' })).json()).toMatchObject({ success: false, message: '退款原因不能为空' });
    expect((await post('/shop/gameOrder/refund', { id, reason: '不想要了' })).json()).toMatchObject({ success: true, message: '退款成功' });
    expect(await order(id)).toMatchObject({ order_status: 6, pay_status: 2 });
    expect((await stockOf(g)).stock).toBe(3);
    expect(await scoreOf(u)).toBe(10);
    expect((await post('/shop/gameOrder/refund', { id, reason: '再退' })).json()).toMatchObject({
      success: false,
      message: '只有已支付或已核销的订单可以退款',
    });
  });

  it('redeem by pickup code: a wrong code, the right one once, a used one; then complete', async () => {
    const g = await goods({ payType: 2, stock: 3, scorePrice: 1 });
    const u = await player(10);
    const o = (await create(u, g, 3)).json().result;
    expect((await post('/shop/gameOrder/redeem', { pickupCode: 'ZZZZZZZZ' })).json()).toMatchObject({ success: false, message: '取货码无效' });
    expect((await post('/shop/gameOrder/redeem', { pickupCode: "' or 1=1 --" })).json()).toMatchObject({ success: false, message: '取货码无效' });
    const ok = await post('/shop/gameOrder/redeem', { pickupCode: o.pickupCode.toLowerCase() });
    expect(ok.json()).toMatchObject({ success: true, message: '核销成功', result: { id: o.id, orderStatus: 2 } });
    expect(ok.json().result.redeemTime).toBeTruthy();
    expect((await post('/shop/gameOrder/redeem', { pickupCode: o.pickupCode })).json()).toMatchObject({ success: false, message: '该取货码已核销' });
    expect((await post('/shop/gameOrder/complete', { id: o.id })).json()).toMatchObject({ success: true });
    expect(await order(o.id)).toMatchObject({ order_status: 3 });
    expect((await post('/shop/gameOrder/complete', { id: o.id })).json()).toMatchObject({ success: false, message: '只有已核销的订单可以完成' });
  });

  it('the timeout job closes unpaid orders older than the limit (0 → 7), stock and score back', async () => {
    const g = await goods({ payType: 3, stock: 4, price: 1, scorePrice: 5 });
    const u = await player(20);
    const old = (await create(u, g, 'both')).json().result.id;
    const fresh = (await create(u, g, 'both')).json().result.id;
    await db()
      .updateTable('game_order')
      .set({ create_time: formatDateTime(new Date(Date.now() - 16 * 60_000)) })
      .where('id', '=', old)
      .execute();
    expect(await scoreOf(u)).toBe(10);
    await jobHandler(ORDER_TIMEOUT_JOB)!({ app: t.app, parameter: null, jobId: 'x', signal: new AbortController().signal });
    expect(await order(old)).toMatchObject({ order_status: 7 });
    expect(await order(fresh)).toMatchObject({ order_status: 0 });
    expect((await stockOf(g)).stock).toBe(3);
    expect(await scoreOf(u)).toBe(15);
    const job = await db()
      .selectFrom('sys_quartz_job')
      .select(['cron_expression', 'status'])
      .where('job_class_name', '=', ORDER_TIMEOUT_JOB)
      .executeTakeFirst();
    expect(job).toMatchObject({ cron_expression: '0 * * * * ?', status: 0 });
  });

  describe('WeChat Pay v3 callback', () => {
    const NOTIFY = '/shop/pay/notify/wechat';
    function encrypt(obj: unknown) {
      const nonce = randomBytes(6).toString('hex');
      const c = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY, 'utf8'), Buffer.from(nonce, 'utf8'));
      c.setAAD(Buffer.from('transaction', 'utf8'));
      const enc = Buffer.concat([c.update(JSON.stringify(obj), 'utf8'), c.final(), c.getAuthTag()]);
      return { algorithm: 'AEAD_AES_256_GCM', ciphertext: enc.toString('base64'), nonce, associated_data: 'transaction', original_type: 'transaction' };
    }
    function notify(eventType: string, resource: unknown, o: { key?: typeof privateKey; ts?: number; tamper?: boolean } = {}) {
      const body = JSON.stringify({
        id: newId(),
        create_time: new Date().toISOString(),
        event_type: eventType,
        resource_type: 'encrypt-resource',
        resource: encrypt(resource),
      });
      const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
      const nonce = randomBytes(8).toString('hex');
      const signature = sign('RSA-SHA256', Buffer.from(`${ts}\n${nonce}\n${body}\n`), o.key ?? privateKey).toString('base64');
      return t.app.inject({
        method: 'POST',
        url: `${P}${NOTIFY}`,
        headers: {
          'content-type': 'application/json',
          'wechatpay-timestamp': ts,
          'wechatpay-nonce': nonce,
          'wechatpay-signature': signature,
          'wechatpay-serial': 'TESTSERIAL',
        },
        payload: o.tamper ? body.replace('"event_type"', '"event_type" ') : body,
      });
    }
    const paid = (orderNo: string, transactionId: string, total: number) => ({
      out_trade_no: orderNo,
      transaction_id: transactionId,
      trade_state: 'SUCCESS',
      amount: { total, payer_total: total, currency: 'CNY' },
    });
    const record = (transactionId: string) =>
      db().selectFrom('pay_callback_record').selectAll().where('transaction_id', '=', transactionId).orderBy('create_time').orderBy('id').execute();
    const lastRecord = () => db().selectFrom('pay_callback_record').selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();

    async function moneyOrder() {
      const g = await goods({ payType: 1, stock: 5, price: 12.5 });
      const u = await player();
      const o = (await create(u, g, 1, 2)).json().result;
      expect(o).toMatchObject({ orderStatus: 0, payAmount: 25 });
      return { g, u, o };
    }

    it('a good payment callback pays the order once; a duplicate is recorded and answered SUCCESS', async () => {
      const { o } = await moneyOrder();
      const tx = `42000${newId()}`;
      const r = await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500));
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ code: 'SUCCESS' });
      const row = await order(o.id);
      expect(row).toMatchObject({ order_status: 1, pay_status: 1, transaction_id: tx });
      expect(row.pickup_code).toMatch(/^[2-9A-HJ-NP-Z]{8}$/);
      const again = await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500));
      expect(again.json()).toMatchObject({ code: 'SUCCESS' });
      expect((await order(o.id)).pickup_code).toBe(row.pickup_code);
      const recs = await record(tx);
      expect(recs.map((x) => x.handle_status)).toEqual([1, 3]);
      expect(recs[0]).toMatchObject({ sign_valid: 1, notify_type: 1, total_fee: 2500, order_no: o.orderNo, trade_state: 'SUCCESS' });
      expect(recs[0].raw_body).toContain('TRANSACTION.SUCCESS');
      // parallel duplicates: processed once
      const { o: o2 } = await moneyOrder();
      const tx2 = `42001${newId()}`;
      const many = await Promise.all(Array.from({ length: 5 }, () => notify('TRANSACTION.SUCCESS', paid(o2.orderNo, tx2, 2500))));
      expect(many.every((x) => x.json().code === 'SUCCESS')).toBe(true);
      expect((await record(tx2)).map((x) => x.handle_status).sort()).toEqual([1, 3, 3, 3, 3]);
    });

    it('a bad signature is stored with handle_status 4 and changes nothing', async () => {
      const { o } = await moneyOrder();
      const tx = `42002${newId()}`;
      for (const opts of [{ key: OTHER }, { tamper: true }]) {
        const r = await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500), opts);
        expect(r.statusCode).toBe(401);
        expect(r.json()).toMatchObject({ code: 'FAIL', message: '签名验证失败' });
        expect(await lastRecord()).toMatchObject({ handle_status: 4, sign_valid: 0 });
      }
      const none = await t.app.inject({ method: 'POST', url: `${P}${NOTIFY}`, headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(none.statusCode).toBe(401);
      expect(await order(o.id)).toMatchObject({ order_status: 0, pay_status: 0 });
    });

    it('a stale timestamp (replay) and a wrong amount are refused, the order unchanged', async () => {
      const { o } = await moneyOrder();
      const tx = `42003${newId()}`;
      const old = await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500), { ts: Math.floor(Date.now() / 1000) - 600 });
      expect(old.statusCode).toBe(400);
      expect(old.json()).toMatchObject({ code: 'FAIL', message: '通知时间戳已过期' });
      const wrong = await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2499));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ code: 'FAIL', message: '金额与订单应付金额不一致' });
      expect(await order(o.id)).toMatchObject({ order_status: 0 });
      expect((await record(tx)).map((x) => x.handle_status)).toEqual([2]);
      // the claim was rolled back: the right amount later still pays it
      expect((await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500))).json()).toMatchObject({ code: 'SUCCESS' });
      expect(await order(o.id)).toMatchObject({ order_status: 1 });
    });

    it('refund of a money order: 5 refunding with stock back, then the refund callback → 6', async () => {
      const { g, o } = await moneyOrder();
      const tx = `42004${newId()}`;
      await notify('TRANSACTION.SUCCESS', paid(o.orderNo, tx, 2500));
      expect((await stockOf(g)).stock).toBe(3);
      const r = await post('/shop/gameOrder/refund', { id: o.id, reason: '客户申请' });
      expect(r.json()).toMatchObject({ success: true, message: '已提交退款，等待退款回调' });
      expect(await order(o.id)).toMatchObject({ order_status: 5 });
      expect((await stockOf(g)).stock).toBe(5);
      const refund = {
        out_trade_no: o.orderNo,
        transaction_id: tx,
        out_refund_no: `R${o.orderNo}`,
        refund_id: `50000${newId()}`,
        refund_status: 'SUCCESS',
        amount: { total: 2500, refund: 2500 },
      };
      const cb = await notify('REFUND.SUCCESS', refund);
      expect(cb.json()).toMatchObject({ code: 'SUCCESS' });
      const row = await order(o.id);
      expect(row).toMatchObject({ order_status: 6, pay_status: 2 });
      expect(Number(row.refund_amount)).toBe(25);
      expect((await notify('REFUND.SUCCESS', refund)).json()).toMatchObject({ code: 'SUCCESS' });
      expect((await record(tx)).map((x) => [x.notify_type, x.handle_status])).toEqual([
        [1, 1],
        [2, 1],
        [2, 3],
      ]);
    });

    it('the callback records are listed read-only behind their code', async () => {
      const r = await t.app.inject({ method: 'GET', url: `${P}/shop/payCallbackRecord/list?handleStatus=4`, headers: h });
      expect(r.json()).toMatchObject({ success: true });
      expect(r.json().result.records.length).toBeGreaterThan(0);
      expect(r.json().result.records[0]).toMatchObject({ handleStatus: 4, handleStatus_dictText: '签名错误' });
      const add = await post('/shop/payCallbackRecord/add', {});
      expect(add.json()).toMatchObject({ success: false });
      expect(await db().selectFrom('pay_callback_record').select('id').where('order_no', 'is', null).where('raw_body', '=', '{}').execute()).toHaveLength(1);
    });
  });
});
