/**
 * Pure rules of the advanced query builder (001 §2 title/width, §3 saved query and condition, §4 states, §5
 * messages, §9 rule codes and match types; contract §5.5 the wire form). The dialog only renders these.
 */
import type { EntityDef, FieldDef } from '@pk/contract';
import { MSG } from '../../messages';

export const SUPER_QUERY_TITLE = '高级查询构造器';
export const SUPER_QUERY_WIDTH = 1000;
/** Saved queries live in local storage under this prefix + the save code or the current path (001 §9). */
export const SAVE_KEY_PREFIX = 'JSuperQuerySaved_';

/** The ten rule codes (001 §9) with JeecgBoot's labels. */
export const RULES = [
  { value: 'eq', label: '等于' },
  { value: 'like', label: '包含' },
  { value: 'right_like', label: '以..开始' },
  { value: 'left_like', label: '以..结尾' },
  { value: 'in', label: '在...中' },
  { value: 'ne', label: '不等于' },
  { value: 'gt', label: '大于' },
  { value: 'ge', label: '大于等于' },
  { value: 'lt', label: '小于' },
  { value: 'le', label: '小于等于' },
] as const;
export type RuleCode = (typeof RULES)[number]['value'];

export const MATCH_TYPES = [
  { value: 'and', label: 'AND（所有条件都要求匹配）' },
  { value: 'or', label: 'OR（条件中的任意一个匹配）' },
] as const;
export type MatchType = (typeof MATCH_TYPES)[number]['value'];

/** 001 §5 / §8 messages in JeecgBoot's wording. */
export const SQ_MSG = {
  emptyQuery: '不能查询空条件',
  emptySave: '空条件不能保存',
  emptyName: '保存名称不能为空',
  exists: (name: string) => `${name} 已存在，是否覆盖？`,
  removeSaved: '是否删除当前查询？',
  saved: MSG.saved,
  namePrompt: '请输入保存的名称',
  active: '已有高级查询条件生效',
} as const;

/** One condition (001 §3; the wire needs field, rule, val, type). */
export interface Condition {
  field?: string;
  rule?: string;
  val?: string;
  type?: string;
  dictCode?: string;
}

/** A saved query (001 §3). */
export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: Condition[];
}

/** The fields offered: the entity's filterable ones (the server refuses the rest, core/query/superQuery.ts). */
export function queryFields(entity: Pick<EntityDef, 'fields'>): FieldDef[] {
  return entity.fields.filter((f) => f.filter !== undefined);
}

/** The condition's `type` from the field: date / datetime / number / string. */
export function typeOfField(f: FieldDef): string {
  return f.type === 'text' ? 'string' : f.type;
}

/** 001 §4: the builder opens with one blank condition. */
export function blankCondition(): Condition {
  return { rule: 'eq' };
}

/** 001 §5: a condition is empty if field, value or rule is missing. */
export function isEmptyCondition(c: Condition): boolean {
  return !c.field || !c.rule || c.val === undefined || c.val === null || String(c.val).trim() === '';
}

export function nonEmpty(conditions: readonly Condition[]): Condition[] {
  return conditions.filter((c) => !isEmptyCondition(c));
}

/** Pick a field: its type and dictionary come with it, and the old value is dropped (its type may differ). */
export function withField(c: Condition, f: FieldDef | undefined): Condition {
  if (!f) return { rule: c.rule };
  return { field: f.prop, rule: c.rule ?? 'eq', type: typeOfField(f), ...(f.dict ? { dictCode: f.dict } : {}) };
}

/** 001 §4: switching the rule away from 'in' keeps only the first value. */
export function withRule(c: Condition, rule: string): Condition {
  if (c.rule === 'in' && rule !== 'in' && typeof c.val === 'string' && c.val.includes(',')) {
    return { ...c, rule, val: c.val.split(',')[0] };
  }
  return { ...c, rule };
}

/**
 * The list params the CRUD engine reads (contract §5.5): `superQueryParams` = encodeURI(JSON) of the non-empty
 * conditions and `superQueryMatchType`; nothing when there is no condition.
 */
export function superQueryParams(conditions: readonly Condition[], matchType: MatchType): { superQueryParams: string; superQueryMatchType: MatchType } | null {
  const list = nonEmpty(conditions).map((c) => ({
    field: c.field,
    rule: c.rule,
    val: String(c.val).trim(),
    ...(c.type ? { type: c.type } : {}),
    ...(c.dictCode ? { dictCode: c.dictCode } : {}),
  }));
  if (!list.length) return null;
  return { superQueryParams: encodeURI(JSON.stringify(list)), superQueryMatchType: matchType };
}

/** `JSuperQuerySaved_` + the save code, or the current path when there is none. */
export function saveKey(saveCode: string | undefined, path: string): string {
  return SAVE_KEY_PREFIX + (saveCode || path);
}

function isSaved(v: unknown): v is SavedQuery {
  if (!v || typeof v !== 'object') return false;
  const s = v as SavedQuery;
  return typeof s.title === 'string' && Array.isArray(s.records);
}

export function readSaved(storage: Pick<Storage, 'getItem'>, key: string): SavedQuery[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isSaved).map((s) => ({ title: s.title, matchType: s.matchType === 'or' ? 'or' : 'and', records: s.records }));
  } catch {
    return [];
  }
}

export function writeSaved(storage: Pick<Storage, 'setItem'>, key: string, list: readonly SavedQuery[]): void {
  storage.setItem(key, JSON.stringify(list));
}

export type SaveCheck = { error: string } | { exists: boolean; next: SavedQuery[] };

/**
 * Saving the current conditions under `name` (001 §5): empty conditions → 空条件不能保存; a blank name →
 * 保存名称不能为空; otherwise the next list, with `exists` telling the dialog to ask before overwriting.
 */
export function planSave(saved: readonly SavedQuery[], name: string, conditions: readonly Condition[], matchType: MatchType): SaveCheck {
  const records = nonEmpty(conditions);
  if (!records.length) return { error: SQ_MSG.emptySave };
  const title = name.trim();
  if (!title) return { error: SQ_MSG.emptyName };
  const entry: SavedQuery = { title, matchType, records: records.map((r) => ({ ...r })) };
  const at = saved.findIndex((s) => s.title === title);
  if (at >= 0) return { exists: true, next: saved.map((s, i) => (i === at ? entry : s)) };
  return { exists: false, next: [...saved, entry] };
}

export function removeSaved(saved: readonly SavedQuery[], title: string): SavedQuery[] {
  return saved.filter((s) => s.title !== title);
}

/** Loading a saved query back into the builder (a copy, with one blank row when it holds none). */
export function loadSaved(s: SavedQuery): { matchType: MatchType; conditions: Condition[] } {
  return { matchType: s.matchType, conditions: s.records.length ? s.records.map((r) => ({ ...r })) : [blankCondition()] };
}
