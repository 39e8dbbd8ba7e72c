/** The options of a 题库 question on the wire: a JSON array of {key, text} (the server checks and normalises it). */
export interface QuestionOption {
  key: string;
  text: string;
}

/** question_type values (jeecg-schema §4.4): single and multiple choice have options. */
export const CHOICE_TYPES: readonly number[] = [1, 2];

/** The option key of a position: A, B, C … Z. */
export const keyAt = (i: number): string => String.fromCharCode(65 + i);

/** The stored JSON → options for the editor (anything unreadable → none). */
export function parseOptions(raw: unknown): QuestionOption[] {
  if (typeof raw !== 'string' || !raw.trim()) return [];
  try {
    const v: unknown = JSON.parse(raw);
    if (!Array.isArray(v)) return [];
    return v
      .filter((o): o is Record<string, unknown> => !!o && typeof o === 'object')
      .map((o, i) => ({ key: typeof o.key === 'string' && o.key ? o.key : keyAt(i), text: o.text == null ? '' : String(o.text) }));
  } catch {
    return [];
  }
}

/** The editor's options → the JSON sent, keys re-lettered in their order (A, B, C…). */
export function formatOptions(options: readonly QuestionOption[]): string {
  return JSON.stringify(options.map((o, i) => ({ key: keyAt(i), text: o.text.trim() })));
}

/** How a list row shows the options: `A. 路飞 / B. 索隆`. */
export function optionsText(raw: unknown): string {
  return parseOptions(raw)
    .map((o) => `${o.key}. ${o.text}`)
    .join(' / ');
}
