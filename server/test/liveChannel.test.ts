import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';
import { SPEECH_MSG, SpeechService, TTS_MAX_CHARS } from '../src/modules/system/speech/service.js';
import { LIVE_MAX_SOCKETS_PER_USER } from '../src/core/realtime/liveSocket.js';
import { connectWs, type Conn } from './helpers/wsClient.js';

// Issue 12 points 5–6: the live notice channel `/websocket/{userId}` (contract §8.3, 000 §4, security §1.2) and the
// spoken-notice endpoint.

function connect(base: string, userId: string, token: string): Promise<Conn> {
  return connectWs(`${base}${TEST_API_PREFIX}/websocket/${encodeURIComponent(userId)}`, token);
}

const HEARTCHECK = { cmd: 'heartcheck', msgTxt: '心跳响应' };

/** Waits until the server has accepted the socket: a heartbeat is answered only after the token check. */
async function ready(c: Conn): Promise<Conn> {
  c.ws.send('HeartBeat');
  expect(await c.next()).toEqual(HEARTCHECK);
  return c;
}

async function listen(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** A closed socket's code, or 'open' when it is still open after `ms`. */
function closedWithin(c: Conn, ms: number): Promise<number | 'open'> {
  return Promise.race([c.closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const msgId = () => randomBytes(6).toString('hex');

async function newUser(t: TestApp): Promise<{ id: string; username: string; password: string; token: string }> {
  const username = `live_${randomBytes(4).toString('hex')}`;
  const password = 'Passw0rd!x';
  const id = await createTestUser(t.ctx, { username, password });
  return { id, username, password, token: await loginAs(t.app, username, password) };
}

describe('live notice channel /websocket/{userId} (contract §8.3, issue 12 point 5)', () => {
  let t: TestApp;
  let base: string;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t.app);
    adminToken = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
    adminId = (await t.ctx.db.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('closes with 4401 on a missing or invalid token', async () => {
    const bad = await connect(base, adminId, 'not-a-token');
    expect(await bad.closed).toBe(4401);
    const none = await connect(base, adminId, '');
    expect(await none.closed).toBe(4401);
  });

  it("a socket for someone else's userId is closed with 4403 and gets nothing", async () => {
    const other = await newUser(t);
    const spy = await connect(base, other.id, adminToken);
    const victim = await ready(await connect(base, other.id, other.token));
    await t.app.notifier.toUsers([other.id], msgId(), 'for the other user only');
    expect(await victim.next()).toMatchObject({ cmd: 'user', msgTxt: 'for the other user only' });
    expect(await spy.closed).toBe(4403);
    expect(spy.messages).toEqual([]);
    victim.ws.close();
  });

  it('answers HeartBeat to the sender only and relays nothing a client sends', async () => {
    const a = await connect(base, adminId, adminToken);
    const b = await ready(await connect(base, adminId, adminToken));
    a.ws.send('HeartBeat');
    expect(await a.next()).toEqual(HEARTCHECK);
    // whatever else a client sends goes nowhere (the original echoed it to every socket)
    a.ws.send(JSON.stringify({ cmd: 'topic', msgId: 'x', msgTxt: 'forged' }));
    a.ws.send('not json at all');
    a.ws.send(JSON.stringify({ cmd: 'user', msgTxt: '<img src=x onerror=alert(1)>' }));
    await sleep(200);
    expect(a.messages).toEqual([]);
    expect(b.messages).toEqual([]);
    // and the socket is still usable
    await ready(a);
    a.ws.close();
    b.ws.close();
  });

  it('pushes topic notices to every user and user notices to the listed users, on each of their sockets', async () => {
    const u = await newUser(t);
    const tab1 = await ready(await connect(base, adminId, adminToken));
    const tab2 = await ready(await connect(base, adminId, adminToken));
    const theirs = await ready(await connect(base, u.id, u.token));
    const all = msgId();
    await t.app.notifier.toAll(all, '系统公告：今晚维护');
    for (const c of [tab1, tab2, theirs]) expect(await c.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '系统公告：今晚维护' });
    const mine = msgId();
    await t.app.notifier.toUsers([u.id], mine, '你有一条新消息');
    expect(await theirs.next()).toEqual({ cmd: 'user', msgId: mine, msgTxt: '你有一条新消息' });
    await sleep(200);
    expect(tab1.messages).toEqual([]);
    expect(tab2.messages).toEqual([]);
    for (const c of [tab1, tab2, theirs]) c.ws.close();
  });

  it('a user notice created through createUserNotice reaches the user live', async () => {
    const { createUserNotice } = await import('../src/core/notify/userNotice.js');
    const u = await newUser(t);
    const c = await ready(await connect(base, u.id, u.token));
    const id = await createUserNotice(t.app, { title: '审批通过', content: '<p>ok</p>', sender: 'admin', userIds: [u.id] });
    expect(await c.next()).toEqual({ cmd: 'user', msgId: id, msgTxt: '审批通过' });
    c.ws.close();
  });

  it('closes the socket of a session that logs out, without waiting for a frame; other sessions stay open', async () => {
    const u = await newUser(t);
    const second = await loginAs(t.app, u.username, u.password);
    const a = await ready(await connect(base, u.id, u.token));
    const b = await ready(await connect(base, u.id, second));
    const res = await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/logout`, headers: authHeaders(u.token) });
    expect(res.json()).toMatchObject({ success: true });
    expect(await closedWithin(a, 3000)).toBe(4401);
    expect(await closedWithin(b, 300)).toBe('open');
    await ready(b);
    b.ws.close();
  });

  it("a password change closes the user's other sessions' sockets; a forced logout closes that session's socket", async () => {
    const u = await newUser(t);
    const other = await loginAs(t.app, u.username, u.password);
    const keep = await ready(await connect(base, u.id, u.token));
    const gone = await ready(await connect(base, u.id, other));
    const res = await t.app.inject({
      method: 'PUT',
      url: `${TEST_API_PREFIX}/sys/user/updatePassword`,
      headers: authHeaders(u.token),
      payload: { username: u.username, oldpassword: u.password, password: 'N3wPassw0rd!', confirmpassword: 'N3wPassw0rd!' },
    });
    expect(res.json()).toMatchObject({ success: true });
    expect(await closedWithin(gone, 3000)).toBe(4401);
    expect(await closedWithin(keep, 300)).toBe('open');
    // forced logout of the remaining session by the admin (online:forceLogout)
    const online = await t.app.inject({ method: 'GET', url: `${TEST_API_PREFIX}/sys/online/list?pageSize=100`, headers: authHeaders(adminToken) });
    const rows = (online.json() as { result: { records: { id: string; token: string }[] } }).result.records.filter((r) => r.id === u.id);
    expect(rows.length).toBe(1);
    const kick = await t.app.inject({
      method: 'POST',
      url: `${TEST_API_PREFIX}/sys/online/forceLogout`,
      headers: authHeaders(adminToken),
      payload: { token: rows[0]!.token },
    });
    expect(kick.json()).toMatchObject({ success: true });
    expect(await closedWithin(keep, 3000)).toBe(4401);
  });

  it('a session that expired (no announcement) is closed at its next heartbeat', async () => {
    const u = await newUser(t);
    const c = await ready(await connect(base, u.id, u.token));
    const jti = (JSON.parse(Buffer.from(u.token.split('.')[1]!, 'base64url').toString()) as { jti: string }).jti;
    await t.ctx.kv.del(`session:${jti}`); // what the idle timeout does: the record is simply gone
    await sleep(1100); // the database key-value store remembers a session for up to 1 s per node
    c.ws.send('HeartBeat');
    expect(await closedWithin(c, 3000)).toBe(4401);
    expect(c.messages).toEqual([]);
  });

  it('a user holds at most LIVE_MAX_SOCKETS_PER_USER sockets: one more closes the oldest (1008)', async () => {
    const u = await newUser(t);
    const conns: Conn[] = [];
    for (let i = 0; i < LIVE_MAX_SOCKETS_PER_USER; i++) conns.push(await ready(await connect(base, u.id, u.token)));
    const extra = await ready(await connect(base, u.id, u.token));
    expect(await closedWithin(conns[0]!, 3000)).toBe(1008);
    expect(await closedWithin(conns[1]!, 100)).toBe('open');
    const id = msgId();
    await t.app.notifier.toUsers([u.id], id, '仍然送达');
    expect(await extra.next()).toMatchObject({ msgId: id });
    for (const c of [...conns.slice(1), extra]) c.ws.close();
  });

  it('a socket whose session ended before it connected is refused (4401)', async () => {
    const u = await newUser(t);
    await t.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/logout`, headers: authHeaders(u.token) });
    const c = await connect(base, u.id, u.token);
    expect(await c.closed).toBe(4401);
  });
});

describe.runIf(process.env.TEST_REDIS === '1')('live channel across two nodes sharing the database and Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let baseB: string;

  beforeAll(async () => {
    a = await createTestApp({ redis: true });
    b = await createPeerApp(a);
    await listen(a.app);
    baseB = await listen(b.app);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a push on node A reaches the sockets on node B; a logout on node A closes the socket on node B', async () => {
    const u = await newUser(a);
    const onB = await ready(await connect(baseB, u.id, u.token));
    const tab2 = await ready(await connect(baseB, u.id, u.token));
    const id = msgId();
    await a.app.notifier.toUsers([u.id], id, '跨节点消息');
    expect(await onB.next()).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨节点消息' });
    expect(await tab2.next()).toEqual({ cmd: 'user', msgId: id, msgTxt: '跨节点消息' });
    const all = msgId();
    await a.app.notifier.toAll(all, '全体');
    expect(await onB.next()).toEqual({ cmd: 'topic', msgId: all, msgTxt: '全体' });
    const res = await a.app.inject({ method: 'POST', url: `${TEST_API_PREFIX}/sys/logout`, headers: authHeaders(u.token) });
    expect(res.json()).toMatchObject({ success: true });
    expect(await closedWithin(onB, 3000)).toBe(4401);
    expect(await closedWithin(tab2, 3000)).toBe(4401);
  });
});

