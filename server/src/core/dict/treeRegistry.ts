import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { BadRequestError } from '../envelope/errors.js';

/**
 * The tables `GET /sys/dict/loadTreeData` may read (contract §6.2, §15; security §1.1 A). In JeecgBoot every
 * identifier of that call (tableName, text, code, pidField, hasChildField, the condition keys) was pasted into the
 * SQL text; here each must be one of the literal names below, or the request is refused before any SQL runs.
 * Only non-sensitive columns are listed.
 */
export interface TreeTableSpec {
  table: keyof Database & string;
  /** Columns allowed as the node title (`text`). */
  text: readonly string[];
  /** Columns allowed as the node key (`code`). */
  code: readonly string[];
  /** Columns allowed as the parent column (`pidField`). */
  pid: readonly string[];
  /** Columns allowed as the "has children" flag (`hasChildField`); may be empty. */
  hasChild: readonly string[];
  /** Columns allowed as keys of the `condition` JSON object. */
  condition: readonly string[];
  /** Sort columns of the nodes. */
  order: readonly string[];
}

const TREE_TABLES: ReadonlyMap<string, TreeTableSpec> = new Map<string, TreeTableSpec>([
  [
    'sys_category',
    {
      table: 'sys_category',
      text: ['name', 'code'],
      code: ['id', 'code'],
      pid: ['pid'],
      hasChild: ['has_child'],
      condition: ['name', 'code', 'pid', 'has_child'],
      order: ['code', 'id'],
    },
  ],
  [
    'sys_depart',
    {
      table: 'sys_depart',
      text: ['depart_name'],
      code: ['id', 'org_code'],
      pid: ['parent_id'],
      hasChild: [],
      condition: ['depart_name', 'org_code', 'org_category', 'parent_id', 'status'],
      order: ['depart_order', 'org_code'],
    },
  ],
]);

export const TREE_MSG = {
  /** 001 §5 tree select: the wording of JeecgBoot's JTreeSelect. */
  badCondition: '组件JTreeSelect-condition传值有误，需要一个json字符串!',
  table: (t: string) => `该表未注册，不允许查询：${clip(t)}`,
  column: (param: string, c: string) => `参数${param}的字段不允许查询：${clip(c)}`,
  conditionKey: (k: string) => `查询条件的字段不允许：${clip(k)}`,
  conditionValue: (k: string) => `查询条件【${clip(k)}】的值必须是字符串或数字`,
} as const;

function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 60)}…` : s;
}

/** The request of loadTreeData after every identifier was checked against the registry. */
export interface TreeQuery {
  spec: TreeTableSpec;
  text: string;
  code: string;
  pidField: string;
  hasChildField: string | null;
  pid: string;
  /** Column → bound LIKE value; null when no condition was given. */
  condition: Array<[string, string]> | null;
}

export interface TreeQueryParams {
  tableName?: string;
  text?: string;
  code?: string;
  pidField?: string;
  hasChildField?: string;
  pid?: string;
  condition?: string;
}

/**
 * Parse the tree-select `condition` (001 §5: must be a JSON object string). '' or absent → null. Anything else
 * that is not a JSON object of scalar values is refused with the §5 message.
 */
export function parseCondition(raw: string | undefined): Record<string, string> | null {
  if (raw === undefined || raw.trim() === '') return null;
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    throw new BadRequestError(TREE_MSG.badCondition);
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new BadRequestError(TREE_MSG.badCondition);
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) {
    if (typeof val !== 'string' && typeof val !== 'number') throw new BadRequestError(TREE_MSG.conditionValue(k));
    out[k] = String(val);
  }
  return out;
}

/** Check every identifier of a loadTreeData request against the registry (400 on the first unknown one). */
export function resolveTreeQuery(p: TreeQueryParams): TreeQuery {
  const spec = TREE_TABLES.get(p.tableName ?? '');
  if (!spec) throw new BadRequestError(TREE_MSG.table(p.tableName ?? ''));
  const pick = (param: string, value: string | undefined, allowed: readonly string[]): string => {
    if (!value || !allowed.includes(value)) throw new BadRequestError(TREE_MSG.column(param, value ?? ''));
    return value;
  };
  const text = pick('text', p.text, spec.text);
  const code = pick('code', p.code, spec.code);
  const pidField = pick('pidField', p.pidField, spec.pid);
  const hasChildField = p.hasChildField ? pick('hasChildField', p.hasChildField, spec.hasChild) : null;
  const cond = parseCondition(p.condition);
  let condition: Array<[string, string]> | null = null;
  if (cond) {
    condition = [];
    for (const [k, v] of Object.entries(cond)) {
      if (!spec.condition.includes(k)) throw new BadRequestError(TREE_MSG.conditionKey(k));
      condition.push([k, v]);
    }
  }
  return { spec, text, code, pidField, hasChildField, pid: p.pid ?? '', condition };
}

/** `TreeSelectModel` on the wire (contract §6.2): note `leaf`, not `isLeaf`. */
export interface TreeSelectModel {
  key: string;
  title: string;
  leaf: boolean;
  parentId: string | null;
  value: null;
  code: null;
  icon: null;
  children: null;
}

export const TREE_MAX_ROWS = 5000;

/**
 * Run a resolved tree query: with a condition, `col LIKE value` for each key (values as given) and every node a
 * leaf; without, the children of `pid` (or the rows with an empty/NULL parent when pid is empty).
 */
export async function loadTreeRows(db: Kysely<Database>, q: TreeQuery): Promise<TreeSelectModel[]> {
  const cols = [`${q.code} as k`, `${q.text} as t`, `${q.pidField} as p`];
  if (q.hasChildField) cols.push(`${q.hasChildField} as h`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let sel = (db as Kysely<any>).selectFrom(q.spec.table).select(cols);
  if (q.condition) {
    for (const [k, v] of q.condition) sel = sel.where(k, 'like', v);
  } else if (q.pid === '') {
    sel = sel.where((eb) => eb.or([eb(q.pidField, '=', ''), eb(q.pidField, 'is', null)]));
  } else {
    sel = sel.where(q.pidField, '=', q.pid);
  }
  for (const c of q.spec.order) sel = sel.orderBy(c);
  const rows = (await sel.limit(TREE_MAX_ROWS).execute()) as Array<{ k: unknown; t: unknown; p: unknown; h?: unknown }>;
  return rows.map((r) => ({
    key: String(r.k),
    title: r.t == null ? '' : String(r.t),
    leaf: q.condition ? true : q.hasChildField ? String(r.h ?? '') !== '1' : false,
    parentId: r.p == null ? null : String(r.p),
    value: null,
    code: null,
    icon: null,
    children: null,
  }));
}
