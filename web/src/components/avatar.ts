/** A stored file value → URL (000 §7: values not starting with http and without '[' get the static domain). */
export function fileUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^https?:\/\//.test(value) || value.startsWith('data:') || value.includes('[')) return value;
  return `${window._CONFIG.staticDomainURL}/${value.replace(/^\/+/, '')}`;
}

export const avatarUrl = fileUrl;
