import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDeviceIssued } from '@pk/contract';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { DEVICE_MSG } from '../../src/modules/game/play/definition.js';
import { RedisKv } from '../../src/core/kv/redis.js';
import { deviceCall } from './deviceCall.js';
import { PlayFixture } from './play.fixture.js';

/**
 * Replay protection does not depend on a cache that can forget (issue 23 point 4): with Redis as the KV store, a
 * device call's nonce is still recorded in the database, so emptying Redis (a flush, a fail-over to an empty
 * replica) does not let a captured call be sent again inside its time window.
 */
describe(`device nonces outlive an emptied Redis (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let key: GameDeviceIssued;
  let f: PlayFixture;
  let place: { id: string };

  beforeAll(async () => {
    t = await createTestApp({ redis: true });
    const h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
    f = new PlayFixture(t.ctx);
    place = await f.place({ score: 2 });
    const res = await t.app.inject({
      method: 'POST',
      url: `${TEST_API_PREFIX}/device/gameDevice/add`,
      headers: h,
      payload: { deviceName: '重放测试签到机', deviceType: 1, signPlaceId: place.id },
    });
    key = res.json().result;
  }, 60_000);
  afterAll(async () => t?.close());

  it('a call replayed after Redis was emptied is still refused', async () => {
    expect(t.ctx.kv).toBeInstanceOf(RedisKv);
    const p = await f.player();
    const nonce = randomBytes(16).toString('hex');
    const body = { nfcUid: p.nfcUid, placeId: place.id };
    const ts = Date.now();
    const first = await deviceCall(t.app, key, '/device/signIn', body, { nonce, ts });
    expect(first.body).toMatchObject({ success: true });
    await t.ctx.kv.delPrefix(''); // everything this deployment kept in Redis is gone
    const replay = await deviceCall(t.app, key, '/device/signIn', body, { nonce, ts });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ success: false, message: DEVICE_MSG.replayed });
  });
});
