import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { DEPART_IDS } from '../src/db/seed/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

// Search boxes match what was typed, literally, on all three databases: `_` and `%` are not wildcards, and the
// escape works on SQLite too (it has no default LIKE escape character).
describe('search boxes match literally', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const get = async (url: string) => (await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}${url}`, headers: h })).json();

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    await createTestUser(ctx, { username: 'e2e_online', password: 'Pw@12345', realname: '百分%号', departIds: [DEPART_IDS.A01A01] });
    await createTestUser(ctx, { username: 'e2eXonline', password: 'Pw@12345', realname: '百分之号', departIds: [DEPART_IDS.A01A01] });
  });
  afterAll(async () => close?.());

  it('a user name with _ finds that user only', async () => {
    const r = await get('/sys/user/queryUserComponentData?username=e2e_&pageNo=1&pageSize=10');
    expect(r.success).toBe(true);
    expect(r.result.records.map((u: { username: string }) => u.username)).toEqual(['e2e_online']);
  });

  it('a real name with % finds that user only', async () => {
    const r = await get(`/sys/user/queryUserByDepId?id=${DEPART_IDS.A01A01}&realname=${encodeURIComponent('分%')}`);
    expect(r.result.map((u: { username: string }) => u.username)).toEqual(['e2e_online']);
  });

  it('a department search with _ matches literally', async () => {
    const r = await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('_')}`);
    expect(r.success).toBe(false);
    expect(r.message).toBe('未查询匹配数据！');
  });

  it('a table-dictionary search (loadDict) with _ or % matches literally', async () => {
    const dict = `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username')}`;
    const under = await get(`${dict}?keyword=${encodeURIComponent('e2e_')}`);
    expect(under.success).toBe(true);
    expect(under.result.map((r: { value: string }) => r.value)).toEqual(['e2e_online']);
    const pct = await get(`${dict}?keyword=${encodeURIComponent('%')}`);
    expect(pct.result.map((r: { value: string }) => r.value)).toEqual(['e2e_online']);
    const mid = await get(`${dict}?keyword=${encodeURIComponent('分%号')}`);
    expect(mid.result.map((r: { text: string }) => r.text)).toEqual(['百分%号']);
    // the escape character itself is literal too
    expect((await get(`${dict}?keyword=${encodeURIComponent('!')}`)).result).toEqual([]);
  });
});
