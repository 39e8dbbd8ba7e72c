import { createDecipheriv, createPublicKey, verify, X509Certificate, type KeyObject } from 'node:crypto';
import type { AppConfig } from '../../../config.js';
import type { Db } from '../../../db/connection.js';
import { newId } from '../../../core/id.js';
import { now } from '../../../core/time.js';
import { SHOP_MSG } from './definition.js';
import { fen, newPickupCode, ORDER_STATUS, PAY_STATUS, PAY_TYPE } from './service.js';

/**
 * WeChat Pay v3 callbacks (issue 13 point 9). Every callback is stored in pay_callback_record first (raw body capped,
 * handle_status 0), then: the signature (RSA-SHA256, base64, over `timestamp\nnonce\nbody\n`, the platform key of
 * WECHAT_PAY_PLATFORM_CERT) — bad: handle_status 4 and nothing else changes; a timestamp more than 5 minutes away
 * is refused (replay); the resource is decrypted (AEAD_AES_256_GCM with WECHAT_PAY_API_V3_KEY); the order moves in
 * one transaction that first claims (transaction_id, notify_type) in pay_notify_claim (migration 0017), so the same
 * notification is processed once (a second one: handle_status 3, answered SUCCESS).
 */
export const PAY_NOTIFY_MSG = {
  notConfigured: '未配置微信支付平台证书或APIv3密钥',
  badSignature: '签名验证失败',
  expired: '通知时间戳已过期',
  badBody: '通知报文格式不正确',
  badResource: '通知资源解密失败',
  unsupported: '不支持的通知类型，已忽略',
  duplicate: '重复通知，已忽略',
  orderNotFound: SHOP_MSG.orderNotFound,
  notSuccess: '交易状态不是成功',
  amountMismatch: '金额与订单应付金额不一致',
  notUnpaid: '订单不是待支付状态',
  notRefunding: '订单不是退款中状态',
  processed: '处理成功',
} as const;

export const NOTIFY_TYPE = { pay: 1, refund: 2 } as const;
export const HANDLE = { received: 0, processed: 1, failed: 2, duplicate: 3, badSign: 4 } as const;
export const MAX_RAW_BODY = 16_000;
export const MAX_SKEW_SECONDS = 300;

export interface NotifyAnswer {
  status: number;
  body: { code: 'SUCCESS' | 'FAIL'; message: string };
}

const OK = (message: string): NotifyAnswer => ({ status: 200, body: { code: 'SUCCESS', message } });
const FAIL = (status: number, message: string): NotifyAnswer => ({ status, body: { code: 'FAIL', message } });

class Refused extends Error {}

const KEYS = new WeakMap<AppConfig, KeyObject>();
function platformKey(config: AppConfig): KeyObject | null {
  if (!config.wechatPayPlatformCert) return null;
  let k = KEYS.get(config);
  if (!k) {
    const pem = config.wechatPayPlatformCert;
    k = pem.includes('BEGIN CERTIFICATE') ? new X509Certificate(pem).publicKey : createPublicKey(pem);
    KEYS.set(config, k);
  }
  return k;
}

function header(h: Record<string, string | string[] | undefined>, name: string): string {
  const v = h[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : (v ?? '')).slice(0, 512);
}

