import { FILL_RULE_GENERATORS, type FillRuleGenerator } from '@pk/contract';
import type { Db } from '../../../db/connection.js';
import { nextSequence } from '../../../core/rules/sequence.js';
import { today } from '../../../core/time.js';
import { nextCategoryCode } from '../category/code.js';
import { CATEGORY_ROOT } from '../category/definition.js';

/**
 * The built-in fill-rule generators (contract §6.5), keyed by the name stored in `rule_class`. The original loaded
 * the class named there by reflection; here only these run (security §15). Each declares its parameters: `check`
 * gives the Chinese problem of a parameter object (null when fine), `run` the generated value.
 */
export interface FillGenerator {
  check(params: Record<string, unknown>): string | null;
  run(c: { db: Db; ruleCode: string }, params: Record<string, unknown>, formData: Record<string, unknown>): Promise<unknown>;
}

type ParamCheck = (v: unknown) => boolean;

/** Checks each declared key; an undeclared key is a problem too. */
function checkParams(params: Record<string, unknown>, spec: Record<string, [ParamCheck, string]>): string | null {
  for (const [k, v] of Object.entries(params)) {
    const s = spec[k];
    if (!s) return `不支持的参数：${k.slice(0, 40)}`;
    if (v !== undefined && v !== null && !s[0](v)) return s[1];
  }
  return null;
}

const idString: ParamCheck = (v) => typeof v === 'string' && v.length <= 32;
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
/** As the original's rules read a key: from the form data when it has any key, otherwise from the params. */
const formOrParam = (form: Record<string, unknown>, params: Record<string, unknown>, key: string): string =>
  str(Object.keys(form).length ? form[key] : params[key]);

/** `prefix + yyyyMMdd + n-digit daily sequence` (CN20261125000001): the sequence per rule, prefix and day. */
const orderNumber: FillGenerator = {
  check: (p) =>
    checkParams(p, {
      prefix: [(v) => typeof v === 'string' && /^[A-Za-z0-9_-]{0,20}$/.test(v), '参数prefix须为不超过20位的字母、数字、_或-'],
      digits: [(v) => Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 12 && v !== '', '参数digits须为1-12的整数'],
    }),
  async run({ db, ruleCode }, p) {
    const prefix = typeof p.prefix === 'string' ? p.prefix : 'CN';
    const digits = p.digits === undefined || p.digits === null ? 6 : Number(p.digits);
    const day = today().replace(/-/g, '');
    const n = await nextSequence(db, `order:${ruleCode}:${prefix}:${day}`);
    return `${prefix}${day}${String(n).padStart(digits, '0')}`;
  },
};

/** The next department org code under `parentId` and its org type: [code, type] (contract §6.5). */
const orgCode: FillGenerator = {
  check: (p) => checkParams(p, { parentId: [idString, '参数parentId须为部门ID'] }),
  async run({ db }, p, form) {
    const parentId = formOrParam(form, p, 'parentId');
    let parentCode = '';
    if (parentId) {
      const parent = await db.db.selectFrom('sys_depart').select('org_code').where('id', '=', parentId).executeTakeFirst();
      if (!parent) return null;
      parentCode = parent.org_code;
    }
    const siblings = await db.db.selectFrom('sys_depart').select('org_code').where('parent_id', '=', parentId).execute();
    const code = nextCategoryCode(
      parentCode,
      siblings.map((s) => s.org_code),
    );
    return code ? [code, String(code.length / 3)] : null;
  },
};

/** The next category code under `pid` (root "0"). */
const categoryCode: FillGenerator = {
  check: (p) => checkParams(p, { pid: [idString, '参数pid须为分类ID'] }),
  async run({ db }, p, form) {
    const pid = formOrParam(form, p, 'pid') || CATEGORY_ROOT;
    let parentCode = '';
    if (pid !== CATEGORY_ROOT) {
      const parent = await db.db.selectFrom('sys_category').select('code').where('id', '=', pid).executeTakeFirst();
      if (!parent) return null;
      parentCode = parent.code ?? '';
    }
    const siblings = await db.db.selectFrom('sys_category').select('code').where('pid', '=', pid).execute();
    return nextCategoryCode(
      parentCode,
      siblings.map((s) => s.code ?? ''),
    );
  },
};

export const GENERATORS: Readonly<Record<FillRuleGenerator, FillGenerator>> = {
  OrderNumberRule: orderNumber,
  OrgCodeRule: orgCode,
  CategoryCodeRule: categoryCode,
};

/** `订单流水号(OrderNumberRule)、…` for messages. */
export const GENERATOR_LIST = Object.entries(FILL_RULE_GENERATORS)
  .map(([k, g]) => `${g.name}(${k})`)
  .join('、');
