/**
 * The message templates' renderer (contract §8.4: FreeMarker-style `${var}` placeholders), logic-less on purpose:
 * a placeholder is a plain key looked up among the variables' OWN entries (a Map built from the parsed JSON object),
 * never evaluated, never walked (`${a.b}` is the key "a.b", not a.b), never a prototype property (`${constructor}`,
 * `${__proto__}`, `${toString}` stay as written unless the JSON itself has such a key). A placeholder without a
 * value — unknown key, or a value that is an object, array or null — stays visible as `${key}`, so a missing
 * variable is seen in the message instead of vanishing. No directives, no expressions, no includes.
 */

export type TemplateVars = ReadonlyMap<string, string>;

/** `${name}`: anything but `}` and line breaks between the braces, at most 100 characters. */
const PLACEHOLDER = /\$\{([^{}\r\n]{0,100})\}/g;

export interface RenderOptions {
  /** Escape the values for HTML (the system message and e-mail bodies are HTML); the template text stays as written. */
  html?: boolean;
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Fill the placeholders of `template` with `vars`; unknown ones stay `${key}`. */
export function renderTemplate(template: string, vars: TemplateVars, opts: RenderOptions = {}): string {
  return template.replace(PLACEHOLDER, (whole, raw: string) => {
    const value = vars.get(raw.trim());
    if (value === undefined) return whole;
    return opts.html ? escapeHtml(value) : value;
  });
}

/**
 * The variables of a JSON object text (the test dialog's `testData`, a queued row's es_param): its own keys whose
 * values are strings, numbers or booleans, as strings. Blank text is no variables. Throws on text that is not a
 * JSON object (the caller answers 解析Json出错！).
 */
export function parseTemplateVars(text: string | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (text === null || text === undefined || !text.trim()) return out;
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SyntaxError('not a JSON object');
  for (const [k, v] of Object.entries(parsed)) {
    if (typeof v === 'string') out.set(k, v);
    else if (typeof v === 'number' || typeof v === 'boolean') out.set(k, String(v));
  }
  return out;
}