export function verifySignature(key: KeyObject, timestamp: string, nonce: string, body: string, signature: string): boolean {
  try {
    return verify('RSA-SHA256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM: base64 ciphertext = encrypted bytes + 16-byte tag; nonce and associated data as UTF-8. */
export function decryptResource(apiV3Key: string, r: { ciphertext: string; nonce: string; associated_data?: string }): string {
  const buf = Buffer.from(r.ciphertext, 'base64');
  if (buf.length <= 16) throw new Refused(PAY_NOTIFY_MSG.badResource);
  const d = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
  d.setAuthTag(buf.subarray(buf.length - 16));
  if (r.associated_data) d.setAAD(Buffer.from(r.associated_data, 'utf8'));
  return Buffer.concat([d.update(buf.subarray(0, buf.length - 16)), d.final()]).toString('utf8');
}

interface Resource {
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  refund_status?: unknown;
  amount?: { total?: unknown; refund?: unknown };
}

const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v ? v.slice(0, max) : null);

/** Handle one callback: store it, check it, process it once; the answer WeChat Pay expects. */
export async function handleWechatNotify(
  config: AppConfig,
  db: Db,
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
): Promise<NotifyAnswer> {
  const recordId = newId();
  const time = now();
  await db.db
    .insertInto('pay_callback_record')
    .values({
      id: recordId,
      pay_channel: PAY_TYPE.wechat,
      raw_body: rawBody.slice(0, MAX_RAW_BODY),
      sign_valid: 0,
      handle_status: HANDLE.received,
      notify_time: time,
      create_time: time,
    })
    .execute();
  const finish = async (status: number, msg: string, extra: Record<string, unknown> = {}) => {
    await db.db
      .updateTable('pay_callback_record')
      .set({ handle_status: status, handle_msg: msg.slice(0, 500), update_time: now(), ...extra })
      .where('id', '=', recordId)
      .execute();
  };

  const key = platformKey(config);
  if (!key || !config.wechatPayApiV3Key) {
    await finish(HANDLE.failed, PAY_NOTIFY_MSG.notConfigured);
    return FAIL(400, PAY_NOTIFY_MSG.notConfigured);
  }
  const timestamp = header(headers, 'Wechatpay-Timestamp');
  const nonce = header(headers, 'Wechatpay-Nonce');
  const signature = header(headers, 'Wechatpay-Signature');
  if (!timestamp || !nonce || !signature || !verifySignature(key, timestamp, nonce, rawBody, signature)) {
    await finish(HANDLE.badSign, PAY_NOTIFY_MSG.badSignature);
    return FAIL(401, PAY_NOTIFY_MSG.badSignature);
  }
  const ts = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > MAX_SKEW_SECONDS) {
    await finish(HANDLE.failed, PAY_NOTIFY_MSG.expired, { sign_valid: 1 });
    return FAIL(400, PAY_NOTIFY_MSG.expired);
  }

  let eventType: string;
  let res: Resource;
  try {
    const body = JSON.parse(rawBody) as { event_type?: unknown; resource?: Record<string, unknown> };
    const r = body?.resource;
    if (!r || typeof body.event_type !== 'string' || r.algorithm !== 'AEAD_AES_256_GCM' || typeof r.ciphertext !== 'string' || typeof r.nonce !== 'string')
      throw new Refused(PAY_NOTIFY_MSG.badBody);
    eventType = body.event_type;
    const plain = decryptResource(config.wechatPayApiV3Key, {
      ciphertext: r.ciphertext,
      nonce: r.nonce,
      associated_data: typeof r.associated_data === 'string' ? r.associated_data : undefined,
    });
    res = JSON.parse(plain) as Resource;
    if (!res || typeof res !== 'object') throw new Refused(PAY_NOTIFY_MSG.badResource);
  } catch (e) {
    const msg = e instanceof Refused ? e.message : PAY_NOTIFY_MSG.badResource;
    await finish(HANDLE.failed, msg, { sign_valid: 1 });
    return FAIL(400, msg);
  }

  const notifyType = eventType === 'TRANSACTION.SUCCESS' ? NOTIFY_TYPE.pay : eventType === 'REFUND.SUCCESS' ? NOTIFY_TYPE.refund : null;
  const outTradeNo = str(res.out_trade_no, 64);
  const transactionId = str(res.transaction_id, 64);
  const tradeState = str(notifyType === NOTIFY_TYPE.refund ? (res.refund_status ?? res.trade_state) : res.trade_state, 32);
  const amountRaw = notifyType === NOTIFY_TYPE.refund ? (res.amount?.refund ?? res.amount?.total) : res.amount?.total;
  const amount = typeof amountRaw === 'number' && Number.isSafeInteger(amountRaw) ? amountRaw : null;
  const facts = {
    sign_valid: 1,
    notify_type: notifyType,
    out_trade_no: outTradeNo,
    order_no: outTradeNo ? outTradeNo.slice(0, 32) : null,
    transaction_id: transactionId,
    trade_state: tradeState,
    total_fee: amount,
  };
  if (notifyType === null) {
    await finish(HANDLE.failed, `${PAY_NOTIFY_MSG.unsupported}：${eventType.slice(0, 64)}`, facts);
    return OK(PAY_NOTIFY_MSG.unsupported);
  }
  if (!outTradeNo || !transactionId || amount === null) {
    await finish(HANDLE.failed, PAY_NOTIFY_MSG.badBody, facts);
    return FAIL(400, PAY_NOTIFY_MSG.badBody);
  }

  try {
    const claimed = await db.db
      .transaction()
      .setIsolationLevel('read committed')
      .execute(async (tx) => {
        const claim = tx.insertInto('pay_notify_claim').values({
          id: newId(),
          transaction_id: transactionId,
          notify_type: notifyType,
          order_no: facts.order_no,
          callback_id: recordId,
          create_time: now(),
        });
        const ins =
          db.dialect === 'mysql'
            ? await claim.ignore().executeTakeFirst()
            : await claim.onConflict((oc) => oc.columns(['transaction_id', 'notify_type']).doNothing()).executeTakeFirst();
        if (Number(ins.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
        const o = await tx.selectFrom('game_order').select(['id', 'order_status', 'pay_amount']).where('order_no', '=', facts.order_no).executeTakeFirst();
        if (!o) throw new Refused(PAY_NOTIFY_MSG.orderNotFound);
        if (tradeState !== 'SUCCESS') throw new Refused(PAY_NOTIFY_MSG.notSuccess);
        if (fen(o.pay_amount) !== amount) throw new Refused(PAY_NOTIFY_MSG.amountMismatch);
        const t = now();
        if (notifyType === NOTIFY_TYPE.pay) {
          const r = await tx
            .updateTable('game_order')
            .set({
              order_status: ORDER_STATUS.paid,
              pay_status: PAY_STATUS.paid,
              pay_time: t,
              transaction_id: transactionId,
              pickup_code: newPickupCode(),
              update_time: t,
            })
            .where('id', '=', o.id)
            .where('order_status', '=', ORDER_STATUS.unpaid)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw new Refused(PAY_NOTIFY_MSG.notUnpaid);
        } else {
          const r = await tx
            .updateTable('game_order')
            .set({ order_status: ORDER_STATUS.refunded, pay_status: PAY_STATUS.refunded, refund_time: t, refund_amount: o.pay_amount, update_time: t })
            .where('id', '=', o.id)
            .where('order_status', '=', ORDER_STATUS.refunding)
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) !== 1) throw new Refused(PAY_NOTIFY_MSG.notRefunding);
        }
        return true;
      });
    if (!claimed) {
      await finish(HANDLE.duplicate, PAY_NOTIFY_MSG.duplicate, facts);
      return OK(PAY_NOTIFY_MSG.duplicate);
    }
    await finish(HANDLE.processed, PAY_NOTIFY_MSG.processed, facts);
    return OK(PAY_NOTIFY_MSG.processed);
  } catch (e) {
    if (!(e instanceof Refused)) throw e;
    await finish(HANDLE.failed, e.message, facts);
    return FAIL(400, e.message);
  }
}
