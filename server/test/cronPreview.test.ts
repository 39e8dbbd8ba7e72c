import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CRON_MESSAGES } from '@pk/contract';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX } from './harness.js';
import { authHeaders, loginAs } from './helpers/login.js';

// contract §11: Quartz validation shared with the cron builder; the preview endpoint the client may use.
const URL_ = `${TEST_API_PREFIX}/sys/quartzJob/cronPreview`;

describe('GET /sys/quartzJob/cronPreview', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let h: Record<string, string>;

  beforeAll(async () => {
    ({ app, close } = await createTestApp());
    h = authHeaders(await loginAs(app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => close?.());

  const get = async (cron: string | undefined, headers = h) => {
    const q = cron === undefined ? '' : `?cron=${encodeURIComponent(cron)}`;
    const res = await app.inject({ method: 'GET', url: `${URL_}${q}`, headers });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; code: number; result: unknown } };
  };

  it('answers the next 10 run times, in order, in the envelope', async () => {
    const { status, body } = await get('0 0/30 9-17 ? * 2-6');
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const runs = body.result as string[];
    expect(runs).toHaveLength(10);
    for (const r of runs) expect(r).toMatch(/^\d{4}-\d{2}-\d{2} (09|1[0-7]):(00|30):00$/);
    expect([...runs].sort()).toEqual(runs);
  });

  it('rejects what Quartz rejects with a Chinese message (HTTP 200, success false, code 500)', async () => {
    for (const [cron, message] of [
      ['0 0 12 1 * 2', CRON_MESSAGES.bothDayAndWeek],
      ['0 0 12 ? * ?', CRON_MESSAGES.neitherDayNorWeek],
      ['0 0 25 * * ?', '时字段“25”超出取值范围（0-23）'],
      // Quartz: "Start year must be less than stop year" (the year is the one field that does not wrap)
      ['0 0 0 * * ? 2030-2020', '年字段“2030-2020”的起始年份不能大于结束年份'],
      ['0 0 12 * *', CRON_MESSAGES.partCount],
      [undefined, CRON_MESSAGES.empty],
    ] as const) {
      const { status, body } = await get(cron);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, code: 500, message });
    }
  });

  it('needs a signed-in user', async () => {
    expect((await get('0 0 12 * * ?', {})).status).toBe(401);
  });
});
