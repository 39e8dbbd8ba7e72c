import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import type { NoticeMessage } from '../src/core/notify/notifier.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// Issue 23 point 15: an ALL notice published with 开始/结束时间 left empty (the form allows it) showed 已发布 but
// reached no bell and no 我的消息. No end time means "until revoked", no start time "from publication".
const A = `${TEST_API_PREFIX}/sys/annountCement`;
const S = `${TEST_API_PREFIX}/sys/sysAnnouncementSend`;
const PW = 'Passw0rd!hole';

describe(`a notice without start or end time reaches everyone until revoked (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let admin: Record<string, string>;
  const pushes: Array<{ msg: NoticeMessage; to: string[] | 'ALL' }> = [];

  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => {
    const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json();
  };
  /** Add an ALL notice as the 系统通告 form does (the given time fields as sent) and publish it; its id. */
  const publish = async (titile: string, times: Record<string, unknown>): Promise<string> => {
    const add = await call('POST', `${A}/add`, admin, { titile, msgContent: '<p>正文</p>', msgCategory: '1', msgType: 'ALL', priority: 'M', ...times });
    expect(add, JSON.stringify(add)).toMatchObject({ success: true });
    const row = await ctx.db.db.selectFrom('sys_announcement').select(['id', 'start_time', 'end_time']).where('titile', '=', titile).executeTakeFirstOrThrow();
    expect(await call('GET', `${A}/doReleaseData?id=${row.id}`, admin)).toMatchObject({ success: true, message: '该系统通知发布成功' });
    return row.id;
  };
  const bell = async (h: Record<string, string>) => (await call('GET', `${A}/listByUser?pageSize=50`, h)).result as { anntMsgList: Array<{ id: string }> };
  const bellIds = async (h: Record<string, string>) => (await bell(h)).anntMsgList.map((x) => x.id);
  const myIds = async (h: Record<string, string>) =>
    ((await call('GET', `${S}/getMyAnnouncementSend?pageNo=1&pageSize=50`, h)).result.records as Array<{ anntId: string }>).map((r) => r.anntId);
  const newUser = async (username: string) => {
    await createTestUser(ctx, { username, password: PW });
    return authHeaders(await loginAs(app, username, PW));
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    app.notifier.addSink(async (msg, to) => void pushes.push({ msg, to }));
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  it('empty times (sent as "" or left out) are stored empty, and the notice reaches the bell and 我的消息 of every user', async () => {
    const before = await newUser('hole_before');
    pushes.length = 0;
    const blank = await publish('空时间通告', { startTime: '', endTime: '' });
    const absent = await publish('无时间通告', {});
    for (const id of [blank, absent]) {
      const row = await ctx.db.db
        .selectFrom('sys_announcement')
        .select(['start_time', 'end_time', 'send_status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ start_time: null, end_time: null, send_status: '1' });
    }
    // the push goes out to everyone on publication, and the bell it reloads now has the notice
    expect(pushes.map((p) => [p.msg.cmd, p.msg.msgId, p.to])).toEqual([
      ['topic', blank, 'ALL'],
      ['topic', absent, 'ALL'],
    ]);
    expect(await bellIds(before)).toEqual(expect.arrayContaining([blank, absent]));
    expect(await myIds(before)).toEqual(expect.arrayContaining([blank, absent]));
    // a user created after publication gets it too: no end time is "until revoked"
    const after = await newUser('hole_after');
    expect(await bellIds(after)).toEqual(expect.arrayContaining([blank, absent]));
    expect((await bell(admin)).anntMsgList.map((x) => x.id)).toEqual(expect.arrayContaining([blank, absent]));

    // read by one user: gone from that user's bell only
    await call('PUT', `${S}/editByAnntIdAndUserId`, before, { anntId: blank });
    expect(await bellIds(before)).not.toContain(blank);
    expect(await bellIds(after)).toContain(blank);

    // revoked: gone from every bell and from 我的消息
    expect(await call('GET', `${A}/doReovkeData?id=${absent}`, admin)).toMatchObject({ success: true });
    for (const h of [before, after]) {
      expect(await bellIds(h)).not.toContain(absent);
      expect(await myIds(h)).not.toContain(absent);
    }
    expect(await bellIds(await newUser('hole_late'))).not.toContain(absent);
  });

  it('an end time keeps the contract rule: it reaches users created before it ended, at once', async () => {
    const user = await newUser('hole_end');
    const future = await publish('有结束时间', { startTime: '', endTime: '2099-12-31 23:59:59' });
    const past = await publish('早已结束的', { endTime: '2000-01-01 00:00:00' });
    const ids = await bellIds(user);
    expect(ids).toContain(future);
    expect(ids).not.toContain(past);
  });
});
