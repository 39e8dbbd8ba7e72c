import type { FastifyRequest } from 'fastify';

/** Keys whose values never reach the log (passwords, tokens, secrets, captchas, keys such as `checkKey`, `api_key`). */
const SECRET_WORD = /pass(word)?|pwd|token|secret|salt|captcha|credential|signature|private/i;
const KEY_NAME = /^key$|Key$|_key$|KEY$/;
const isSecret = (k: string) => SECRET_WORD.test(k) || KEY_NAME.test(k);
export const REDACTED = '******';
/** The whole request_param text is cut here (the column is longtext; the list shows it in an expanded row). */
export const PARAM_MAX_CHARS = 2000;
/** A single string longer than this is a file body or an editor's HTML: only its length is kept. */
const VALUE_MAX_CHARS = 500;
const MAX_DEPTH = 4;
const MAX_ITEMS = 50;

function clean(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.length > VALUE_MAX_CHARS ? `(已省略${value.length}个字符)` : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '(已省略)';
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return '(文件内容已省略)';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => clean(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`(共${value.length}项)`);
    return items;
  }
  // fromEntries defines own properties, so a `__proto__` key stays a plain key
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, isSecret(k) ? REDACTED : clean(v, depth + 1)]));
}

/**
 * The request's parameters for sys_log.request_param: query and body merged as JSON, with secret-looking keys
 * masked, long strings and file bodies left out (multipart bodies are never read here), capped at PARAM_MAX_CHARS.
 */
export function requestParamOf(req: FastifyRequest): string | null {
  const query = req.query && typeof req.query === 'object' ? (req.query as Record<string, unknown>) : {};
  const entries: Array<[string, unknown]> = Object.entries(query);
  const body = req.body;
  if (req.isMultipart?.()) entries.push(['文件', '(文件内容已省略)']);
  else if (body !== undefined && body !== null) {
    if (typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) entries.push(...Object.entries(body));
    else entries.push(['body', body]);
  }
  if (!entries.length) return null;
  const text = JSON.stringify(clean(Object.fromEntries(entries), 0));
  return text.length > PARAM_MAX_CHARS ? `${text.slice(0, PARAM_MAX_CHARS - 1)}…` : text;
}
