import { serverUrl } from '../../../crud/serverUrl';

/** An uploaded image (a path under the upload folder, as `/sys/common/upload` answers) through the static route; an http(s) address as it is. */
export function imageUrl(v: unknown): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  const s = v.trim();
  if (/^https?:\/\//i.test(s) || s.includes('/sys/common/static/')) return serverUrl(s);
  return serverUrl(`/sys/common/static/${s.replace(/^\/+/, '')}`);
}
