/**
 * `{{ expr }}` placeholders of menu urls (000 §2 "Placeholders … are evaluated and replaced").
 * The original evaluated them with `eval`; here only a property path is allowed:
 * `window._CONFIG['domianURL']`, `window._CONFIG.domianURL`, `_CONFIG["staticDomainURL"]`.
 * Anything else resolves to an empty string (and never runs code).
 */
const SEGMENT = /^(?:\.([A-Za-z_$][\w$]*)|\[\s*(?:'([^']*)'|"([^"]*)"|(\d+))\s*\])/;
const FIRST = /^[A-Za-z_$][\w$]*/;
const BLOCKED = new Set(['__proto__', 'prototype', 'constructor']);

export function resolvePath(expr: string, root: object): unknown {
  let rest = expr.trim();
  const head = FIRST.exec(rest);
  if (!head) return undefined;
  const keys: string[] = [head[0]];
  rest = rest.slice(head[0].length);
  while (rest.length) {
    const m = SEGMENT.exec(rest);
    if (!m) return undefined;
    keys.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
    rest = rest.slice(m[0].length).trimStart();
  }
  // `window.x` and `x` both read from the root object
  if (keys[0] === 'window' && !Object.prototype.hasOwnProperty.call(root, 'window')) keys.shift();
  let cur: unknown = root;
  for (const k of keys) {
    if (BLOCKED.has(k)) return undefined;
    if (cur === null || cur === undefined) return undefined;
    if (typeof cur !== 'object' && typeof cur !== 'function') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

export function renderPlaceholders(text: string, root: object): string {
  return text.replace(/\{\{([^}]*)\}\}/g, (_m, expr: string) => {
    const v = resolvePath(expr, root);
    return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  });
}
