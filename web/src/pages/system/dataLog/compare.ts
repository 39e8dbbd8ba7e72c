/** One field of two data-log versions side by side (DataLogCompareModal of the original). */
export interface FieldDiff {
  field: string;
  left: string;
  right: string;
  changed: boolean;
}

function parse(content: unknown): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(String(content ?? ''));
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Every field of either version's JSON (in the first one's order, then the second's new ones), marked when it differs. */
export function compareVersions(leftContent: unknown, rightContent: unknown): FieldDiff[] {
  const left = parse(leftContent);
  const right = parse(rightContent);
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields.map((field) => {
    const l = text(left[field]);
    const r = text(right[field]);
    return { field, left: l, right: r, changed: l !== r };
  });
}
