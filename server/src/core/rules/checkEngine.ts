import { CHECK_ALL, type CheckRuleFailure, type CheckRuleItem } from '@pk/contract';
import { BadRequestError } from '../envelope/errors.js';
import { compileSafe, matchesWhole, MAX_PATTERN_LENGTH, RegexSyntaxError } from './safeRegex.js';

/** Parts per rule and the largest `digits` accepted. */
export const CHECK_RULE_LIMITS = { items: 50, digits: 9999, message: 200 } as const;

export const CHECK_RULE_MSG = {
  json: '规则JSON格式不正确，须为数组：[{"digits":"*","pattern":"...","message":"..."}]',
  tooMany: `规则JSON最多${CHECK_RULE_LIMITS.items}条规则`,
  item: (n: number) => `第${n}条规则格式不正确`,
  digits: (n: number) => `第${n}条规则的位数须为*或1-${CHECK_RULE_LIMITS.digits}的整数`,
  pattern: (n: number) => `第${n}条规则的正则表达式不正确或不受支持`,
  message: (n: number) => `第${n}条规则的提示文本不能为空，且不超过${CHECK_RULE_LIMITS.message}个字符`,
} as const;

/**
 * The parts of a rule JSON, checked as a save would: an array of {digits: '*' | positive integer, pattern (compiles
 * on RE2, at most MAX_PATTERN_LENGTH characters), message}. Throws BadRequestError with the first problem.
 */
export function parseRuleJson(text: string): CheckRuleItem[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new BadRequestError(CHECK_RULE_MSG.json);
  }
  if (!Array.isArray(raw)) throw new BadRequestError(CHECK_RULE_MSG.json);
  if (raw.length > CHECK_RULE_LIMITS.items) throw new BadRequestError(CHECK_RULE_MSG.tooMany);
  return raw.map((r: unknown, i) => {
    const n = i + 1;
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw new BadRequestError(CHECK_RULE_MSG.item(n));
    const { digits, pattern, message } = r as Record<string, unknown>;
    const d = typeof digits === 'number' ? String(digits) : digits;
    if (typeof d !== 'string' || !(d === CHECK_ALL || (/^[1-9]\d*$/.test(d) && Number(d) <= CHECK_RULE_LIMITS.digits))) {
      throw new BadRequestError(CHECK_RULE_MSG.digits(n));
    }
    if (typeof pattern !== 'string' || !pattern || pattern.length > MAX_PATTERN_LENGTH) throw new BadRequestError(CHECK_RULE_MSG.pattern(n));
    try {
      compileSafe(pattern);
    } catch (e) {
      if (e instanceof RegexSyntaxError) throw new BadRequestError(CHECK_RULE_MSG.pattern(n));
      throw e;
    }
    if (typeof message !== 'string' || !message.trim() || message.length > CHECK_RULE_LIMITS.message) throw new BadRequestError(CHECK_RULE_MSG.message(n));
    return { digits: d, pattern, message };
  });
}

/**
 * Check a value against the parts in order (contract §6.4, SysCheckRuleServiceImpl.checkValue): `n` takes the next n
 * characters from the cursor (clamped to the value; empty once the value is used up) and moves the cursor by n; `*`
 * tests the whole value and leaves the cursor; each pattern must match its whole slice; the first failure is
 * returned, null when every part passes or the value is empty.
 */
export function checkValue(items: readonly CheckRuleItem[], value: string): CheckRuleFailure | null {
  if (!value.trim()) return null;
  let begin = 0;
  for (const item of items) {
    const { digits, pattern, message } = item;
    if (digits === CHECK_ALL) {
      if (!matchesWhole(pattern, value)) return { digits, pattern, message, checkValue: value, passed: false };
      continue;
    }
    const n = Number(digits);
    const end = Math.min(begin + n, value.length);
    const slice = begin > end ? '' : value.slice(begin, end);
    const failure: CheckRuleFailure = { digits, pattern, message, checkValue: slice, passed: false, beginIndex: begin, endIndex: end };
    begin += n;
    if (!matchesWhole(pattern, slice)) return failure;
  }
  return null;
}
