/**
 * The rule JSON of a check rule (contract §6.4) ⇄ the editor's two lists, as the original SysCheckRuleModal: global
 * rules (digits '*', the whole value) and per-character rules (digits n, the next n characters), the global ones run
 * first (优先运行) or last (最后运行).
 */
import { CHECK_ALL, type CheckRuleItem } from '@pk/contract';

export type GlobalPriority = 'before' | 'after';

export interface RuleEditorValues {
  globalPriority: GlobalPriority;
  globalRules: Array<{ pattern?: string; message?: string }>;
  localRules: Array<{ digits?: number | string; pattern?: string; message?: string }>;
}

function parseItems(json: unknown): CheckRuleItem[] {
  if (typeof json !== 'string' || !json.trim()) return [];
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((r): r is CheckRuleItem => !!r && typeof r === 'object') : [];
  } catch {
    return [];
  }
}

/** A stored rule JSON → the editor's values (an unreadable JSON opens empty). */
export function splitRules(json: unknown): RuleEditorValues {
  const items = parseItems(json);
  const isGlobal = (r: CheckRuleItem) => String(r.digits) === CHECK_ALL;
  return {
    globalPriority: items.length && !isGlobal(items[0]) ? 'after' : 'before',
    globalRules: items.filter(isGlobal).map(({ pattern, message }) => ({ pattern, message })),
    localRules: items.filter((r) => !isGlobal(r)).map(({ digits, pattern, message }) => ({ digits: Number(digits), pattern, message })),
  };
}

/** The editor's values → the rule JSON sent (digits as strings, as the original writes them). */
export function joinRules(v: Partial<RuleEditorValues>): string {
  const global = (v.globalRules ?? []).map((r) => ({ digits: CHECK_ALL, pattern: r.pattern ?? '', message: r.message ?? '' }));
  const local = (v.localRules ?? []).map((r) => ({ digits: String(r.digits ?? ''), pattern: r.pattern ?? '', message: r.message ?? '' }));
  return JSON.stringify(v.globalPriority === 'after' ? [...local, ...global] : [...global, ...local]);
}
