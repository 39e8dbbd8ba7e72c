/**
 * Absolute address of a server path for links the browser opens itself, e.g. the import error report
 * (contract §7.5: `{domianURL}{fileUrl}`). The root is `window._CONFIG.domianURL` when the shell has set it,
 * otherwise `{VITE_API_BASE_URL}{VITE_API_PREFIX}` (defaults: same origin, `/jeecg-boot`).
 */
function defaultRoot(): string {
  const configured = typeof window !== 'undefined' ? window._CONFIG?.domianURL : undefined;
  if (typeof configured === 'string') return configured;
  const env = import.meta.env ?? {};
  return `${env.VITE_API_BASE_URL ?? ''}${env.VITE_API_PREFIX ?? '/jeecg-boot'}`;
}

export function serverUrl(path: string, root: string = defaultRoot()): string {
  if (/^https?:\/\//i.test(path)) return path;
  const p = path.startsWith('/') ? path : `/${path}`;
  return `${root.replace(/\/+$/, '')}${p}`;
}
