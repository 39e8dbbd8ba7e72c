/** `orgCodeTxt`: the comma-joined department names of users (contract §12.1), with a short-lived per-node cache. */
import type { Kysely } from 'kysely';
import { writeStamp } from '../../../core/crud/tableWrites.js';
import type { Database } from '../../../db/schema.js';
import type { Row } from './kit.js';

/** userId → comma-joined names of the user's departments (`orgCodeTxt`). */
export async function departNamesOf(d: Kysely<Database>, userIds: string[], sep = ','): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (!userIds.length) return out;
  const rows = await d
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as dp', 'dp.id', 'ud.dep_id')
    .select(['ud.user_id', 'dp.depart_name', 'dp.id'])
    .where('ud.user_id', 'in', userIds)
    .orderBy('dp.org_code')
    .execute();
  const by = new Map<string, string[]>();
  for (const r of rows) {
    if (!r.user_id) continue;
    const list = by.get(r.user_id) ?? [];
    list.push(r.depart_name);
    by.set(r.user_id, list);
  }
  for (const [k, v] of by) out.set(k, v.join(sep));
  return out;
}

/**
 * `orgCodeTxt` of the listed users, reused while this node has not written sys_user_depart or sys_depart (and for
 * at most 3 s, for writes made by other nodes): a list page then costs one query less (issue 3 point 12).
 * One cache per database handle, so two apps in one process (tests, benchmarks) never share entries.
 */
const ORG_TXT_TTL_MS = 3_000;
const ORG_TXT_MAX = 5_000;
const orgTxtCaches = new WeakMap<Kysely<Database>, Map<string, { txt: string | null; at: number; stamp: string }>>();

export async function withOrgCodeTxt(d: Kysely<Database>, records: Row[]): Promise<Row[]> {
  let cache = orgTxtCaches.get(d);
  if (!cache) orgTxtCaches.set(d, (cache = new Map()));
  const t = Date.now();
  const stamp = writeStamp(['sys_user_depart', 'sys_depart']);
  const ids = records.map((r) => String(r.id));
  const missing = ids.filter((id) => {
    const e = cache.get(id);
    return !e || e.stamp !== stamp || t - e.at >= ORG_TXT_TTL_MS;
  });
  if (missing.length) {
    const names = await departNamesOf(d, missing);
    if (cache.size > ORG_TXT_MAX) cache.clear();
    for (const id of missing) cache.set(id, { txt: names.get(id) ?? null, at: t, stamp });
  }
  return records.map((r) => ({ ...r, orgCodeTxt: cache.get(String(r.id))?.txt ?? null }));
}
