import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { messageEntity, messageTemplateEntity } from '@pk/contract';
import type { AppContext } from '../src/core/context.js';
import { newId } from '../src/core/id.js';
import { formatDateTime, now } from '../src/core/time.js';
import { ADMIN_USER_ID } from '../src/db/seed/index.js';
import { parseTemplateVars, renderTemplate } from '../src/modules/message/render.js';
import { setSmsProvider, type SmsProvider } from '../src/modules/message/send/channels.js';
import { backoffDelay, claimIds, sendPending, SEND_LIMIT } from '../src/modules/message/send/sender.service.js';
import { SEND_MSG_JOB } from '../src/modules/message/send/job.js';
import { jobHandler } from '../src/core/jobs/handlers.js';
import { createPeerApp, createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// contract §8.4, issue 12 points 7–8: 模板管理, 消息管理, the send job and its channels.
const T = `${TEST_API_PREFIX}${messageTemplateEntity.api}`;
const M = `${TEST_API_PREFIX}${messageEntity.api}`;

describe('template rendering (logic-less ${var})', () => {
  const vars = (o: Record<string, unknown>) => parseTemplateVars(JSON.stringify(o));

  it('fills known plain keys and leaves unknown ones visible', () => {
    expect(renderTemplate('您好 ${name}，任务 ${ task } 于 ${time}', vars({ name: '张三', task: 'HR审批', n: 3 }))).toBe('您好 张三，任务 HR审批 于 ${time}');
    expect(renderTemplate('${n}/${b}', vars({ n: 3, b: true }))).toBe('3/true');
    expect(renderTemplate('no placeholders', vars({ a: 1 }))).toBe('no placeholders');
  });

  it('never evaluates or walks: prototype names, paths, expressions and directives stay as written', () => {
    const v = vars({ a: { b: 'deep' }, c: 'x' });
    for (const p of [
      '${constructor}',
      '${__proto__}',
      '${toString}',
      '${hasOwnProperty}',
      '${a.b}',
      '${a[b]}',
      '${c.length}',
      '${c?upper_case}',
      '${1+1}',
      '${process.env}',
    ])
      expect(renderTemplate(p, v)).toBe(p);
    expect(renderTemplate('${constructor.constructor("return process")()}', v)).toBe('${constructor.constructor("return process")()}');
    // an object value is not rendered (no property walking), nor is null
    expect(renderTemplate('${a}|${n}', parseTemplateVars('{"a":{"b":1},"n":null}'))).toBe('${a}|${n}');
    expect(renderTemplate('<#if x>y</#if>', v)).toBe('<#if x>y</#if>');
  });

  it('a key the JSON itself names is a plain key, even "__proto__" or "a.b"', () => {
    expect(renderTemplate('${__proto__}|${a.b}', parseTemplateVars('{"__proto__":"p","a.b":"ab"}'))).toBe('p|ab');
  });

  it('renders once: a value holding a placeholder is not rendered again', () => {
    expect(renderTemplate('${a}', vars({ a: '${b}', b: 'no' }))).toBe('${b}');
  });

  it('escapes values for HTML bodies, not the template text', () => {
    expect(renderTemplate('<b>${x}</b>', vars({ x: '<script>alert(1)</script>&"\'' }), { html: true })).toBe(
      '<b>&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;</b>',
    );
  });

  it('accepts a JSON object or blank text only', () => {
    expect(parseTemplateVars('').size).toBe(0);
    expect(parseTemplateVars(null).size).toBe(0);
    for (const bad of ['{', '[1,2]', '"x"', '12', 'null', "{'a':1}"]) expect(() => parseTemplateVars(bad)).toThrow();
  });
});

describe(`消息模板 / 消息管理 / the send job (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let ctx: AppContext;
  let h: Record<string, string>;
  let smtp: SMTPServer;
  const mails: { to: string[]; raw: string }[] = [];
  /** Deliveries the SMTP server turns down (the address stays refused until removed). */
  const refused = new Set<string>();

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = h) => {
    const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: any } };
  };
  const rows = () => ctx.db.db.selectFrom('sys_sms').selectAll().orderBy('create_time').orderBy('id').execute();
  const row = (id: string) => ctx.db.db.selectFrom('sys_sms').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sendMsg = (body: Record<string, unknown>) => call('POST', `${T}/sendMsg`, body);
  const queued = async (code: string, msgType: string, receiver: string, testData: unknown = '{}') => {
    const before = new Set((await rows()).map((r) => r.id));
    const res = await sendMsg({ msgType, templateCode: code, receiver, testData: typeof testData === 'string' ? testData : JSON.stringify(testData) });
    expect(res.body).toMatchObject({ success: true, message: '发送消息任务添加成功！' });
    const added = (await rows()).filter((r) => !before.has(r.id));
    expect(added).toHaveLength(1);
    return added[0];
  };
  const addTemplate = async (templateCode: string, templateName: string, templateContent: string, templateType = '4') => {
    const res = await call('POST', `${T}/add`, { templateCode, templateName, templateContent, templateType });
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, cb) {
        if (refused.has(address.address)) cb(Object.assign(new Error('550 mailbox unavailable'), { responseCode: 550 }));
        else cb();
      },
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, SMTP_FROM: 'noreply@pirate.test' } });
    ({ app, ctx } = t);
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });
  beforeEach(async () => {
    await ctx.db.db.deleteFrom('sys_sms').execute();
    mails.length = 0;
    refused.clear();
  });

  it('seeds the four templates of the original, listed with the type dictionary text', async () => {
    const res = await call('GET', `${T}/list?pageNo=1&pageSize=10`);
    expect(res.body.success).toBe(true);
    const byCode = Object.fromEntries(res.body.result.records.map((r: any) => [r.templateCode, r]));
    expect(Object.keys(byCode).sort()).toEqual(['SYS001', 'bpm_chaoshi_tip', 'bpm_cuiban', 'sys_ts_note']);
    expect(byCode.sys_ts_note).toMatchObject({ templateType: '4', templateType_dictText: '系统', templateName: '系统消息通知' });
    expect(byCode.SYS001).toMatchObject({ templateType: '3', templateType_dictText: '微信', templateName: '催办：${taskName}' });
    expect(JSON.parse(byCode.SYS001.templateTestJson)).toEqual({ taskName: 'HR审批', userName: 'admin' });
  });

  it('templates: every CRUD action with the contract texts; the code is unique', async () => {
    await addTemplate('t_crud', '标题', '内容 ${x}');
    const dup = await call('POST', `${T}/add`, { templateCode: 't_crud', templateName: '又一个', templateContent: 'c', templateType: '1' });
    expect(dup.body.success).toBe(false);
    const check = await call('GET', `${TEST_API_PREFIX}/sys/duplicate/check?tableName=sys_sms_template&fieldName=template_code&fieldVal=t_crud`);
    expect(check.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const list = await call('GET', `${T}/list?templateCode=t_crud`);
    expect(list.body.result.total).toBe(1);
    const id = list.body.result.records[0].id as string;
    expect((await call('GET', `${T}/queryById?id=${id}`)).body.result).toMatchObject({ templateCode: 't_crud', templateContent: '内容 ${x}' });
    const edit = await call('PUT', `${T}/edit`, { id, templateCode: 't_crud', templateName: '新标题', templateContent: '内容', templateType: '2' });
    expect(edit.body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await call('GET', `${T}/queryById?id=${id}`)).body.result).toMatchObject({ templateName: '新标题', templateType: '2' });
    const missingType = await call('POST', `${T}/add`, { templateCode: 't_x', templateContent: 'c' });
    expect(missingType.body.success).toBe(false);
    const xls = await app.inject({ method: 'GET', url: `${T}/exportXls?templateCode=t_crud`, headers: h });
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-type']).toContain('spreadsheetml');
    expect((await call('DELETE', `${T}/delete?id=${id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    await addTemplate('t_b1', 'b1', 'c');
    await addTemplate('t_b2', 'b2', 'c');
    const ids = (await call('GET', `${T}/list?templateCode=t_b*`)).body.result.records.map((r: any) => r.id);
    expect(ids).toHaveLength(2);
    expect((await call('DELETE', `${T}/deleteBatch?ids=${ids.join(',')},`)).body).toMatchObject({ success: true, message: '批量删除成功！' });
  });

  it('messages: every CRUD action with the contract texts and the dictionary columns; the job columns stay hidden', async () => {
    const add = await call('POST', `${M}/add`, {
      esTitle: '手工消息',
      esType: '1',
      esReceiver: '13800000000',
      esContent: '内容',
      esSendStatus: '0',
      esSendNum: 0,
    });
    expect(add.body).toMatchObject({ success: true, message: '添加成功！' });
    const list = await call('GET', `${M}/list?esTitle=手工*`);
    expect(list.body.result.total).toBe(1);
    const rec = list.body.result.records[0];
    expect(rec).toMatchObject({ esType_dictText: '短信', esSendStatus_dictText: '未发送', esSendNum: 0 });
    for (const hidden of ['claimToken', 'claimUntil', 'nextTryTime', 'claim_token']) expect(rec).not.toHaveProperty(hidden);
    const filtered = await call('GET', `${M}/list?esSendStatus=1`);
    expect(filtered.body.result.total).toBe(0);
    expect((await call('PUT', `${M}/edit`, { ...rec, remark: '备注' })).body).toMatchObject({ success: true, message: '修改成功!' });
    expect((await call('GET', `${M}/queryById?id=${rec.id}`)).body.result).toMatchObject({ remark: '备注' });
    const xls = await app.inject({ method: 'GET', url: `${M}/exportXls`, headers: h });
    expect(xls.statusCode).toBe(200);
    expect((await call('DELETE', `${M}/delete?id=${rec.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call('DELETE', `${M}/deleteBatch?ids=`)).body.success).toBe(false);
  });

  it('sendMsg: bad JSON, unknown template and missing receiver change nothing; a good one queues a rendered row', async () => {
    for (const testData of ['{', '[1]', 'not json', '"str"']) {
      const res = await sendMsg({ msgType: '4', templateCode: 'sys_ts_note', testData, receiver: 'admin' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, message: '解析Json出错！' });
    }
    expect((await sendMsg({ msgType: '4', templateCode: 'no_such', testData: '{}', receiver: 'admin' })).body).toMatchObject({
      success: false,
      message: '发送消息任务添加失败！',
    });
    const noReceiver = await sendMsg({ msgType: '4', templateCode: 'sys_ts_note', testData: '{}', receiver: '  ' });
    expect(noReceiver.body).toMatchObject({ success: false, message: '消息接收方不能为空' });
    const badType = await sendMsg({ msgType: '9', templateCode: 'sys_ts_note', testData: '{}', receiver: 'admin' });
    expect(badType.body).toMatchObject({ success: false, message: '消息类型不正确' });
    expect(await rows()).toHaveLength(0);

    const r = await queued('SYS001', '3', 'admin', { taskName: 'HR<审批>', userName: '张三' });
    expect(r).toMatchObject({ es_type: '3', es_receiver: 'admin', es_send_status: '0', es_send_num: 0, es_title: '催办：HR<审批>', create_by: 'admin' });
    // a text channel: values as they are; unknown variables visible
    expect(r.es_content).toContain('张三，您好！');
    expect(r.es_content).toContain('HR<审批>');
    const html = await queued('sys_ts_note', '4', 'admin', { ts_content: '<img src=x onerror=alert(1)>' });
    expect(html.es_content).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.es_content).toContain('${ts_date}');
    const list = await call('GET', `${M}/list`);
    expect(list.body.result.records.map((x: any) => x.esSendStatus_dictText)).toEqual(['未发送', '未发送']);
  });

  it('system message (type 4): receivers by username or user id get a USER announcement with an unread send row', async () => {
    const zid = await createTestUser(ctx, { username: 'msg_z', password: 'Passw0rd!x1' });
    const r = await queued('sys_ts_note', '4', `admin,${zid}`, { ts_date: '2026-11-25', ts_content: '升级' });
    const report = await sendPending(app);
    expect(report).toEqual({ sent: 1, failed: 0 });
    const after = await row(r.id);
    expect(after).toMatchObject({ es_send_status: '1', es_send_num: 1, es_result: null, claim_token: null });
    expect(after.es_send_time).toBeTruthy();
    const annt = await ctx.db.db.selectFrom('sys_announcement').selectAll().where('titile', '=', '系统消息通知').execute();
    expect(annt).toHaveLength(1);
    expect(annt[0]).toMatchObject({ msg_type: 'USER', send_status: '1', msg_category: '2', sender: 'admin' });
    expect(annt[0].msg_content).toContain('升级');
    const sends = await ctx.db.db.selectFrom('sys_announcement_send').select(['user_id', 'read_flag']).where('annt_id', '=', annt[0].id).execute();
    expect(sends.map((s) => s.user_id).sort()).toEqual([ADMIN_USER_ID, zid].sort());
    // the body is sanitised before it becomes an announcement (a message row edited by hand included)
    const evil = await queued('sys_ts_note', '4', 'admin');
    await ctx.db.db
      .updateTable('sys_sms')
      .set({ es_content: '<p onclick="x()">hi<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>' })
      .where('id', '=', evil.id)
      .execute();
    expect(await sendPending(app)).toEqual({ sent: 1, failed: 0 });
    const evilAnnt = await ctx.db.db
      .selectFrom('sys_announcement')
      .select('msg_content')
      .where('titile', '=', '系统消息通知')
      .orderBy('create_time', 'desc')
      .execute();
    const stored = evilAnnt.map((a) => a.msg_content ?? '').find((c) => c.includes('hi'));
    expect(stored).toBeDefined();
    expect(stored).not.toMatch(/script|onclick|javascript:/i);
    // sent rows are not sent again
    expect(await sendPending(app)).toEqual({ sent: 0, failed: 0 });
    const list = await call('GET', `${M}/list`);
    expect(list.body.result.records[0]).toMatchObject({ esSendStatus_dictText: '发送成功', esSendNum: 1 });

    // an unknown user: failed at once, without a further attempt
    const lost = await queued('sys_ts_note', '4', 'nobody_here');
    expect(await sendPending(app)).toEqual({ sent: 0, failed: 1 });
    expect(await row(lost.id)).toMatchObject({ es_send_status: '2', es_send_num: 1, next_try_time: null, es_result: '未找到接收用户：nobody_here' });
    const far = new Date(Date.now() + 86_400_000);
    expect(await sendPending(app, { now: () => far })).toEqual({ sent: 0, failed: 0 });
  });

  it('e-mail (type 2) is delivered over SMTP to a real SMTP server', async () => {
    await addTemplate('mail_t', 'Mail for ${name}', '<p>Hello ${name}, code ${code}</p>', '2');
    const r = await queued('mail_t', '2', 'alice@example.com, bob@example.com', { name: 'Ann&Co', code: '42' });
    expect(await sendPending(app)).toEqual({ sent: 1, failed: 0 });
    expect(await row(r.id)).toMatchObject({ es_send_status: '1', es_send_num: 1 });
    expect(mails).toHaveLength(1);
    expect(mails[0].to.sort()).toEqual(['alice@example.com', 'bob@example.com']);
    expect(mails[0].raw).toContain('Subject: Mail for Ann&Co');
    expect(mails[0].raw).toContain('From: noreply@pirate.test');
    expect(mails[0].raw).toContain('<p>Hello Ann&amp;Co, code 42</p>');
    // a malformed address never reaches the server and is not retried
    const bad = await queued('mail_t', '2', 'not-an-address');
    expect(await sendPending(app)).toEqual({ sent: 0, failed: 1 });
    expect(await row(bad.id)).toMatchObject({ es_send_status: '2', next_try_time: null, es_result: '邮箱地址不正确：not-an-address' });
    expect(mails).toHaveLength(1);
  });

  it('failed sends are retried with backoff until the limit', async () => {
    await addTemplate('mail_retry', 'Retry', '<p>x</p>', '2');
    refused.add('down@example.com');
    const r = await queued('mail_retry', '2', 'down@example.com');
    let clock = new Date();
    const at = () => clock;
    for (let attempt = 1; attempt <= SEND_LIMIT; attempt++) {
      expect(await sendPending(app, { now: at, backoffSeconds: 10 })).toEqual({ sent: 0, failed: 1 });
      const after = await row(r.id);
      expect(after).toMatchObject({ es_send_status: '2', es_send_num: attempt, claim_token: null });
      expect(after.es_result).toContain('550');
      if (attempt === SEND_LIMIT) {
        expect(after.next_try_time).toBeNull();
        break;
      }
      const delay = backoffDelay(attempt, 10);
      expect(String(after.next_try_time).slice(0, 19)).toBe(formatDateTime(new Date(clock.getTime() + delay * 1000)));
      // not yet due one second before, due at the time
      clock = new Date(clock.getTime() + (delay - 1) * 1000);
      expect(await sendPending(app, { now: at, backoffSeconds: 10 })).toEqual({ sent: 0, failed: 0 });
      clock = new Date(clock.getTime() + 1000);
    }
    expect(backoffDelay(1, 10)).toBe(10);
    expect(backoffDelay(3, 10)).toBe(40);
    // the limit reached: never again
    clock = new Date(clock.getTime() + 86_400_000);
    expect(await sendPending(app, { now: at, backoffSeconds: 10 })).toEqual({ sent: 0, failed: 0 });

    // a recovered server: the next due attempt succeeds
    const r2 = await queued('mail_retry', '2', 'flaky@example.com');
    refused.add('flaky@example.com');
    clock = new Date();
    expect(await sendPending(app, { now: at, backoffSeconds: 10 })).toEqual({ sent: 0, failed: 1 });
    refused.delete('flaky@example.com');
    clock = new Date(clock.getTime() + 10_000);
    expect(await sendPending(app, { now: at, backoffSeconds: 10 })).toEqual({ sent: 1, failed: 0 });
    expect(await row(r2.id)).toMatchObject({ es_send_status: '1', es_send_num: 2, es_result: null, next_try_time: null });
  });

  it('SMS (type 1) goes through the provider; without SMTP_URL e-mail fails and stays retryable', async () => {
    const got: Array<[string, string]> = [];
    const prev = setSmsProvider({ send: async (_app, phone, text) => void got.push([phone, text]) });
    try {
      await addTemplate('sms_t', '验证', '验证码 ${code}', '1');
      const r = await queued('sms_t', '1', '13800000001,13800000002', { code: '1234' });
      expect(await sendPending(app)).toEqual({ sent: 1, failed: 0 });
      expect(got).toEqual([
        ['13800000001', '验证\n验证码 1234'],
        ['13800000002', '验证\n验证码 1234'],
      ]);
      expect(await row(r.id)).toMatchObject({ es_send_status: '1' });
      const bad = await queued('sms_t', '1', 'abc');
      expect(await sendPending(app)).toEqual({ sent: 0, failed: 1 });
      expect(await row(bad.id)).toMatchObject({ es_result: '手机号码不正确：abc', next_try_time: null });
      // WeChat has no channel: failed without retry
      const wx = await queued('SYS001', '3', 'admin');
      expect(await sendPending(app)).toEqual({ sent: 0, failed: 1 });
      expect(await row(wx.id)).toMatchObject({ es_send_status: '2', es_result: '不支持的发送方式：3', next_try_time: null });
    } finally {
      setSmsProvider(prev);
    }
  });

  it('the job registry knows SendMsgJob and it drains the queue', async () => {
    const handler = jobHandler(SEND_MSG_JOB);
    expect(handler).toBeTypeOf('function');
    const r = await queued('sys_ts_note', '4', 'admin');
    await handler!({ app, parameter: null, jobId: 'x', signal: new AbortController().signal });
    expect(await row(r.id)).toMatchObject({ es_send_status: '1' });
  });

  it('a claim is decided by the database: a second claimer of the same candidates gets none', async () => {
    const a = await queued('sys_ts_note', '4', 'admin');
    const b = await queued('sys_ts_note', '4', 'admin');
    const at = new Date();
    // both nodes read the same two candidates; the first UPDATE takes them, the second finds them claimed
    expect(await claimIds(ctx.db, 'token_a', [a.id, b.id], at)).toBe(2);
    expect(await claimIds(ctx.db, 'token_b', [a.id, b.id], at)).toBe(0);
    expect((await row(a.id)).claim_token).toBe('token_a');
    // a claim that ran out (a node died mid-send) is taken over after the lease
    const later = new Date(at.getTime() + 301_000);
    expect(await claimIds(ctx.db, 'token_b', [a.id], later)).toBe(1);
    // a run now leaves row a to its live claim and takes b, whose claim ran out
    expect(await sendPending(app, { now: () => later })).toEqual({ sent: 1, failed: 0 });
    expect(await row(a.id)).toMatchObject({ claim_token: 'token_b', es_send_status: '0' });
    expect(await row(b.id)).toMatchObject({ claim_token: null, es_send_status: '1' });
  });

  it('two nodes draining at once never send one row twice', async () => {
    const peer = await createPeerApp(t);
    const sentIds: string[] = [];
    const counting: SmsProvider = {
      async send(_app, phone) {
        sentIds.push(phone);
        // a slow gateway: the other node runs meanwhile
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const prev = setSmsProvider(counting);
    try {
      const N = 60;
      const t0 = now();
      const values = Array.from({ length: N }, (_, i) => ({
        id: newId(),
        es_title: `并发${i}`,
        es_type: '1',
        es_receiver: `1390000${String(i).padStart(4, '0')}`,
        es_content: 'x',
        es_send_status: i % 3 === 0 ? '2' : '0',
        es_send_num: i % 3 === 0 ? 1 : 0,
        next_try_time: i % 3 === 0 ? t0 : null,
        create_by: 'admin',
        create_time: t0,
      }));
      await ctx.db.db.insertInto('sys_sms').values(values).execute();
      const reports = await Promise.all([sendPending(app), sendPending(peer.app), sendPending(app), sendPending(peer.app)]);
      expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(N);
      expect(reports.reduce((n, r) => n + r.failed, 0)).toBe(0);
      expect(sentIds).toHaveLength(N);
      expect(new Set(sentIds).size).toBe(N);
      const after = await rows();
      expect(after.every((r) => r.es_send_status === '1' && r.claim_token === null)).toBe(true);
      expect(after.filter((r) => r.es_send_num === 1)).toHaveLength(N - Math.ceil(N / 3));
      expect(after.filter((r) => r.es_send_num === 2)).toHaveLength(Math.ceil(N / 3));
    } finally {
      setSmsProvider(prev);
      await peer.close();
    }
  });
});
