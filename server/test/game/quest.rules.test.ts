import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestApp, TEST_ADMIN_PASSWORD, TEST_API_PREFIX, type TestApp } from '../harness.js';
import { authHeaders, loginAs } from '../helpers/login.js';
import { xlsxUpload } from '../helpers/iamFixtures.js';
import { newId } from '../../src/core/id.js';
import { QUESTION_MSG } from '../../src/modules/game/quest/questionRules.js';
import { QUEST_MSG } from '../../src/modules/game/quest/service.js';
import type { Database } from '../../src/db/schema.js';

// issue 13 quest brief points 2 and 3: question options/answer, task targets and times, honor condition, chests.
const Q = `${TEST_API_PREFIX}/question/questionBank`;
const T = `${TEST_API_PREFIX}/task/activityTask`;
const H = `${TEST_API_PREFIX}/honor/honor`;
const C = `${TEST_API_PREFIX}/chest/treasureChest`;
const OPTS = JSON.stringify([
  { key: 'A', text: '路飞' },
  { key: 'B', text: '索隆' },
  { key: 'C', text: '娜美' },
]);

describe(`quest admin rules (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  let t: TestApp;
  let h: Record<string, string>;
  let db: Kysely<Database>;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.db.db;
    h = authHeaders(await loginAs(t.app, 'admin', TEST_ADMIN_PASSWORD));
  });
  afterAll(async () => t?.close());

  const call = async (method: 'POST' | 'PUT' | 'GET' | 'DELETE', url: string, payload?: object) => {
    const res = await t.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as { success: boolean; message: string; result: any } };
  };
  const title = () => `题目${Date.now()}${++n}`;
  const question = (title: string) => db.selectFrom('question_bank').selectAll().where('title', '=', title).executeTakeFirst();

  describe('题库: options and answer', () => {
    it('a single choice with a known key is stored with compact options; the list row shows the options', async () => {
      const tt = title();
      const spaced = ' [ {"key":"a","text":" 路飞 "}, {"key":"B","text":"索隆"} ] ';
      const r = await call('POST', `${Q}/add`, { title: tt, questionType: 1, options: spaced, answer: 'a' });
      expect(r.body).toMatchObject({ success: true });
      const row = await question(tt);
      expect(row?.options).toBe(
        JSON.stringify([
          { key: 'A', text: '路飞' },
          { key: 'B', text: '索隆' },
        ]),
      );
      expect(row?.answer).toBe('A');
      const list = await call('GET', `${Q}/list?title=${encodeURIComponent(tt)}`);
      expect(JSON.parse(list.body.result.records[0].options)).toEqual([
        { key: 'A', text: '路飞' },
        { key: 'B', text: '索隆' },
      ]);
    });

    it('a multiple choice answer is normalised to option order, A,C', async () => {
      const tt = title();
      expect((await call('POST', `${Q}/add`, { title: tt, questionType: 2, options: OPTS, answer: 'C, a' })).body.success).toBe(true);
      expect((await question(tt))?.answer).toBe('A,C');
    });

    it('true/false and fill-in questions: answer true/false or the text; options dropped', async () => {
      const a = title();
      expect((await call('POST', `${Q}/add`, { title: a, questionType: 3, options: OPTS, answer: 'TRUE' })).body.success).toBe(true);
      expect(await question(a)).toMatchObject({ answer: 'true', options: null });
      const b = title();
      expect((await call('POST', `${Q}/add`, { title: b, questionType: 4, answer: ' 草帽 ' })).body.success).toBe(true);
      expect(await question(b)).toMatchObject({ answer: '草帽', options: null });
    });

    it.each([
      ['options not JSON', { questionType: 1, options: '{A:路飞}', answer: 'A' }, QUESTION_MSG.optionsNotJson],
      ['options an object', { questionType: 1, options: '{"key":"A"}', answer: 'A' }, QUESTION_MSG.optionsNotJson],
      ['one option only', { questionType: 1, options: '[{"key":"A","text":"x"}]', answer: 'A' }, QUESTION_MSG.optionsTooFew],
      ['a key of two letters', { questionType: 1, options: '[{"key":"AB","text":"x"},{"key":"B","text":"y"}]', answer: 'B' }, QUESTION_MSG.optionKeyBad],
      ['a repeated key', { questionType: 1, options: '[{"key":"A","text":"x"},{"key":"a","text":"y"}]', answer: 'A' }, QUESTION_MSG.optionKeyDup('A')],
      ['an empty option text', { questionType: 1, options: '[{"key":"A","text":" "},{"key":"B","text":"y"}]', answer: 'A' }, QUESTION_MSG.optionTextEmpty('A')],
      ['a single answer of two keys', { questionType: 1, options: OPTS, answer: 'A,B' }, QUESTION_MSG.answerSingle],
      ['an answer naming no option', { questionType: 2, options: OPTS, answer: 'A,D' }, QUESTION_MSG.answerNotOption('D')],
      ['a true/false answer of another word', { questionType: 3, answer: '对' }, QUESTION_MSG.answerTrueFalse],
      ['an unknown type', { questionType: 9, options: OPTS, answer: 'A' }, null],
    ])('refused: %s, nothing stored', async (_what, body, message) => {
      const tt = title();
      const r = await call('POST', `${Q}/add`, { title: tt, ...body });
      expect(r.body.success).toBe(false);
      if (message) expect(r.body.message).toBe(message);
      else expect(r.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(r.status).not.toBe(500);
      expect(await question(tt)).toBeUndefined();
    });

    it('edit checks the answer against the stored options; a partial edit keeps what is stored', async () => {
      const tt = title();
      await call('POST', `${Q}/add`, { title: tt, questionType: 1, options: OPTS, answer: 'B' });
      const id = (await question(tt))!.id;
      const bad = await call('PUT', `${Q}/edit`, { id, answer: 'D' });
      expect(bad.body).toMatchObject({ success: false, message: QUESTION_MSG.answerNotOption('D') });
      expect((await question(tt))?.answer).toBe('B');
      expect((await call('PUT', `${Q}/edit`, { id, answer: 'c' })).body.success).toBe(true);
      expect((await question(tt))?.answer).toBe('C');
      // switching to multiple choice keeps the options
      expect((await call('PUT', `${Q}/edit`, { id, questionType: 2, answer: 'B,C' })).body.success).toBe(true);
      expect(await question(tt)).toMatchObject({ question_type: 2, answer: 'B,C', options: OPTS });
    });

    it('the analysis is sanitised; delete is logical', async () => {
      const tt = title();
      await call('POST', `${Q}/add`, { title: tt, questionType: 4, answer: 'x', analysis: '<p onclick="x()">解析</p><script>alert(1)</script>' });
      const row = (await question(tt))!;
      expect(row.analysis).toBe('<p>解析</p>');
      expect((await call('DELETE', `${Q}/delete?id=${row.id}`)).body.success).toBe(true);
      expect(Number((await question(tt))!.del_flag)).toBe(1);
    });

    it('import checks each row: a bad answer is reported, the good row stored', async () => {
      const good = title();
      const bad = title();
      const upload = await xlsxUpload(
        ['题目', '题型', '选项', '答案'],
        [
          [good, '单选题', OPTS, 'A'],
          [bad, '单选题', OPTS, 'Z'],
        ],
      );
      const res = await t.app.inject({ method: 'POST', url: `${Q}/importExcel`, headers: { ...h, ...upload.headers }, payload: upload.payload });
      // the row's error goes to the error file of the reply (contract §7.5)
      expect(res.json()).toMatchObject({ success: true, message: '文件导入成功，但有错误。' });
      expect(await question(good)).toBeDefined();
      expect(await question(bad)).toBeUndefined();
    });
  });

  describe('活动任务: target by type, times', () => {
    const code = () => `T${Date.now() % 1e9}${++n}`;
    it('the target must exist in the table of the type; types 5 and 6 take none', async () => {
      const placeId = newId();
      await db
        .insertInto('sign_place')
        .values({ id: placeId, place_no: `P${placeId.slice(-8)}`, place_name: '鱼人岛' })
        .execute();
      const ok1 = await call('POST', `${T}/add`, { taskCode: code(), taskName: '登岛', taskType: 1, targetId: placeId });
      expect(ok1.body.success).toBe(true);
      const wrongTable = await call('POST', `${T}/add`, { taskCode: code(), taskName: '答题', taskType: 2, targetId: placeId });
      expect(wrongTable.body).toMatchObject({ success: false, message: QUEST_MSG.taskTargetMissing('题目') });
      const missing = await call('POST', `${T}/add`, { taskCode: code(), taskName: '开箱', taskType: 3, targetId: '1234567890123456789' });
      expect(missing.body).toMatchObject({ success: false, message: QUEST_MSG.taskTargetMissing('宝箱') });
      const goods = await call('POST', `${T}/add`, { taskCode: code(), taskName: '购买', taskType: 4, targetId: placeId });
      expect(goods.body).toMatchObject({ success: false, message: QUEST_MSG.taskTargetMissing('商品') });
      const share = await call('POST', `${T}/add`, { taskCode: code(), taskName: '分享', taskType: 5, targetId: placeId });
      expect(share.body).toMatchObject({ success: false, message: QUEST_MSG.taskTargetNotAllowed });
      expect((await call('POST', `${T}/add`, { taskCode: code(), taskName: '分享', taskType: 5 })).body.success).toBe(true);
      // a question target: a question row (not deleted)
      const qt = title();
      await call('POST', `${Q}/add`, { title: qt, questionType: 4, answer: 'x' });
      const qid = (await question(qt))!.id;
      expect((await call('POST', `${T}/add`, { taskCode: code(), taskName: '答题', taskType: 2, targetId: qid })).body.success).toBe(true);
    });

    it('edit: changing the type re-checks the stored target', async () => {
      const placeId = newId();
      await db
        .insertInto('sign_place')
        .values({ id: placeId, place_no: `P${placeId.slice(-8)}`, place_name: '空岛' })
        .execute();
      const c = code();
      await call('POST', `${T}/add`, { taskCode: c, taskName: '登岛', taskType: 1, targetId: placeId });
      const id = (await db.selectFrom('activity_task').select('id').where('task_code', '=', c).executeTakeFirstOrThrow()).id;
      const r = await call('PUT', `${T}/edit`, { id, taskType: 3 });
      expect(r.body).toMatchObject({ success: false, message: QUEST_MSG.taskTargetMissing('宝箱') });
      expect((await db.selectFrom('activity_task').select('task_type').where('id', '=', id).executeTakeFirstOrThrow()).task_type).toBe(1);
    });

    it('start must be before end (on add and on a partial edit)', async () => {
      const c = code();
      const bad = await call('POST', `${T}/add`, {
        taskCode: c,
        taskName: '限时',
        taskType: 6,
        startTime: '2026-05-02 10:00:00',
        endTime: '2026-05-01 10:00:00',
      });
      expect(bad.body).toMatchObject({ success: false, message: QUEST_MSG.taskTimeOrder });
      expect(
        (await call('POST', `${T}/add`, { taskCode: c, taskName: '限时', taskType: 6, startTime: '2026-05-01 10:00:00', endTime: '2026-05-02 10:00:00' })).body
          .success,
      ).toBe(true);
      const id = (await db.selectFrom('activity_task').select('id').where('task_code', '=', c).executeTakeFirstOrThrow()).id;
      expect((await call('PUT', `${T}/edit`, { id, endTime: '2026-04-30 10:00:00' })).body).toMatchObject({ success: false, message: QUEST_MSG.taskTimeOrder });
    });
  });

  describe('荣誉: condition value', () => {
    it('> 0 unless the condition is manual (6)', async () => {
      const code = `H${Date.now() % 1e9}`;
      expect((await call('POST', `${H}/add`, { honorCode: `${code}a`, honorName: '签到达人', conditionType: 2, conditionValue: 0 })).body).toMatchObject({
        success: false,
        message: QUEST_MSG.honorConditionValue,
      });
      expect((await call('POST', `${H}/add`, { honorCode: `${code}b`, honorName: '签到达人', conditionType: 2 })).body.success).toBe(false);
      expect((await call('POST', `${H}/add`, { honorCode: `${code}c`, honorName: '签到达人', conditionType: 2, conditionValue: 5 })).body.success).toBe(true);
      expect((await call('POST', `${H}/add`, { honorCode: `${code}d`, honorName: '船长特批', conditionType: 6 })).body.success).toBe(true);
    });
  });

  describe('宝箱: number, counts, status', () => {
    const chest = (name: string) => db.selectFrom('treasure_chest').selectAll().where('chest_name', '=', name).executeTakeFirstOrThrow();
    it('an empty number comes from fill rule chest_num; remain = total; status 2 when nothing remains', async () => {
      const name = `金箱${Date.now()}`;
      expect((await call('POST', `${C}/add`, { chestName: name, chestType: 3, totalCount: 3, chestNo: '' })).body.success).toBe(true);
      const row = await chest(name);
      expect(row.chest_no).toMatch(/^BX\d{8}\d+$/);
      expect(row).toMatchObject({ total_count: 3, remain_count: 3, status: 1 });
      // two opened (as the play services do), then staff lower the total by one: remain follows
      await db.updateTable('treasure_chest').set({ remain_count: 1 }).where('id', '=', row.id).execute();
      expect((await call('PUT', `${C}/edit`, { id: row.id, totalCount: 2 })).body.success).toBe(true);
      expect(await chest(name)).toMatchObject({ total_count: 2, remain_count: 0, status: 2 });
      // below what was opened: refused, nothing changes
      expect((await call('PUT', `${C}/edit`, { id: row.id, totalCount: 1 })).body).toMatchObject({ success: false, message: QUEST_MSG.chestTotalBelowOpened });
      expect(await chest(name)).toMatchObject({ total_count: 2, remain_count: 0, status: 2 });
      // raised again: some left, available again
      expect((await call('PUT', `${C}/edit`, { id: row.id, totalCount: 5 })).body.success).toBe(true);
      expect(await chest(name)).toMatchObject({ total_count: 5, remain_count: 3, status: 1 });
      // a second chest gets another number
      const other = `银箱${Date.now()}`;
      await call('POST', `${C}/add`, { chestName: other, chestType: 2, totalCount: 0 });
      const o = await chest(other);
      expect(o.chest_no).not.toBe(row.chest_no);
      expect(o).toMatchObject({ remain_count: 0, status: 2 });
    });

    it('a negative total is refused', async () => {
      const r = await call('POST', `${C}/add`, { chestName: `坏箱${Date.now()}`, totalCount: -1 });
      expect(r.body).toMatchObject({ success: false, message: QUEST_MSG.chestTotalBad });
    });
  });
});
