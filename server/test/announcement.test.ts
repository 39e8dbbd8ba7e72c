import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import type { NoticeMessage } from '../src/core/notify/notifier.js';
import { sanitizeRichHtml } from '../src/core/html/sanitize.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// contract §8.1, §8.2 (issue 12 points 1, 2): 系统通告 CRUD, publish/revoke, listByUser, read state, show/{id}.
const A = `${TEST_API_PREFIX}/sys/annountCement`;
const S = `${TEST_API_PREFIX}/sys/sysAnnouncementSend`;
const PW = 'Passw0rd!ann';

describe(`announcements (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let admin: Record<string, string>;
  const pushes: Array<{ msg: NoticeMessage; to: string[] | 'ALL' }> = [];
  const users: Record<string, { id: string; h: Record<string, string> }> = {};

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = admin, on = app) => {
    const res = await on.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json(), text: res.body };
  };
  const db = () => ctx.db.db;
  const sends = (anntId: string, userId?: string) => {
    let q = db().selectFrom('sys_announcement_send').selectAll().where('annt_id', '=', anntId);
    if (userId) q = q.where('user_id', '=', userId);
    return q.execute();
  };
  /** Add (and optionally publish) a notice; returns its id. */
  const notice = async (body: Record<string, unknown>, publish = true): Promise<string> => {
    const titile = String(body.titile ?? `通告${Math.random()}`);
    const add = await call('POST', `${A}/add`, { msgCategory: '1', msgType: 'ALL', priority: 'M', endTime: '2099-12-31 00:00:00', ...body, titile });
    expect(add.body, JSON.stringify(add.body)).toMatchObject({ success: true, message: '添加成功！' });
    const row = await db().selectFrom('sys_announcement').select('id').orderBy('create_time', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    if (publish) expect((await call('GET', `${A}/doReleaseData?id=${row.id}`)).body).toMatchObject({ success: true, message: '该系统通知发布成功' });
    return row.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    ({ app, ctx } = t);
    app.notifier.addSink(async (msg, to) => void pushes.push({ msg, to }));
    admin = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    for (const name of ['ann_u1', 'ann_u2', 'ann_u3']) {
      const id = await createTestUser(ctx, { username: name, password: PW });
      users[name] = { id, h: authHeaders(await loginAs(app, name, PW)) };
    }
  });
  afterAll(async () => t?.close());

  it('add, edit (PUT and POST), queryById, list with _dictText, logical delete and deleteBatch answer the contract texts', async () => {
    const id = await notice({ titile: '维护通知', msgContent: '<p>今晚维护</p>' }, false);
    const row = await db().selectFrom('sys_announcement').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ send_status: '0', del_flag: '0', create_by: 'admin' });
    const q = await call('GET', `${A}/queryById?id=${id}`);
    expect(q.body.result).toMatchObject({ id, titile: '维护通知', sendStatus: '0', delFlag: '0', msgContent: '<p>今晚维护</p>' });
    expect(q.body.result.priority_dictText).toBeUndefined();
    const list = await call('GET', `${A}/list?titile=维护通知`);
    expect(list.body.result.records[0]).toMatchObject({ id, priority_dictText: expect.any(String), sendStatus_dictText: expect.any(String) });
    expect((await call('PUT', `${A}/edit`, { id, titile: '维护通知2', msgCategory: '1', msgType: 'ALL' })).body).toMatchObject({
      success: true,
      message: '修改成功!',
    });
    expect((await call('POST', `${A}/edit`, { id, titile: '维护通知3', msgCategory: '1', msgType: 'ALL' })).body).toMatchObject({
      success: true,
      message: '修改成功!',
    });
    expect((await call('PUT', `${A}/edit`, { id: '1234567890123456789', titile: 'x', msgCategory: '1', msgType: 'ALL' })).body).toMatchObject({
      success: false,
      message: '未找到对应实体',
    });
    expect((await call('DELETE', `${A}/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await db().selectFrom('sys_announcement').select('del_flag').where('id', '=', id).executeTakeFirstOrThrow()).del_flag).toBe('1');
    expect((await call('GET', `${A}/queryById?id=${id}`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('GET', `${A}/list?titile=维护通知3`)).body.result.records).toEqual([]);
    const b1 = await notice({ titile: '批量1' }, false);
    const b2 = await notice({ titile: '批量2' }, false);
    expect((await call('DELETE', `${A}/deleteBatch?ids=${b1},${b2},`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await db().selectFrom('sys_announcement').select('id').where('id', 'in', [b1, b2]).where('del_flag', '=', '0').execute()).toEqual([]);
  });

  it('refuses bad values with a 400 and changes nothing', async () => {
    const before = (await db().selectFrom('sys_announcement').select('id').execute()).length;
    for (const bad of [
      { msgType: 'SOME' },
      { priority: 'X' },
      { msgCategory: '9' },
      { openType: 'url', openPage: 'javascript:alert(1)' },
      { openType: 'url', openPage: '//evil.example/x' },
      { openType: 'url', openPage: 'java\tscript:alert(1)' },
      { msgType: 'USER', userIds: "1,2' or 1=1," },
    ]) {
      const r = await call('POST', `${A}/add`, { titile: '坏', msgCategory: '1', msgType: 'ALL', ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.body.success).toBe(false);
    }
    expect((await db().selectFrom('sys_announcement').select('id').execute()).length).toBe(before);
  });

  it('sanitises the body and the title: no script, no on* handlers, no javascript: urls, no foreign iframes', async () => {
    const evil = [
      '<p onclick="steal()">正文<script>alert(1)</script></p>',
      '<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(2)">b</a>',
      '<img src="x" onerror="alert(3)">',
      '<iframe src="https://evil.example/x"></iframe><iframe src="//evil.example/y"></iframe>',
      '<iframe src="/jeecg-boot/sys/annountCement/show/1"></iframe>',
      '<svg><script>alert(4)</script></svg><style>body{}</style><object data="x"></object>',
      '<p style="color:red;background:url(javascript:alert(5))">彩色</p>',
    ].join('');
    const id = await notice({ titile: '<b>标题</b><script>alert(6)</script><img src=x onerror=alert(7)>', msgContent: evil }, false);
    const row = await db().selectFrom('sys_announcement').select(['titile', 'msg_content']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.titile).toBe('标题');
    const html = row.msg_content ?? '';
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|evil\.example|<style|<object|url\(/i);
    expect(html).toContain('<p>正文</p>');
    expect(html).toContain('<iframe src="/jeecg-boot/sys/annountCement/show/1"></iframe>');
    expect(html).toContain('<p style="color:red">彩色</p>');
    // the edit path too
    await call('PUT', `${A}/edit`, { id, titile: 'ok', msgCategory: '1', msgType: 'ALL', msgContent: '<a href="javascript:x()" onmouseover="y()">z</a>' });
    expect((await db().selectFrom('sys_announcement').select('msg_content').where('id', '=', id).executeTakeFirstOrThrow()).msg_content).toBe('<a>z</a>');
    expect(sanitizeRichHtml('<a href="https://a.example" target="_blank">x</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('publish and revoke: status, times, sender, the live pushes; unknown id → 未找到对应实体', async () => {
    pushes.length = 0;
    const all = await notice({ titile: '全员通告' });
    const row = await db().selectFrom('sys_announcement').selectAll().where('id', '=', all).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ send_status: '1', sender: 'admin' });
    expect(row.send_time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    expect(pushes).toEqual([{ msg: { cmd: 'topic', msgId: all, msgTxt: '全员通告' }, to: 'ALL' }]);
    const u1 = users.ann_u1.id;
    const u2 = users.ann_u2.id;
    const one = await notice({ titile: '个人通告', msgType: 'USER', userIds: `${u1},${u2},` });
    expect(pushes[1]).toEqual({ msg: { cmd: 'user', msgId: one, msgTxt: '个人通告' }, to: [u1, u2] });
    expect((await call('GET', `${A}/doReovkeData?id=${all}`)).body).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    const revoked = await db().selectFrom('sys_announcement').selectAll().where('id', '=', all).executeTakeFirstOrThrow();
    expect(revoked.send_status).toBe('2');
    expect(revoked.cancel_time).toBeTruthy();
    expect((await call('GET', `${A}/doReleaseData?id=1234567890123456789`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    expect((await call('GET', `${A}/doReovkeData?id=1234567890123456789`)).body).toMatchObject({ success: false, message: '未找到对应实体' });
    // a user without the codes may not publish
    expect((await call('GET', `${A}/doReleaseData?id=${all}`, undefined, users.ann_u1.h)).body.success).toBe(false);
  });

  it('USER notices: send rows on add, kept in step with userIds on edit', async () => {
    const [u1, u2, u3] = ['ann_u1', 'ann_u2', 'ann_u3'].map((n) => users[n].id);
    const id = await notice({ titile: '指定用户', msgType: 'USER', userIds: `${u1},${u2},` }, false);
    expect((await sends(id)).map((s) => s.user_id).sort()).toEqual([u1, u2].sort());
    expect((await sends(id)).every((s) => s.read_flag === '0')).toBe(true);
    expect((await db().selectFrom('sys_announcement').select('user_ids').where('id', '=', id).executeTakeFirstOrThrow()).user_ids).toBe(`${u1},${u2},`);
    await call('PUT', `${A}/edit`, { id, titile: '指定用户', msgCategory: '1', msgType: 'USER', userIds: `${u2},${u3}` });
    expect((await sends(id)).map((s) => s.user_id).sort()).toEqual([u2, u3].sort());
    expect((await db().selectFrom('sys_announcement').select('user_ids').where('id', '=', id).executeTakeFirstOrThrow()).user_ids).toBe(`${u2},${u3},`);
  });

  it('listByUser: ALL rows made on demand (end_time ≥ the user create time), unread only, pageSize default 5, full totals', async () => {
    const uid = await createTestUser(ctx, { username: 'ann_list', password: PW });
    const h = authHeaders(await loginAs(app, 'ann_list', PW));
    const created = (await db().selectFrom('sys_user').select('create_time').where('id', '=', uid).executeTakeFirstOrThrow()).create_time!;
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push(await notice({ titile: `列表通告${i}`, msgCategory: '1' }));
    const sys = await notice({ titile: '系统消息一', msgCategory: '2' });
    const ended = await notice({ titile: '早已结束', endTime: '2000-01-01 00:00:00' });
    const draft = await notice({ titile: '草稿' }, false);
    const mine = await notice({ titile: '给我的', msgType: 'USER', msgCategory: '2', userIds: `${uid},` });
    const other = await notice({ titile: '给别人的', msgType: 'USER', userIds: `${users.ann_u1.id},` });
    expect(created <= '2099-12-31 00:00:00').toBe(true);

    const r = await call('GET', `${A}/listByUser`, undefined, h);
    expect(r.body).toMatchObject({ success: true }); // code 200 as every success (contract §1.1: nothing reads the 0)
    const res = r.body.result;
    expect(res.anntMsgList).toHaveLength(5);
    expect(res.anntMsgList.map((x: { titile: string }) => x.titile)).toEqual(['列表通告6', '列表通告5', '列表通告4', '列表通告3', '列表通告2']);
    // revoked ALL notices of earlier tests are not counted, the 7 and none of ended/draft/other (a notice without an
    // end time reaches everyone: holes.announcement.test.ts)
    expect(res.anntMsgTotal).toBe(7);
    expect(res.sysMsgList.map((x: { id: string }) => x.id).sort()).toEqual([sys, mine].sort());
    expect(res.sysMsgTotal).toBe(2);
    expect(res.anntMsgList[0]).toMatchObject({ id: ids[6], msgContent: null, sendStatus: '1', priority: 'M', msgCategory: '1', sender: 'admin' });
    for (const x of [ended, draft, other]) expect(await sends(x, uid)).toEqual([]);
    expect((await call('GET', `${A}/listByUser?pageSize=2`, undefined, h)).body.result.anntMsgList).toHaveLength(2);

    // read state: the bell marks an item read; PUT and POST
    expect((await call('PUT', `${S}/editByAnntIdAndUserId`, { anntId: ids[6] }, h)).body).toMatchObject({ success: true });
    expect((await call('POST', `${S}/editByAnntIdAndUserId`, { anntId: mine }, h)).body).toMatchObject({ success: true });
    const [read] = await sends(ids[6], uid);
    expect(read.read_flag).toBe('1');
    expect(read.read_time).toBeTruthy();
    const after = (await call('GET', `${A}/listByUser`, undefined, h)).body.result;
    expect([after.anntMsgTotal, after.sysMsgTotal]).toEqual([6, 1]);
    expect(after.anntMsgList[0].id).toBe(ids[5]);
    expect((await call('PUT', `${S}/editByAnntIdAndUserId`, {}, h)).body).toMatchObject({ success: false, message: 'anntId不能为空' });

    // getMyAnnouncementSend: unread first, then newest; filters
    const my = (await call('GET', `${S}/getMyAnnouncementSend?pageNo=1&pageSize=20`, undefined, h)).body.result;
    expect(my.total).toBe(9);
    const flags = my.records.map((x: { readFlag: string }) => x.readFlag);
    expect(flags).toEqual([...flags].sort());
    expect(my.records.at(-1)).toMatchObject({ anntId: expect.any(String), userId: uid, readFlag: '1' });
    expect((await call('GET', `${S}/getMyAnnouncementSend?readFlag=1`, undefined, h)).body.result.total).toBe(2);
    expect((await call('GET', `${S}/getMyAnnouncementSend?titile=列表通告_`, undefined, h)).body.result.total).toBe(0);
    expect((await call('GET', `${S}/getMyAnnouncementSend?titile=列表通告`, undefined, h)).body.result.total).toBe(7);
    expect((await call('GET', `${S}/getMyAnnouncementSend?msgCategory=2`, undefined, h)).body.result.total).toBe(2);

    // readAll
    pushes.length = 0;
    expect((await call('PUT', `${S}/readAll`, undefined, h)).body).toMatchObject({ success: true, message: '全部已读' });
    const none = (await call('GET', `${A}/listByUser`, undefined, h)).body.result;
    expect([none.anntMsgTotal, none.sysMsgTotal, none.anntMsgList.length]).toEqual([0, 0, 0]);
    expect(pushes.map((p) => p.to)).toEqual([[uid]]);
  });

  it('parallel listByUser calls on two nodes create one send row per user and notice', async () => {
    const peer = await createPeerApp(t);
    try {
      const uid = await createTestUser(ctx, { username: 'ann_race', password: PW });
      const h = authHeaders(await loginAs(app, 'ann_race', PW));
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push(await notice({ titile: `并发${i}` }));
      const calls = Array.from({ length: 12 }, (_, i) => call('GET', `${A}/listByUser`, undefined, h, i % 2 ? peer.app : app));
      const results = await Promise.all(calls);
      for (const r of results) expect(r.body.success, JSON.stringify(r.body)).toBe(true);
      for (const id of ids) expect(await sends(id, uid)).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  it('listByUser on node B sees at once every write made on node A (the shared version; answers kept per node)', async () => {
    const peer = await createPeerApp(t);
    try {
      const uid = await createTestUser(ctx, { username: 'ann_nodes', password: PW });
      const h = authHeaders(await loginAs(app, 'ann_nodes', PW));
      const onB = async (pageSize?: number) => {
        const r = await call('GET', `${A}/listByUser${pageSize ? `?pageSize=${pageSize}` : ''}`, undefined, h, peer.app);
        expect(r.body.success, JSON.stringify(r.body)).toBe(true);
        return r.body.result as {
          anntMsgList: Array<{ id: string; titile: string }>;
          anntMsgTotal: number;
          sysMsgList: Array<{ id: string }>;
          sysMsgTotal: number;
        };
      };
      const ids = (l: Array<{ id: string }>) => l.map((x) => x.id);
      const base = await onB();
      const { anntMsgTotal: a0, sysMsgTotal: s0 } = base;
      expect(await onB()).toEqual(base); // kept: the same answer again

      // publish on A (the add is a draft: nothing changes on B until the publish)
      const n1 = await notice({ titile: '节点A发布', msgCategory: '1' }, false);
      expect((await onB()).anntMsgTotal).toBe(a0);
      expect((await call('GET', `${A}/doReleaseData?id=${n1}`)).body.success).toBe(true);
      let b = await onB();
      expect([b.anntMsgTotal, ids(b.anntMsgList)[0]]).toEqual([a0 + 1, n1]);
      expect(ids((await onB(1)).anntMsgList)).toEqual([n1]); // another pageSize, its own answer

      // edit on A: the category moves
      expect((await call('PUT', `${A}/edit`, { id: n1, titile: '节点A改为系统消息', msgCategory: '2', msgType: 'ALL' })).body.success).toBe(true);
      b = await onB();
      expect([b.anntMsgTotal, b.sysMsgTotal]).toEqual([a0, s0 + 1]);
      expect(ids(b.sysMsgList)).toContain(n1);

      // read mark on A (PUT), then the send row edited back to unread through the send rows' CRUD on A
      const { ANNOUNCEMENT_VERSION_KEY, userAnnouncementVersionKey } = await import('../src/core/notify/announcementVersion.js');
      const [shared, own] = [await ctx.kv.get(ANNOUNCEMENT_VERSION_KEY), await ctx.kv.get(userAnnouncementVersionKey(uid))];
      expect((await call('PUT', `${S}/editByAnntIdAndUserId`, { anntId: n1 }, h)).body.success).toBe(true);
      // the caller's own read mark moves the caller's version only (other users' kept answers stay)
      expect(await ctx.kv.get(ANNOUNCEMENT_VERSION_KEY)).toBe(shared);
      expect(await ctx.kv.get(userAnnouncementVersionKey(uid))).not.toBe(own);
      expect((await onB()).sysMsgTotal).toBe(s0);
      const [row] = await sends(n1, uid);
      expect((await call('PUT', `${S}/edit`, { id: row.id, anntId: n1, userId: uid, readFlag: '0' })).body.success).toBe(true);
      expect((await onB()).sysMsgTotal).toBe(s0 + 1);

      // revoke on A, publish again, then delete on A
      expect((await call('GET', `${A}/doReovkeData?id=${n1}`)).body.success).toBe(true);
      expect((await onB()).sysMsgTotal).toBe(s0);
      expect((await call('GET', `${A}/doReleaseData?id=${n1}`)).body.success).toBe(true);
      expect((await onB()).sysMsgTotal).toBe(s0 + 1);
      expect((await call('DELETE', `${A}/delete?id=${n1}`)).body.success).toBe(true);
      expect((await onB()).sysMsgTotal).toBe(s0);

      // a USER notice for this user added and published on A; readAll on A
      const n2 = await notice({ titile: '节点A给用户', msgType: 'USER', msgCategory: '1', userIds: `${uid},` });
      b = await onB();
      expect([b.anntMsgTotal, ids(b.anntMsgList)[0]]).toEqual([a0 + 1, n2]);
      expect((await call('PUT', `${S}/readAll`, undefined, h)).body.success).toBe(true);
      b = await onB();
      expect([b.anntMsgTotal, b.sysMsgTotal]).toEqual([0, 0]);

      // a system message made on A (createUserNotice, the message sender's channel)
      const { createUserNotice } = await import('../src/core/notify/userNotice.js');
      const n3 = await createUserNotice(app, { title: '系统消息节点A', content: '<p>x</p>', sender: 'admin', userIds: [uid] });
      b = await onB();
      expect([b.sysMsgTotal, ids(b.sysMsgList)]).toEqual([1, [n3]]);
    } finally {
      await peer.close();
    }
  });

  it('listByUser: a send row without annt_id does not hide the ALL notices (the on-demand insert compares with NOT IN)', async () => {
    const uid = await createTestUser(ctx, { username: 'ann_null', password: PW });
    const h = authHeaders(await loginAs(app, 'ann_null', PW));
    await db()
      .insertInto('sys_announcement_send')
      .values({ id: `nul${Date.now()}`, annt_id: null, user_id: uid, read_flag: '0' })
      .execute();
    const id = await notice({ titile: '空引用之后' });
    const res = (await call('GET', `${A}/listByUser`, undefined, h)).body.result;
    expect(res.anntMsgList.map((x: { id: string }) => x.id)).toContain(id);
    expect(await sends(id, uid)).toHaveLength(1);
  });

  it('show/{id}: an HTML page for the audience, 404 otherwise; no script', async () => {
    const pub = await notice({ titile: '公开<页面>', msgContent: '<p>内容</p>' });
    const draft = await notice({ titile: '草稿页面', msgContent: '<p>草稿</p>' }, false);
    const forU1 = await notice({ titile: '私信页面', msgType: 'USER', userIds: `${users.ann_u1.id},` });
    const get = (id: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `${A}/show/${id}`, headers });
    const page = await get(pub);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<p>内容</p>');
    expect(page.body).toContain('发布人：admin');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('公开&lt;页面&gt;'.replace('&lt;页面&gt;', '页面'));
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect((await get(draft)).statusCode).toBe(404);
    expect((await get(draft, admin)).statusCode).toBe(200);
    expect((await get(forU1)).statusCode).toBe(404);
    expect((await get(forU1, users.ann_u2.h)).statusCode).toBe(404);
    expect((await get(forU1, users.ann_u1.h)).statusCode).toBe(200);
    expect((await get('1234567890123456789')).statusCode).toBe(404);
    expect((await get('..%2F..')).statusCode).toBeLessThan(500);
  });

  it('syncNotic re-pushes a notice for those who may publish it, else only the caller reloads', async () => {
    const id = await notice({ titile: '重推' });
    pushes.length = 0;
    expect((await call('GET', `${A}/syncNotic?anntId=${id}`)).body.success).toBe(true);
    expect(pushes).toEqual([{ msg: { cmd: 'topic', msgId: id, msgTxt: '重推' }, to: 'ALL' }]);
    pushes.length = 0;
    await call('GET', `${A}/syncNotic?anntId=${id}`, undefined, users.ann_u1.h);
    expect(pushes).toEqual([]);
    await call('GET', `${A}/syncNotic`, undefined, users.ann_u1.h);
    expect(pushes).toEqual([{ msg: { cmd: 'user', msgId: '', msgTxt: '批量设置已读' }, to: [users.ann_u1.id] }]);
  });

  it('the send rows CRUD (contract §8.2) behind the 系统通告 codes', async () => {
    const id = await notice({ titile: '发送行' });
    const u3 = users.ann_u3.id;
    expect((await call('POST', `${S}/add`, { anntId: id, userId: u3, readFlag: '0' })).body).toMatchObject({ success: true, message: '添加成功！' });
    const list = (await call('GET', `${S}/list?anntId=${id}&userId=${u3}`)).body.result;
    expect(list.records).toHaveLength(1);
    const sid = list.records[0].id;
    expect((await call('PUT', `${S}/edit`, { id: sid, anntId: id, userId: u3, readFlag: '1' })).body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await call('GET', `${S}/queryById?id=${sid}`)).body.result).toMatchObject({ readFlag: '1' });
    // a second row for the same user and notice is refused by the database
    expect((await call('POST', `${S}/add`, { anntId: id, userId: u3, readFlag: '0' })).body.success).toBe(false);
    expect((await call('GET', `${S}/list`, undefined, users.ann_u3.h)).body.success).toBe(false);
    expect((await call('DELETE', `${S}/delete?id=${sid}`)).body).toMatchObject({ success: true, message: '删除成功!' });
  });
});