describe('spoken notices GET /sys/speech/tts (issue 12 point 6)', () => {
  let t: TestApp;
  let token: string;
  let dir: string;
  let counter: string;
  const hasEspeak = fs.existsSync('/usr/bin/espeak-ng');

  beforeAll(async () => {
    // A wrapper that counts its runs and then is espeak-ng: the cache is seen by the number of runs.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pk-tts-'));
    counter = path.join(dir, 'runs');
    const wrapper = path.join(dir, 'espeak-counting');
    fs.writeFileSync(wrapper, `#!/bin/sh\necho run >> '${counter}'\nexec /usr/bin/espeak-ng "$@"\n`, { mode: 0o755 });
    t = await createTestApp({ env: { ESPEAK_PATH: wrapper } });
    token = await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const tts = (text: string | undefined, app = t.app, tok: string | null = token) =>
    app.inject({
      method: 'GET',
      url: `${TEST_API_PREFIX}/sys/speech/tts`,
      query: text === undefined ? {} : { text },
      headers: tok ? authHeaders(tok) : {},
    });
  const runs = () => (fs.existsSync(counter) ? fs.readFileSync(counter, 'utf8').trim().split('\n').length : 0);

  it('needs a signed-in caller', async () => {
    const res = await tts('你好', t.app, null);
    expect(res.statusCode).toBe(401);
  });

  it.runIf(hasEspeak)('answers a WAV of the text, synthesised once per text (cached)', async () => {
    const res = await tts('你有一条新的系统消息');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^audio\/wav/);
    const wav = res.rawPayload;
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
    expect(wav.length).toBeGreaterThan(1000);
    expect(runs()).toBe(1);
    const again = await tts('  你有一条新的系统消息 ');
    expect(again.rawPayload.equals(wav)).toBe(true);
    expect(runs()).toBe(1);
    // text that looks like an option is spoken, never read as one (argv is fixed, the text goes through stdin)
    const dash = await tts('--help -w /tmp/x.wav');
    expect(dash.headers['content-type']).toMatch(/^audio\/wav/);
    expect(runs()).toBe(2);
  });

  it('refuses an empty or too long text with a 400 envelope', async () => {
    const long = await tts('长'.repeat(TTS_MAX_CHARS + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ success: false, message: SPEECH_MSG.tooLong });
    for (const text of [undefined, '', '   ']) {
      const res = await tts(text);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await tts('长'.repeat(TTS_MAX_CHARS))).statusCode).toBe(hasEspeak ? 200 : 200);
  });

  it('answers an envelope error when espeak-ng is missing (the notice itself is unaffected); requests are throttled', async () => {
    const other = await createTestApp({ env: { ESPEAK_PATH: '/nonexistent/espeak-ng', RATE_LIMIT_TTS: '2' } });
    try {
      const tok = await loginAs(other.app, 'admin', TEST_ADMIN_PASSWORD);
      const res = await tts('你好', other.app, tok);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, message: SPEECH_MSG.failed });
      expect((await tts('再来', other.app, tok)).statusCode).toBe(200);
      const third = await tts('第三次', other.app, tok);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ success: false });
    } finally {
      await other.close();
    }
  });

  it('the service runs at most two syntheses at once, shares one run per text, and survives a failure', async () => {
    let running = 0;
    let peak = 0;
    const svc = new SpeechService('x', async (_bin, text) => {
      running++;
      peak = Math.max(peak, running);
      await sleep(30);
      running--;
      if (text === 'bad') throw new Error('boom');
      return Buffer.from(`RIFF${text}`);
    });
    const texts = ['a', 'b', 'c', 'd', 'a', 'a', 'bad'];
    const out = await Promise.allSettled(texts.map((x) => svc.speak(x)));
    expect(peak).toBe(2);
    expect(svc.runs).toBe(5);
    expect(out.filter((r) => r.status === 'rejected').length).toBe(1);
    await svc.speak('a');
    expect(svc.runs).toBe(5);
    await expect(svc.speak('bad')).rejects.toThrow();
    expect(svc.runs).toBe(6);
  });
});
