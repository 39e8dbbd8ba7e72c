import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { GameDeviceIssued } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import type { SecretBox } from '../../../core/crypto/secretBox.js';
import { BizError, TokenError } from '../../../core/envelope/errors.js';
import type { CrudService } from '../../../core/crud/index.js';
import { formatDateTime, now } from '../../../core/time.js';
import { compiledQuery } from '../../../db/compiledQuery.js';
import { DEVICE_MSG } from './definition.js';
import { DbKv } from '../../../core/kv/db.js';

/** The device of a key id (every device call: compiled once). */
const deviceByKey = compiledQuery((db, a: { keyId: string }) =>
  db.selectFrom('game_device').select(['id', 'key_id', 'secret', 'status', 'sign_place_id', 'device_type', 'last_seen_time']).where('key_id', '=', a.keyId),
);

/**
 * Device secrets opened (AES-GCM) by their sealed text, at most 256: a device's calls skip the decryption. The row is
 * still read on every call, so a revoked or rotated key (a new sealed text) is seen at once.
 */
const opened = new Map<string, string>();

/** A device call's timestamp may differ from the server clock by this much. */
export const DEVICE_WINDOW_MS = 300_000;
/** A nonce is remembered longer than the window, so a replay inside the window is always seen. */
export const NONCE_TTL_S = 900;
const NONCE_RE = /^[A-Za-z0-9_-]{16,64}$/;
const KEY_RE = /^dk_[0-9a-f]{24}$/;

export interface DeviceCaller {
  id: string;
  keyId: string;
  signPlaceId: string | null;
  deviceType: number | null;
}

/** The string a device signs (hex HMAC-SHA256 with its secret). */
export function signingString(timestamp: string, nonce: string, method: string, path: string, rawBody: string): string {
  return `${timestamp}\n${nonce}\n${method.toUpperCase()}\n${path}\n${rawBody}`;
}

export function sign(secret: string, timestamp: string, nonce: string, method: string, path: string, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(signingString(timestamp, nonce, method, path, rawBody), 'utf8')
    .digest('hex');
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
};

/** Device keys (设备管理): issue on add, revoke, rotate, and the check of every device call. */
export class GameDeviceService {
  constructor(
    private readonly ctx: AppContext,
    private readonly box: SecretBox,
    /** The engine's service of the device screen (issue only; the call check needs none). */
    private readonly crud?: CrudService,
  ) {
    this.nonces = new DbKv(ctx.db);
  }

  /** Used nonces live in the database whatever the KV store is (see verify). */
  private readonly nonces: DbKv;

  private get db() {
    return this.ctx.db.db;
  }

  private static newSecret(): string {
    return randomBytes(32).toString('base64url');
  }

  /** Add a device: the engine's validation and save, with a new key id and a sealed secret; the secret answered once. */
  async issue(req: FastifyRequest): Promise<GameDeviceIssued> {
    const secret = GameDeviceService.newSecret();
    const keyId = `dk_${randomBytes(12).toString('hex')}`;
    const body = { ...(req.body as Record<string, unknown>) };
    const id = await this.crud!.add(req, body, { device: { keyId, secret: this.box.seal(secret) } });
    return { id, keyId, secret };
  }

  /** Revoke: status 0 at once; every node reads the row on each call, so the next call is refused everywhere. */
  async revoke(id: string, by: string): Promise<void> {
    const row = await this.db.selectFrom('game_device').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BizError(DEVICE_MSG.notFound);
    const time = now();
    const res = await this.db
      .updateTable('game_device')
      .set({ status: 0, revoke_time: time, update_time: time, update_by: by })
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw new BizError(DEVICE_MSG.alreadyRevoked);
  }

  /** A new secret under the same key id (the old one stops working at once); answered once. A revoked key stays revoked. */
  async rotate(id: string, by: string): Promise<GameDeviceIssued> {
    const row = await this.db.selectFrom('game_device').select(['id', 'key_id', 'status']).where('id', '=', id).executeTakeFirst();
    if (!row) throw new BizError(DEVICE_MSG.notFound);
    if (Number(row.status) !== 1) throw new BizError(DEVICE_MSG.alreadyRevoked);
    const secret = GameDeviceService.newSecret();
    const time = now();
    await this.db
      .updateTable('game_device')
      .set({ secret: this.box.seal(secret), update_time: time, update_by: by })
      .where('id', '=', id)
      .execute();
    return { id, keyId: row.key_id, secret };
  }

  /**
   * The check of a device call: key id known, signature right (constant-time), timestamp within ±300 s, key not
   * revoked, nonce unused (an `incr` in the database's sys_kv, even when Redis is the KV store: the first call wins on
   * every node, and the record outlives the window — a Redis that is emptied or fails over cannot forget it).
   * Anything wrong: 401 envelope, nothing changed.
   */
  async verify(req: FastifyRequest, rawBody: string): Promise<DeviceCaller> {
    const keyId = header(req, 'x-device-key');
    const ts = header(req, 'x-timestamp');
    const nonce = header(req, 'x-nonce');
    const signature = header(req, 'x-signature').toLowerCase();
    if (!KEY_RE.test(keyId) || !/^\d{10,16}$/.test(ts) || !NONCE_RE.test(nonce) || !/^[0-9a-f]{64}$/.test(signature))
      throw new TokenError(DEVICE_MSG.unauthorized);
    const [row] = (await deviceByKey(this.db, '', { keyId })).rows;
    if (!row?.secret) throw new TokenError(DEVICE_MSG.unauthorized);
    let secret = opened.get(row.secret);
    if (secret === undefined) {
      try {
        secret = this.box.open(row.secret);
      } catch {
        throw new TokenError(DEVICE_MSG.unauthorized);
      }
      if (opened.size >= 256) opened.delete(opened.keys().next().value as string);
      opened.set(row.secret, secret);
    }
    const path = req.url;
    const expected = Buffer.from(sign(secret, ts, nonce, req.method, path, rawBody), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) throw new TokenError(DEVICE_MSG.unauthorized);
    if (Number(row.status) !== 1) throw new TokenError(DEVICE_MSG.keyRevoked);
    if (Math.abs(Date.now() - Number(ts)) > DEVICE_WINDOW_MS) throw new TokenError(DEVICE_MSG.stale);
    if ((await this.nonces.incr(`game:nonce:${keyId}:${nonce}`, NONCE_TTL_S)) !== 1) throw new TokenError(DEVICE_MSG.replayed);
    // last seen: at most one write a minute per device
    const time = now();
    const minuteAgo = formatDateTime(new Date(Date.now() - 60_000));
    if (!row.last_seen_time || row.last_seen_time < minuteAgo)
      await this.db
        .updateTable('game_device')
        .set({ last_seen_time: time })
        .where('id', '=', row.id)
        .where((eb) => eb.or([eb('last_seen_time', 'is', null), eb('last_seen_time', '<', sql<string>`${minuteAgo}`)]))
        .execute();
    return { id: row.id, keyId, signPlaceId: row.sign_place_id, deviceType: row.device_type };
  }
}
