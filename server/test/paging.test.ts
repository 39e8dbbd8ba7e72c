import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../src/core/context.js';
import { ADMIN_ROLE_ID, DEPART_IDS } from '../src/db/seed/index.js';
import { paging, PAGING } from '../src/core/query/index.js';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, createTestUser, loginAs } from './helpers/login.js';

describe('paging parameters (one rule for every list)', () => {
  it('defaults, everything (-1), the cap and a zero size', () => {
    expect(paging({})).toEqual({ pageNo: 1, pageSize: 10, limit: 10, offset: 0 });
    expect(paging({ pageNo: '3', pageSize: '20' })).toEqual({ pageNo: 3, pageSize: 20, limit: 20, offset: 40 });
    expect(paging({ pageNo: '3', pageSize: '-1' })).toEqual({ pageNo: 1, pageSize: -1, limit: PAGING.maxRows, offset: 0 });
    expect(paging({ pageSize: '999999' }).limit).toBe(PAGING.maxRows);
    expect(paging({ pageSize: '0' }).limit).toBe(10);
    expect(paging({ pageNo: '-4' }).pageNo).toBe(1);
  });

  it('a size that is not an integer is refused with the parameter named', () => {
    expect(() => paging({ pageSize: '10; drop table' })).toThrow('参数pageSize必须是整数');
    expect(() => paging({ pageNo: '1.5' })).toThrow('参数pageNo必须是整数');
  });
});

// The hand-written lists (role users, department users, pickers, address book, online users) page like the CRUD engine.
describe('paged lists outside the CRUD engine', () => {
  let app: FastifyInstance;
  let ctx: AppContext;
  let close: () => Promise<void>;
  let h: Record<string, string>;
  const get = async (url: string) => (await app.inject({ method: 'GET', url: `${TEST_API_PREFIX}${url}`, headers: h })).json();

  beforeAll(async () => {
    ({ app, ctx, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
    for (let i = 0; i < 5; i++)
      await createTestUser(ctx, { username: `pg_user_${i}`, password: 'Pw@12345', realname: `分页${i}`, departIds: [DEPART_IDS.A01A01] });
  });
  afterAll(async () => close?.());

  it('pages and totals agree: two pages of 3, then the rest', async () => {
    const url = (no: number, size: number) =>
      `/sys/user/queryUserComponentData?departId=${DEPART_IDS.A01A01}&realname=${encodeURIComponent('分页')}&pageNo=${no}&pageSize=${size}`;
    const p1 = (await get(url(1, 3))).result;
    const p2 = (await get(url(2, 3))).result;
    expect(p1.total).toBe(5);
    expect(p2.total).toBe(5);
    expect(p1.records).toHaveLength(3);
    expect(p2.records).toHaveLength(2);
    expect(p1.pages).toBe(2);
    const names = [...p1.records, ...p2.records].map((u: { username: string }) => u.username).sort();
    expect(names).toEqual(['pg_user_0', 'pg_user_1', 'pg_user_2', 'pg_user_3', 'pg_user_4']);
    const all = (await get(url(1, -1))).result;
    expect(all.records).toHaveLength(5);
    expect(all.size).toBe(5);
  });

  // 001 §9 / contract §5.4: the web client's lists ask with the initial sort column=createTime&order=desc (as the
  // original's list mixin does); these lists keep their own order and answer the same page with or without it.
  it("the client's initial sort parameters change nothing on the hand-written lists", async () => {
    for (const path of [
      '/sys/user/queryUserComponentData',
      '/sys/user/departUserList',
      '/sys/online/list',
      `/sys/user/userRoleList?roleId=${ADMIN_ROLE_ID}`,
      '/sys/user/queryByOrgCodeForAddressList',
      '/sys/sysDepartRole/list',
    ]) {
      const sep = path.includes('?') ? '&' : '?';
      const plain = await get(`${path}${sep}pageNo=1&pageSize=10`);
      const sorted = await get(`${path}${sep}column=createTime&order=desc&pageNo=1&pageSize=10`);
      expect(plain.success, path).toBe(true);
      expect(sorted.success, path).toBe(true);
      expect(sorted.result, path).toEqual(plain.result);
    }
  });

  it('a page size that is not a number is a 400 in the envelope, the same on every list', async () => {
    for (const path of ['/sys/user/queryUserComponentData', '/sys/user/departUserList', '/sys/online/list', `/sys/user/userRoleList?roleId=${ADMIN_ROLE_ID}`]) {
      const r = await get(`${path}${path.includes('?') ? '&' : '?'}pageSize=abc`);
      expect(r.success, path).toBe(false);
      expect(r.message, path).toBe('参数pageSize必须是整数');
    }
  });
});
