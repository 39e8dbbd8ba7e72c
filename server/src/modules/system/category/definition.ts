import { categoryEntity } from '@pk/contract';
import type { Kysely } from 'kysely';
import type { CrudBinding, SaveContext } from '../../../core/crud/index.js';
import { BizError } from '../../../core/envelope/errors.js';
import { MSG } from '../../../core/messages.js';
import type { Database } from '../../../db/schema.js';
import { isWellFormedCode, nextCategoryCode, parentCodeOf } from './code.js';

type Db = Kysely<Database>;

/** Root parent id of the category tree (contract §6.6). */
export const CATEGORY_ROOT = '0';

export const CATEGORY_MSG = {
  codeExists: '分类编码已经存在，忽略导入。',
  badCode: (code: string) => `分类编码【${code}】不符合规范`,
  noParentCode: (code: string) => `父级编码【${code}】不存在，忽略导入。`,
  noParent: '父级节点不存在',
  levelFull: '该层级的分类编码已用完',
  cycle: '不能选择自己或下级节点作为父级节点',
} as const;

/** Ids of `ids` and all their descendants (bounded depth). */
export async function withDescendants(db: Db, ids: string[]): Promise<string[]> {
  const all = new Set(ids);
  let frontier = ids;
  for (let d = 0; frontier.length && d < 64; d++) {
    const rows = await db.selectFrom('sys_category').select('id').where('pid', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((i) => !all.has(i));
    for (const i of frontier) all.add(i);
  }
  return [...all];
}

/** Set has_child of `parentIds` from whether they still have children outside `gone`. */
async function refreshHasChild(db: Db, parentIds: Iterable<string>, gone: ReadonlySet<string> = new Set()): Promise<void> {
  for (const p of new Set(parentIds)) {
    if (!p || p === CATEGORY_ROOT || gone.has(p)) continue;
    const kids = await db.selectFrom('sys_category').select('id').where('pid', '=', p).execute();
    const has = kids.some((k) => !gone.has(k.id));
    await db
      .updateTable('sys_category')
      .set({ has_child: has ? '1' : '0' })
      .where('id', '=', p)
      .execute();
  }
}

/** Old parents of edited rows, to keep their has_child right after the move. */
const movedFrom = new WeakMap<SaveContext, string | null>(); // per save: beforeSave and afterSave share one SaveContext

async function beforeSave(values: Record<string, unknown>, c: SaveContext): Promise<void> {
  const db = c.trx;
  if (c.isNew) {
    const code = typeof values.code === 'string' ? values.code.trim() : '';
    if (c.extras.imported && code) {
      // Import (contract §6.6): the parent is the code minus its last 3 characters.
      if (!isWellFormedCode(code)) throw new BizError(CATEGORY_MSG.badCode(code));
      if (await db.selectFrom('sys_category').select('id').where('code', '=', code).executeTakeFirst()) throw new BizError(CATEGORY_MSG.codeExists);
      const pc = parentCodeOf(code);
      let pid = CATEGORY_ROOT;
      if (pc) {
        const parent = await db.selectFrom('sys_category').select('id').where('code', '=', pc).executeTakeFirst();
        if (!parent) throw new BizError(CATEGORY_MSG.noParentCode(pc));
        pid = parent.id;
      }
      values.pid = pid;
      values.code = code;
    } else {
      // Add: the server generates the code (the fill rule category_code_rule, contract §6.5).
      const pid = typeof values.pid === 'string' && values.pid ? values.pid : CATEGORY_ROOT;
      let parentCode = '';
      if (pid !== CATEGORY_ROOT) {
        const parent = await db.selectFrom('sys_category').select(['id', 'code']).where('id', '=', pid).executeTakeFirst();
        if (!parent) throw new BizError(CATEGORY_MSG.noParent);
        parentCode = parent.code ?? '';
      }
      const siblings = await db.selectFrom('sys_category').select('code').where('pid', '=', pid).execute();
      const next = nextCategoryCode(
        parentCode,
        siblings.map((s) => s.code ?? ''),
      );
      if (!next) throw new BizError(CATEGORY_MSG.levelFull);
      values.pid = pid;
      values.code = next;
    }
    values.hasChild = '0';
    if (values.pid !== CATEGORY_ROOT)
      await db
        .updateTable('sys_category')
        .set({ has_child: '1' })
        .where('id', '=', values.pid as string)
        .execute();
    return;
  }
  if ('pid' in values) {
    // Edit (contract §6.6): an empty pid becomes "0"; the new parent gets hasChild=1.
    const pid = typeof values.pid === 'string' && values.pid ? values.pid : CATEGORY_ROOT;
    values.pid = pid;
    const old = await db.selectFrom('sys_category').select('pid').where('id', '=', c.id).executeTakeFirst();
    if (pid !== CATEGORY_ROOT) {
      if ((await withDescendants(db, [c.id])).includes(pid)) throw new BizError(CATEGORY_MSG.cycle);
      if (!(await db.selectFrom('sys_category').select('id').where('id', '=', pid).executeTakeFirst())) throw new BizError(CATEGORY_MSG.noParent);
      await db.updateTable('sys_category').set({ has_child: '1' }).where('id', '=', pid).execute();
    }
    movedFrom.set(c, old?.pid ?? null);
  }
}

async function afterSave(_values: Record<string, unknown>, c: SaveContext): Promise<void> {
  const old = movedFrom.get(c);
  movedFrom.delete(c);
  if (!c.isNew && old) await refreshHasChild(c.trx, [old]);
}

/**
 * 分类字典 (contract §6.6) for the CRUD engine: the generated code on add, the parent's hasChild upkeep on add,
 * edit and delete, and deletion of all descendants with the nodes.
 */
export const categoryBinding: CrudBinding = {
  entity: categoryEntity,
  table: 'sys_category',
  dataLog: true,
  orgCode: true,
  // contract §6.6: delete and deleteBatch both answer 删除成功!
  messages: { batchDeleted: MSG.deleted },
  hooks: {
    beforeSave,
    afterSave,
    async beforeDelete(ids, c) {
      const all = await withDescendants(c.trx, ids);
      const gone = new Set(all);
      const parents = await c.trx.selectFrom('sys_category').select('pid').where('id', 'in', ids).execute();
      const extra = all.filter((i) => !ids.includes(i));
      for (let i = 0; i < extra.length; i += 500)
        await c.trx
          .deleteFrom('sys_category')
          .where('id', 'in', extra.slice(i, i + 500))
          .execute();
      await refreshHasChild(
        c.trx,
        parents.map((p) => p.pid ?? ''),
        gone,
      );
    },
  },
};
