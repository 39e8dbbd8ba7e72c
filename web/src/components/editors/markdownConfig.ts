/** 001 §9 markdown editor: min height 200, default 300, language zh-CN, image upload limited to 1 file. */
export const MARKDOWN_MIN_HEIGHT = 200;
export const MARKDOWN_DEFAULT_HEIGHT = 300;
export const MARKDOWN_IMAGE_LIMIT = 1;

/** The editor height for a requested one: never below the minimum; no (or a bad) value gives the default. */
export function markdownHeight(requested: unknown): number {
  const h = Number(requested);
  return Number.isFinite(h) && h > 0 ? Math.max(MARKDOWN_MIN_HEIGHT, h) : MARKDOWN_DEFAULT_HEIGHT;
}

/** The file input of the image command: images only, one file at a time when the limit is 1. */
export function imageInputAttributes(limit: number = MARKDOWN_IMAGE_LIMIT): { accept: string; multiple: boolean } {
  return { accept: 'image/*', multiple: limit > 1 };
}
