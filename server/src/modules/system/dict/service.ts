import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context.js';
import { CrudService, resolveBinding, splitIds, toWire, checkId } from '../../../core/crud/index.js';
import { invalidateDictCache } from '../../../core/dict/index.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { likeExpr, param, type RawParams } from '../../../core/query/index.js';
import { now } from '../../../core/time.js';
import type { ImportOutcome } from '../../../core/crud/excel.js';
import { importDicts } from './excel.js';
import { DICT_ADMIN_MSG, dictBinding, dictItemBinding } from './definition.js';

type Row = Record<string, unknown>;

/** The writes of one table (headers or items). */
export interface DictWriter {
  add(req: FastifyRequest, body: unknown): Promise<string>;
  edit(req: FastifyRequest, body: unknown): Promise<void>;
  remove(req: FastifyRequest, ids: string[]): Promise<void>;
}

/** A flat dictionary node of `/sys/dict/treeList` (SysDictTree). */
export interface DictTreeNode {
  id: string;
  key: string;
  title: string;
  dictName: string;
  dictCode: string;
  type: number | null;
  description: string | null;
}

/**
 * `/sys/dict` and `/sys/dictItem` writes and the recycle bin (contract §6.2). Every write clears the dictionary
 * caches of every node (core/dict: the shared version key, read again within a second), so getDictItems,
 * queryAllDictItems and `_dictText` show a change on all nodes within 2 s.
 */
export class DictAdminService {
  readonly dicts: CrudService;
  readonly items: CrudService;

  constructor(readonly ctx: AppContext) {
    this.dicts = new CrudService(ctx, resolveBinding(dictBinding));
    this.items = new CrudService(ctx, resolveBinding(dictItemBinding));
  }

  /** add / edit / delete of the headers (delete is logical) and of the items, each clearing the caches everywhere. */
  readonly dictWrites = this.writer(() => this.dicts);
  readonly itemWrites = this.writer(() => this.items);

  private writer(crud: () => CrudService): DictWriter {
    return {
      add: (req, body) => this.writing(() => crud().add(req, body)),
      edit: (req, body) => this.writing(() => crud().edit(req, body)),
      // an unknown or already deleted id → `删除失败!`, nothing changes
      remove: (req, ids) => this.writing(() => notFoundAs(crud().remove(req, ids), DICT_ADMIN_MSG.deleteFailed)),
    };
  }

  private get db() {
    return this.ctx.db.db;
  }

  /** Run a write, then clear the dictionary caches everywhere (also after a refused write: nothing is stale then). */
  private async writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      await invalidateDictCache(this.ctx);
    }
  }

  /** The flat SysDictTree list (dictName like), newest first. */
  async treeList(params: RawParams): Promise<DictTreeNode[]> {
    const name = param(params, 'dictName')?.trim();
    let q = this.db.selectFrom('sys_dict').select(['id', 'dict_name', 'dict_code', 'type', 'description']).where('del_flag', '=', 0);
    if (name) q = q.where(likeExpr('dict_name', 'like', name, this.ctx.db.dialect));
    const rows = await q.orderBy('create_time', 'desc').orderBy('id', 'desc').limit(10_000).execute();
    return rows.map((r) => ({
      id: r.id,
      key: r.id,
      title: r.dict_name,
      dictName: r.dict_name,
      dictCode: r.dict_code,
      type: r.type,
      description: r.description,
    }));
  }

  /** The dictionary recycle bin: every logically deleted dictionary, last deleted first. */
  async deleted(): Promise<Row[]> {
    const b = this.dicts.b;
    const rows = await this.db
      .selectFrom('sys_dict')
      .select(b.selectColumns as never[])
      .where('del_flag', '=', 1)
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(10_000)
      .execute();
    return rows.map((r) => toWire(b, r as Row));
  }

  /** Restore one dictionary from the recycle bin; false when it is not there. */
  restore(req: FastifyRequest, rawId: unknown): Promise<boolean> {
    const id = checkId(rawId);
    return this.writing(async () => {
      const r = await this.db
        .updateTable('sys_dict')
        .set({ del_flag: 0, update_by: req.user?.username ?? null, update_time: now() })
        .where('id', '=', id)
        .where('del_flag', '=', 1)
        .executeTakeFirst();
      this.dicts.invalidate();
      return Number(r.numUpdatedRows) === 1;
    });
  }

  /**
   * Delete a dictionary and its items for good (contract §6.2 `deletePhysic`: by id, in the recycle bin or not, as the
   * original's `deleteOneDictPhysically`); false when there is no such dictionary.
   */
  purge(rawId: unknown): Promise<boolean> {
    const id = checkId(rawId);
    return this.writing(() =>
      this.db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('sys_dict').select('id').where('id', '=', id).executeTakeFirst();
        if (!found) return false;
        await trx.deleteFrom('sys_dict_item').where('dict_id', '=', id).execute();
        await trx.deleteFrom('sys_dict').where('id', '=', id).execute();
        this.dicts.invalidate();
        return true;
      }),
    );
  }

  /** Whether `itemValue` is free inside dictionary `dictId` (the item `id` being edited excluded). */
  async itemValueFree(params: RawParams): Promise<boolean> {
    const value = param(params, 'itemValue');
    if (!value) throw new BizError(DICT_ADMIN_MSG.noValue);
    const dictId = checkId(param(params, 'dictId'));
    const id = param(params, 'id');
    let q = this.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', dictId).where('item_value', '=', value);
    if (id) q = q.where('id', '<>', checkId(id));
    return !(await q.limit(1).executeTakeFirst());
  }

  /** Excel import of dictionaries with their items (excel.ts). */
  importDicts(req: FastifyRequest, files: Buffer[]): Promise<ImportOutcome> {
    return this.writing(async () => {
      try {
        return await importDicts(this.dicts, req, files);
      } finally {
        this.dicts.invalidate();
      }
    });
  }

  /** `ids` of a deleteBatch: none → `参数不识别！`. */
  static batchIds(raw: string | undefined): string[] {
    const ids = splitIds(raw);
    if (!ids.length) throw new BizError(DICT_ADMIN_MSG.noIds);
    return ids;
  }
}

/** An unknown id (`未找到对应实体`) reported with the endpoint's own failure text. */
async function notFoundAs<T>(p: Promise<T>, message: string): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof BizError && e.message === MSG.notFound) throw new BizError(message);
    throw e;
  }
}
