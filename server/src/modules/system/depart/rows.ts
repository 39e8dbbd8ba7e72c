/** Department rows for the route files: the wire shape, tree building, descendants and the caller's departments. */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import { toWire } from '../../../core/crud/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { queryParams } from '../../../core/query/index.js';
import type { Database, SysDepartTable } from '../../../db/schema.js';
import { departResolved } from './definition.js';

export type DepartRow = Selectable<SysDepartTable>;
export type Trx = Kysely<Database>;

export const empty = (s: unknown) => s === null || s === undefined || s === '';

/** SysDepart on the wire plus the tree keys (contract §12.3). */
export function departWire(r: DepartRow): Record<string, unknown> {
  const w = toWire(departResolved, r as unknown as Record<string, unknown>);
  w.delFlag = r.del_flag;
  return w;
}
export function departNode(r: DepartRow, isLeaf: boolean): Record<string, unknown> {
  return { ...departWire(r), key: r.id, value: r.id, title: r.depart_name, isLeaf, children: null };
}

/** What a picker needs no more than the department screens do: contact details, notes and audit fields. */
const NOT_DIRECTORY = ['mobile', 'fax', 'address', 'memo', 'description', 'qywxIdentifier', 'createBy', 'createTime', 'updateBy', 'updateTime'] as const;

/**
 * The same node for a caller without any department-reading code (the pickers' open tree): the same keys, with
 * the fields a directory does not show set to null.
 */
export function directoryNode(r: DepartRow, isLeaf: boolean): Record<string, unknown> {
  const n = departNode(r, isLeaf);
  for (const k of NOT_DIRECTORY) if (k in n) n[k] = null;
  return n;
}
export function byOrder(a: DepartRow, b: DepartRow): number {
  const oa = Number(a.depart_order ?? 0);
  const ob = Number(b.depart_order ?? 0);
  if (oa !== ob) return oa - ob;
  return a.org_code < b.org_code ? -1 : a.org_code > b.org_code ? 1 : 0;
}

/** Nest departments (roots = empty parent or parent not in the set), ordered by depart_order; children null on leaves. */
export function departTree(rows: DepartRow[], node: (r: DepartRow, leaf: boolean) => Record<string, unknown> = departNode): Record<string, unknown>[] {
  const sorted = [...rows].sort(byOrder);
  const ids = new Set(sorted.map((r) => r.id));
  const kids = new Map<string, DepartRow[]>();
  for (const r of sorted) {
    if (empty(r.parent_id) || !ids.has(r.parent_id as string)) continue;
    const l = kids.get(r.parent_id as string);
    if (l) l.push(r);
    else kids.set(r.parent_id as string, [r]);
  }
  const build = (r: DepartRow, depth: number): Record<string, unknown> => {
    const c = kids.get(r.id);
    const n = node(r, !c?.length);
    if (c?.length && depth < 32) n.children = c.map((x) => build(x, depth + 1));
    return n;
  };
  return sorted.filter((r) => empty(r.parent_id) || !ids.has(r.parent_id as string)).map((r) => build(r, 0));
}

/**
 * The top-most nodes of a department tree whose name contains `keyWord` (any letter case), each with its whole
 * subtree; the children of a match are not searched again (contract §12.3 queryTreeByKeyWord).
 */
export function matchingSubtrees(nodes: Record<string, unknown>[], keyWord: string): Record<string, unknown>[] {
  const kw = keyWord.toLowerCase();
  const out: Record<string, unknown>[] = [];
  const walk = (list: Record<string, unknown>[]) => {
    for (const n of list) {
      if (
        String(n.title ?? '')
          .toLowerCase()
          .includes(kw)
      )
        out.push(n);
      else if (Array.isArray(n.children)) walk(n.children as Record<string, unknown>[]);
    }
  };
  walk(nodes);
  return out;
}

export async function descendantsOf(trx: Trx, ids: string[]): Promise<string[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let d = 0; frontier.length && d < 64; d++) {
    const rows = await trx.selectFrom('sys_depart').select('id').where('parent_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((i) => !all.has(i));
    for (const i of frontier) all.add(i);
  }
  return [...all];
}

/** Departments the caller heads (depart_ids, identity 2) or belongs to (sys_user_depart), with their descendants. */
export async function myDepartIds(db: Trx, req: FastifyRequest): Promise<string[]> {
  const u = await db.selectFrom('sys_user').select(['user_identity', 'depart_ids']).where('id', '=', req.user!.id).executeTakeFirst();
  const ids = new Set<string>();
  if (Number(u?.user_identity) === 2) for (const i of (u?.depart_ids ?? '').split(',')) if (i.trim()) ids.add(i.trim());
  for (const r of await db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', req.user!.id).execute()) if (r.dep_id) ids.add(r.dep_id);
  if (!ids.size) return [];
  return descendantsOf(db, [...ids]);
}

export const q = queryParams;

export async function requireDepart(trx: Trx, id: string): Promise<DepartRow> {
  const d = await trx.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirst();
  if (!d) throw new BizError(MSG.notFound);
  return d;
}
