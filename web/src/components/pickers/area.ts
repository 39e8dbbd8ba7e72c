import areaData from 'china-area-data/data.json';
import { PICKER_MSG } from './rules';

/**
 * Chinese area data (001 §3: province, city, district; root pid 86) from the maintained `china-area-data`
 * package: `{ '86': {code: name}, code: {childCode: name} }`.
 */
export type AreaTable = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const AREA_ROOT = '86';

export type AreaType = 'cascader' | 'select';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

const DATA = areaData as AreaTable;

/** 001 §8: an area picker with a type other than cascader or select throws 'Bad type value'. */
export function checkAreaType(type: string): AreaType {
  if (type !== 'cascader' && type !== 'select') throw new Error(PICKER_MSG.badAreaType);
  return type;
}

/** Direct children of `code` as options ([] for a district or an unknown code). */
export function areaChildren(code: string, data: AreaTable = DATA): AreaOption[] {
  return Object.entries(data[code] ?? {}).map(([value, label]) => ({ value, label }));
}

/** The whole tree below the root, three levels at most (cascader options). */
export function areaTree(data: AreaTable = DATA, root = AREA_ROOT, depth = 3): AreaOption[] {
  if (depth === 0) return [];
  return areaChildren(root, data).map((o) => {
    const kids = areaTree(data, o.value, depth - 1);
    return kids.length ? { ...o, children: kids } : o;
  });
}

/** The path of codes from a province down to `code` (e.g. a district → [province, city, district]). */
export function areaPath(code: string, data: AreaTable = DATA): string[] {
  if (!code) return [];
  const parentOf = (c: string): string | undefined => {
    for (const [p, kids] of Object.entries(data)) if (c in kids) return p;
    return undefined;
  };
  const path: string[] = [];
  let c: string | undefined = code;
  for (let i = 0; c && c !== AREA_ROOT && i < 4; i++) {
    path.unshift(c);
    c = parentOf(c);
  }
  return c === AREA_ROOT ? path : [];
}

/** The names along a path, joined with '/' (display text). */
export function areaText(path: readonly string[], data: AreaTable = DATA): string {
  const names: string[] = [];
  let parent = AREA_ROOT;
  for (const c of path) {
    const n = data[parent]?.[c];
    if (!n) break;
    names.push(n);
    parent = c;
  }
  return names.join('/');
}
