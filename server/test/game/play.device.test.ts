import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { GameDeviceIssued } from '@pk/contract';
import type { AppContext } from '../../src/core/context.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { DEVICE_MSG } from '../../src/modules/game/play/definition.js';
import { deviceCall, type DeviceCallOpts } from './deviceCall.js';
import { PlayFixture } from './play.fixture.js';

const P = TEST_API_PREFIX;

// issue 13 point 5: device calls authenticated by key id + HMAC, timestamp window, single-use nonce, revocable key.
describe(`play: device keys and signed device calls (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;
  let f: PlayFixture;
  let key: GameDeviceIssued;
  let home: { id: string; nfc: string };

  const device = (path: string, body: object, o: DeviceCallOpts = {}) => deviceCall(app, key, path, body, o);
  const signIns = (userId: string) => ctx.db.db.selectFrom('user_sign_place').select('id').where('user_id', '=', userId).execute();

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    f = new PlayFixture(ctx);
    home = await f.place({ score: 3 });
    const res = await app.inject({
      method: 'POST',
      url: `${P}/device/gameDevice/add`,
      headers: h,
      payload: { deviceName: '1号签到机', deviceType: 1, signPlaceId: home.id },
    });
    expect(res.json()).toMatchObject({ success: true, message: DEVICE_MSG.added });
    key = res.json().result;
  });
  afterAll(async () => t?.close());

  it('issues a key once: the list and queryById never show the secret, which is stored sealed', async () => {
    expect(key.keyId).toMatch(/^dk_[0-9a-f]{24}$/);
    expect(key.secret.length).toBeGreaterThanOrEqual(40);
    const list = await app.inject({ method: 'GET', url: `${P}/device/gameDevice/list?pageNo=1&pageSize=10`, headers: h });
    const text = list.body;
    expect(list.json().result.records[0]).toMatchObject({ keyId: key.keyId, deviceName: '1号签到机', status: 1 });
    expect(text).not.toContain(key.secret);
    expect(text).not.toContain('"secret"');
    const row = await ctx.db.db.selectFrom('game_device').select('secret').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(key.secret);
    expect(row.secret!.startsWith('g1')).toBe(true);
  });

  it('the list names the place of a device (签到点 as its name, not an id)', async () => {
    const place = await ctx.db.db.selectFrom('sign_place').select('place_name').where('id', '=', home.id).executeTakeFirstOrThrow();
    const list = await app.inject({ method: 'GET', url: `${P}/device/gameDevice/list?pageNo=1&pageSize=10`, headers: h });
    const row = list.json().result.records.find((r: { id: string }) => r.id === key.id);
    expect(row).toMatchObject({ signPlaceId: home.id, signPlaceId_dictText: place.place_name });
  });

  it('a device needs its sign-in place: an add without one, or an edit clearing it, is refused and changes nothing', async () => {
    const devices = async () => (await ctx.db.db.selectFrom('game_device').select('id').execute()).length;
    const before = await devices();
    for (const place of [{}, { signPlaceId: null }, { signPlaceId: '' }, { signPlaceId: '  ' }]) {
      const res = await app.inject({
        method: 'POST',
        url: `${P}/device/gameDevice/add`,
        headers: h,
        payload: { deviceName: '无岛签到机', deviceType: 1, ...place },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: '签到点不能为空' });
    }
    expect(await devices()).toBe(before);
    for (const signPlaceId of [null, '']) {
      const res = await app.inject({ method: 'PUT', url: `${P}/device/gameDevice/edit`, headers: h, payload: { id: key.id, signPlaceId } });
      expect(res.json()).toMatchObject({ success: false, message: '签到点不能为空' });
    }
    const row = await ctx.db.db.selectFrom('game_device').select('sign_place_id').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(row.sign_place_id).toBe(home.id);
  });

  it('a good call records; bad signature, tampered body, stale timestamp, replayed nonce and unknown key change nothing', async () => {
    const place = home;
    const p = await f.player();
    const body = { nfcUid: p.nfcUid, placeId: place.id };
    const bad = await device('/device/signIn', body, { secret: 'not-the-secret' });
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ success: false, code: 401, message: DEVICE_MSG.unauthorized });
    const tampered = await device('/device/signIn', body, { signedBody: JSON.stringify({ ...body, placeId: 'other' }) });
    expect(tampered.body).toMatchObject({ success: false, message: DEVICE_MSG.unauthorized });
    const stale = await device('/device/signIn', body, { ts: Date.now() - 301_000 });
    expect(stale.body).toMatchObject({ success: false, code: 401, message: DEVICE_MSG.stale });
    const unknown = await device('/device/signIn', body, { keyId: 'dk_000000000000000000000000' });
    expect(unknown.body).toMatchObject({ success: false, message: DEVICE_MSG.unauthorized });
    const noHeaders = await app.inject({ method: 'POST', url: `${P}/device/signIn`, payload: body });
    expect(noHeaders.statusCode).toBe(401);
    expect(await signIns(p.userId)).toHaveLength(0);

    const nonce = randomBytes(16).toString('hex');
    const good = await device('/device/signIn', body, { nonce });
    expect(good.status).toBe(200);
    expect(good.body.result).toMatchObject({ repeated: false, scoreGained: 3 });
    const replay = await device('/device/signIn', body, { nonce });
    expect(replay.body).toMatchObject({ success: false, code: 401, message: DEVICE_MSG.replayed });
    // a fresh nonce is a repeat of the sign-in: same result, nothing new
    expect((await device('/device/signIn', body)).body.result).toMatchObject({ repeated: true, scoreGained: 3 });
    const rows = await ctx.db.db.selectFrom('user_sign_place').select(['create_by', 'sign_method']).where('user_id', '=', p.userId).execute();
    expect(rows).toEqual([{ create_by: `device:${key.keyId}`, sign_method: 1 }]);
    const seen = await ctx.db.db.selectFrom('game_device').select('last_seen_time').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(seen.last_seen_time).toBeTruthy();
  });

  it('a replayed nonce is refused on another node too (the shared KV)', async () => {
    const peer = await createPeerApp(t);
    try {
      const p = await f.player();
      const nonce = randomBytes(16).toString('hex');
      const first = await device('/device/signIn', { nfcUid: p.nfcUid }, { nonce });
      expect(first.body.result).toMatchObject({ repeated: false, scoreGained: 3 });
      const again = await device('/device/signIn', { nfcUid: p.nfcUid }, { nonce, target: peer.app });
      expect(again.body).toMatchObject({ success: false, message: DEVICE_MSG.replayed });
    } finally {
      await peer.close();
    }
  });

  it('a device bound to a place signs players in there without naming it; chests open by NFC code', async () => {
    const place = await f.place({ score: 4 });
    const issue = async (deviceName: string, deviceType: number): Promise<GameDeviceIssued> =>
      (await app.inject({ method: 'POST', url: `${P}/device/gameDevice/add`, headers: h, payload: { deviceName, deviceType, signPlaceId: place.id } })).json()
        .result;
    const k = await issue('岛屿机', 1);
    const p = await f.player();
    const r = await device('/device/signIn', { nfcUid: p.nfcUid }, { keyId: k.keyId, secret: k.secret });
    expect(r.body.result).toMatchObject({ scoreGained: 4 });
    const reader = await issue('宝箱机', 3);
    const chest = await f.chest({ rewardValue: 6, place: place.id });
    const code = (await ctx.db.db.selectFrom('treasure_chest').select('nfc_code').where('id', '=', chest).executeTakeFirstOrThrow()).nfc_code!;
    const c = await device('/device/openChest', { nfcUid: p.nfcUid, chestNfcCode: code }, { keyId: reader.keyId, secret: reader.secret });
    expect(c.body.result).toMatchObject({ repeated: false, scoreGained: 6, totalScore: 10 });
  });

  it('rotate: the old secret stops at once; revoke: the key is refused at once on every node', async () => {
    const peer = await createPeerApp(t);
    try {
      const place = await f.place();
      const add = await app.inject({
        method: 'POST',
        url: `${P}/device/gameDevice/add`,
        headers: h,
        payload: { deviceName: '2号签到机', deviceType: 1, signPlaceId: place.id },
      });
      const k: GameDeviceIssued = add.json().result;
      const p = await f.player();
      const body = { nfcUid: p.nfcUid, placeId: place.id };
      const rot = await app.inject({ method: 'POST', url: `${P}/device/gameDevice/rotate`, headers: h, payload: { id: k.id } });
      expect(rot.json()).toMatchObject({ success: true, message: DEVICE_MSG.rotated, result: { id: k.id, keyId: k.keyId } });
      const fresh: GameDeviceIssued = rot.json().result;
      expect(fresh.secret).not.toBe(k.secret);
      expect((await device('/device/signIn', body, { keyId: k.keyId, secret: k.secret })).body).toMatchObject({
        success: false,
        message: DEVICE_MSG.unauthorized,
      });
      expect((await device('/device/signIn', body, { keyId: k.keyId, secret: fresh.secret, target: peer.app })).body.success).toBe(true);
      const rev = await app.inject({ method: 'POST', url: `${P}/device/gameDevice/revoke`, headers: h, payload: { id: k.id } });
      expect(rev.json()).toMatchObject({ success: true, message: DEVICE_MSG.revoked });
      const place2 = await f.place();
      for (const target of [app, peer.app]) {
        const r = await device('/device/signIn', { nfcUid: p.nfcUid, placeId: place2.id }, { keyId: k.keyId, secret: fresh.secret, target });
        expect(r.body).toMatchObject({ success: false, code: 401, message: DEVICE_MSG.keyRevoked });
      }
      expect(await signIns(p.userId)).toHaveLength(1);
      const again = await app.inject({ method: 'POST', url: `${P}/device/gameDevice/revoke`, headers: h, payload: { id: k.id } });
      expect(again.json()).toMatchObject({ success: false, message: DEVICE_MSG.alreadyRevoked });
      const row = await ctx.db.db.selectFrom('game_device').select(['status', 'revoke_time']).where('id', '=', k.id).executeTakeFirstOrThrow();
      expect(row.status).toBe(0);
      expect(row.revoke_time).toBeTruthy();
    } finally {
      await peer.close();
    }
  });

  it('the key routes need their button codes', async () => {
    for (const url of ['/device/gameDevice/add', '/device/gameDevice/revoke', '/device/gameDevice/rotate']) {
      const res = await app.inject({ method: 'POST', url: `${P}${url}`, payload: { id: key.id } });
      expect(res.statusCode).toBe(401);
    }
    const missing = await app.inject({ method: 'POST', url: `${P}/device/gameDevice/revoke`, headers: h, payload: {} });
    expect(missing.json()).toMatchObject({ success: false });
  });
});
