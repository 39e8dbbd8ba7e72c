import {
  activityTaskEntity,
  honorEntity,
  questionBankEntity,
  treasureChestEntity,
  userHonorEntity,
  userQuestionRecordEntity,
  userQuestionScoreEntity,
  userSignPlaceEntity,
  userTaskRecordEntity,
} from '@pk/contract';
import type { CrudBinding, SaveContext, Values } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { sanitizeRichHtml } from '../../../core/html/sanitize.js';
import { normaliseQuestion } from './questionRules.js';
import { changeChestTotal, checkTaskTarget, nextChestNo, QUEST_MSG, storedRow, syncChestStatus } from './service.js';

/** A value of the body, or (edit without it) the stored column's. */
const current = (values: Values, stored: Record<string, unknown> | null, prop: string, column: string): unknown =>
  prop in values ? values[prop] : (stored?.[column] ?? null);

const sanitizeProp = (values: Values, prop: string) => {
  if (typeof values[prop] === 'string') values[prop] = sanitizeRichHtml(values[prop] as string);
};

/** 活动任务: the rich intro sanitised; the target checked against the type; start before end. */
export const activityTaskBinding: CrudBinding = {
  entity: activityTaskEntity,
  table: 'activity_task',
  orgCode: true,
  hooks: {
    async beforeSave(values, c) {
      sanitizeProp(values, 'intro');
      const stored = c.isNew ? null : await storedRow(c.trx, 'activity_task', c.id);
      const type = current(values, stored, 'taskType', 'task_type');
      if ('taskType' in values || 'targetId' in values) await checkTaskTarget(c.trx, type, current(values, stored, 'targetId', 'target_id'));
      const start = current(values, stored, 'startTime', 'start_time');
      const end = current(values, stored, 'endTime', 'end_time');
      if (start && end && String(start) >= String(end)) throw new BizError(QUEST_MSG.taskTimeOrder);
    },
  },
};

/** 荣誉: condition_value > 0 unless the condition is 6 (manual). */
export const honorBinding: CrudBinding = {
  entity: honorEntity,
  table: 'honor',
  orgCode: true,
  hooks: {
    async beforeSave(values, c) {
      const stored = c.isNew ? null : await storedRow(c.trx, 'honor', c.id);
      const type = Number(current(values, stored, 'conditionType', 'condition_type'));
      const value = current(values, stored, 'conditionValue', 'condition_value');
      if (type !== HONOR_CONDITION_MANUAL && !(Number(value) > 0)) throw new BizError(QUEST_MSG.honorConditionValue);
    },
  },
};
/** honor_condition_type 6: granted by staff, no threshold. */
export const HONOR_CONDITION_MANUAL = 6;

/**
 * 宝箱: an empty number comes from fill rule chest_num; remain_count = total_count on add and moves with it on edit
 * (one conditional UPDATE); status 2 (已开完) when nothing is left.
 */
export const treasureChestBinding: CrudBinding = {
  entity: treasureChestEntity,
  table: 'treasure_chest',
  orgCode: true,
  hooks: {
    async beforeSave(values, c: SaveContext) {
      sanitizeProp(values, 'intro');
      for (const p of ['chestNo', 'nfcCode']) if (values[p] === '') values[p] = null;
      if ('totalCount' in values) {
        const total = values.totalCount;
        if (total === null || !Number.isInteger(Number(total)) || Number(total) < 0) throw new BizError(QUEST_MSG.chestTotalBad);
      }
      if (c.isNew) {
        if (!values.chestNo) values.chestNo = await nextChestNo(c.req.server.ctx.db, c.trx, c.req.log);
        values.remainCount = values.totalCount ?? 0;
        if (values.status === undefined || values.status === null) values.status = 1;
      } else if ('totalCount' in values) {
        await changeChestTotal(c.trx, c.id, Number(values.totalCount));
        delete values.totalCount;
      }
    },
    async afterSave(_values, c) {
      await syncChestStatus(c.trx, c.id);
    },
  },
};

/** 题库: options and answer checked and normalised (questionRules.ts); the analysis sanitised; logical delete. */
export const questionBankBinding: CrudBinding = {
  entity: questionBankEntity,
  table: 'question_bank',
  orgCode: true,
  softDelete: true,
  hooks: {
    async beforeSave(values, c) {
      sanitizeProp(values, 'analysis');
      if (!c.isNew && !('questionType' in values) && !('options' in values) && !('answer' in values)) return;
      const stored = c.isNew ? null : await storedRow(c.trx, 'question_bank', c.id);
      const q = normaliseQuestion(
        current(values, stored, 'questionType', 'question_type'),
        current(values, stored, 'options', 'options'),
        current(values, stored, 'answer', 'answer'),
      );
      values.options = q.options;
      values.answer = q.answer;
    },
  },
};

/** The record screens (rows the play services write): list and export only. */
export const userSignPlaceBinding: CrudBinding = { entity: userSignPlaceEntity, table: 'user_sign_place', orgCode: true };
export const userTaskRecordBinding: CrudBinding = { entity: userTaskRecordEntity, table: 'user_task_record', orgCode: true };
export const userQuestionRecordBinding: CrudBinding = { entity: userQuestionRecordEntity, table: 'user_question_record', orgCode: true };
export const userQuestionScoreBinding: CrudBinding = { entity: userQuestionScoreEntity, table: 'user_question_score', orgCode: true };
export const userHonorBinding: CrudBinding = { entity: userHonorEntity, table: 'user_honor', orgCode: true };
