import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GameDeviceIssued } from '@pk/contract';
import { sign } from '../../src/modules/game/play/device.service.js';
import { TEST_API_PREFIX } from '../harness.js';

/** How a signed device call may differ from a good one (the device tests' knobs). */
export interface DeviceCallOpts {
  ts?: number;
  nonce?: string;
  secret?: string;
  keyId?: string;
  signedBody?: string;
  target?: FastifyInstance;
}

/** A device's signed POST (X-Device-Key, X-Timestamp, X-Nonce, X-Signature) as a reader sends it; answers status and body. */
export async function deviceCall(app: FastifyInstance, key: Pick<GameDeviceIssued, 'keyId' | 'secret'>, path: string, body: object, o: DeviceCallOpts = {}) {
  const raw = JSON.stringify(body);
  const ts = String(o.ts ?? Date.now());
  const nonce = o.nonce ?? randomBytes(12).toString('hex');
  const url = `${TEST_API_PREFIX}${path}`;
  const signature = sign(o.secret ?? key.secret, ts, nonce, 'POST', url, o.signedBody ?? raw);
  const res = await (o.target ?? app).inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-device-key': o.keyId ?? key.keyId, 'x-timestamp': ts, 'x-nonce': nonce, 'x-signature': signature },
    payload: raw,
  });
  return { status: res.statusCode, body: res.json() };
}
