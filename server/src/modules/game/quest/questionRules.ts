import { BizError } from '../../../core/envelope/errors.js';
import { GAME_MSG } from '../messages.js';

/** question_type dictionary values (jeecg-schema §4.4). */
export const QUESTION_TYPE = { single: 1, multiple: 2, trueFalse: 3, fillIn: 4 } as const;

/** One option of a choice question: `key` a capital letter (A, B, C…), `text` what the player reads. */
export interface QuestionOption {
  key: string;
  text: string;
}

export const QUESTION_MAX_OPTIONS = 26;
export const QUESTION_OPTION_TEXT_MAX = 500;

/** Texts of the 题库 checks (options JSON and answer). */
export const QUESTION_MSG = {
  badType: '题型不正确',
  optionsNotJson: '选项格式不正确，应为[{"key":"A","text":"选项内容"}]形式的JSON数组',
  optionsTooFew: '单选题和多选题至少需要两个选项',
  optionsTooMany: `选项不能超过${QUESTION_MAX_OPTIONS}个`,
  optionKeyBad: '选项标识须为A-Z中的一个大写字母',
  optionKeyDup: (key: string) => `选项标识${key}重复`,
  optionTextEmpty: (key: string) => `选项${key}的内容不能为空`,
  optionTextLong: (key: string) => `选项${key}的内容不能超过${QUESTION_OPTION_TEXT_MAX}个字符`,
  answerRequired: GAME_MSG.answerRequired,
  answerSingle: '单选题的答案须为一个选项标识，如A',
  answerNotOption: (key: string) => `答案${key}不是已有的选项`,
  answerTrueFalse: '判断题的答案须为true或false',
} as const;

/**
 * The options column as sent (a JSON text, or empty) → the options, checked: a JSON array of {key, text}, keys one
 * capital letter each and distinct, texts not empty. Throws a BizError with the first problem.
 */
export function parseOptions(raw: unknown): QuestionOption[] {
  if (raw === null || raw === undefined) return [];
  if (typeof raw !== 'string') throw new BizError(QUESTION_MSG.optionsNotJson);
  if (!raw.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BizError(QUESTION_MSG.optionsNotJson);
  }
  if (!Array.isArray(parsed)) throw new BizError(QUESTION_MSG.optionsNotJson);
  if (parsed.length > QUESTION_MAX_OPTIONS) throw new BizError(QUESTION_MSG.optionsTooMany);
  const seen = new Set<string>();
  return parsed.map((item) => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) throw new BizError(QUESTION_MSG.optionsNotJson);
    const { key, text } = item as Record<string, unknown>;
    if (typeof key !== 'string' || !/^[A-Z]$/.test(key.trim().toUpperCase())) throw new BizError(QUESTION_MSG.optionKeyBad);
    const k = key.trim().toUpperCase();
    if (seen.has(k)) throw new BizError(QUESTION_MSG.optionKeyDup(k));
    seen.add(k);
    if (typeof text !== 'string' && typeof text !== 'number') throw new BizError(QUESTION_MSG.optionTextEmpty(k));
    const t = String(text).trim();
    if (!t) throw new BizError(QUESTION_MSG.optionTextEmpty(k));
    if (t.length > QUESTION_OPTION_TEXT_MAX) throw new BizError(QUESTION_MSG.optionTextLong(k));
    return { key: k, text: t };
  });
}

/**
 * A question's type, options and answer → what is stored: options as compact JSON (null for true/false and fill-in
 * questions), the answer in its one spelling (single `A`, multiple `A,C` in option order, true/false `true`/`false`,
 * fill-in the trimmed text). Throws a BizError naming the problem.
 */
export function normaliseQuestion(type: unknown, rawOptions: unknown, rawAnswer: unknown): { options: string | null; answer: string } {
  const t = Number(type);
  const answer = rawAnswer === null || rawAnswer === undefined ? '' : String(rawAnswer).trim();
  if (!answer) throw new BizError(QUESTION_MSG.answerRequired);
  switch (t) {
    case QUESTION_TYPE.single:
    case QUESTION_TYPE.multiple: {
      const options = parseOptions(rawOptions);
      if (options.length < 2) throw new BizError(QUESTION_MSG.optionsTooFew);
      const keys = answer
        .toUpperCase()
        .split(/[,\uFF0C\s]+/) // , or ，
        .filter(Boolean);
      if (t === QUESTION_TYPE.single && keys.length !== 1) throw new BizError(QUESTION_MSG.answerSingle);
      if (!keys.length) throw new BizError(QUESTION_MSG.answerRequired);
      const known = options.map((o) => o.key);
      for (const k of keys) if (!known.includes(k)) throw new BizError(QUESTION_MSG.answerNotOption(k));
      const picked = known.filter((k) => keys.includes(k));
      return { options: JSON.stringify(options), answer: picked.join(',') };
    }
    case QUESTION_TYPE.trueFalse: {
      const a = answer.toLowerCase();
      if (a !== 'true' && a !== 'false') throw new BizError(QUESTION_MSG.answerTrueFalse);
      return { options: null, answer: a };
    }
    case QUESTION_TYPE.fillIn:
      return { options: null, answer };
    default:
      throw new BizError(QUESTION_MSG.badType);
  }
}
