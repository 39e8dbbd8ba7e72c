import type { CrudAction, EntityDef } from '@pk/contract';
import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { RawParams } from '../query/index.js';
import type { AfterWrite } from '../http/afterWrite.js';

/** Values by camelCase property, as the engine validated them (and as hooks may add to them). */
export type Values = Record<string, unknown>;

/**
 * What a route passes to the save hooks besides the validated values (explicit arguments of CrudService insert/add/
 * edit and importRows, never hidden per-request state): e.g. the user's password and roles, or `imported`.
 */
export interface SaveExtras {
  /** The row comes from an Excel import (core/crud/excel.ts importRows). */
  imported?: boolean;
  [key: string]: unknown;
}

export interface SaveContext {
  req: FastifyRequest;
  /** The transaction the save runs in: use it (not ctx.db) for every read and write inside a hook. */
  trx: Kysely<Database>;
  isNew: boolean;
  id: string;
  /** The route's extras for this save ({} when none). */
  extras: SaveExtras;
}

export interface DeleteContext {
  req: FastifyRequest;
  trx: Kysely<Database>;
}

export interface CrudHooks {
  /**
   * Before insert/update, inside the transaction. May change `values` (any property of the table, including
   * hidden ones such as a password hash) or throw BizError to refuse.
   */
  beforeSave?(values: Values, c: SaveContext): Promise<void> | void;
  /** After insert/update, inside the same transaction (link rows, logs). */
  afterSave?(values: Values, c: SaveContext): Promise<void> | void;
  /** Before delete/deleteBatch, inside the transaction (e.g. refuse when still referenced). */
  beforeDelete?(ids: string[], c: DeleteContext): Promise<void> | void;
  /**
   * Extra row restriction applied to list, export, queryById, edit and delete (later: data rules, tenants).
   * Return null for "no restriction".
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  scope?(eb: ExpressionBuilder<any, any>, req: FastifyRequest): Expression<SqlBool> | null;
}

/**
 * The texts a CRUD route answers (contract §1.5). Each defaults to the common one (`MSG` of core/envelope):
 * add `添加成功！`, edit `修改成功!`, delete `删除成功!`, deleteBatch `批量删除成功！`, and `noIds` = deleteBatch
 * without ids `参数不识别！`. An entity whose contract table names other texts sets them here.
 */
export interface CrudMessages {
  added: string;
  edited: string;
  deleted: string;
  batchDeleted: string;
  noIds: string;
  /**
   * The text of an add / an edit refused because a `unique` field's value is taken (by the read check or, when two
   * saves race, by the unique index). Default `<label>已存在`; the dictionary's add answers `操作失败` (contract §6.2).
   */
  takenOnAdd?: string;
  takenOnEdit?: string;
}

/**
 * How an entity definition is stored: the server half of the CRUD engine's input.
 *
 * ```ts
 * export const positionBinding: CrudBinding = { entity: positionEntity, table: 'sys_position', orgCode: true, readOnlyProps: ['companyId'] };
 * export default async function positionModule(app: FastifyInstance) { await registerCrud(app, positionBinding); }
 * ```
 */
export interface CrudBinding {
  entity: EntityDef;
  table: keyof Database & string;
  /** prop → column overrides (default camelCase → snake_case). */
  columns?: Readonly<Record<string, string>>;
  /** The primary-key property (string ids). */
  idProp?: 'id';
  /** `del_flag` = 1 instead of DELETE, and lists read `del_flag = 0` only; 'text' for a varchar flag ('0'/'1', sys_announcement). */
  softDelete?: boolean | 'text';
  /** The table has create_by/create_time/update_by/update_time (default true). */
  audit?: boolean;
  /** The table has sys_org_code, set from the caller's department on add. */
  orgCode?: boolean;
  /** Further columns returned on the wire but never written from a request body (e.g. `companyId`). */
  readOnlyProps?: readonly string[];
  /** Columns never selected, returned or filtered, in addition to password and salt. */
  hiddenColumns?: readonly string[];
  /**
   * Body properties accepted on add/edit but never written or returned by the engine: a hook reads them from the
   * request body (e.g. the data-source password, sealed into a hidden column by its beforeSave).
   */
  writeOnlyProps?: readonly string[];
  hooks?: CrudHooks;
  /** More permission codes that also open an action (e.g. a picker on another screen needs `list`). */
  extraPerms?: Partial<Record<CrudAction, readonly string[]>>;
  /** Rows per import file (default 10000). */
  importMaxRows?: number;
  /** queryById of a missing row answers ok with a null result instead of 未找到对应实体 (e.g. check/fill rules, contract §6.4). */
  nullWhenMissing?: boolean;
  /** A second sort applied after the request's sort, before the id (e.g. dictionary items by `sort_order` asc). */
  thenSort?: { column: string; order: 'asc' | 'desc' };
  /** Success texts (and the empty deleteBatch text) that differ from the common ones. */
  messages?: Partial<CrudMessages>;
  /**
   * The menu whose data rules narrow the standard routes (`config.dataRules` on each, core/datarule): pair it with
   * `hooks.scope: dataRuleScope(entity, menu)`.
   */
  dataRules?: string;
  /**
   * Extra list filters beyond the entity's fields, read from the list's (and export's) parameters, e.g. the user
   * list's `departId`. Column names come from the code, values are bound. Null = no filter.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  listFilter?(eb: ExpressionBuilder<any, any>, params: RawParams, req: FastifyRequest): Expression<SqlBool> | null;
  /** Extra fields of the rows of a list page (after `_dictText`), e.g. position's `rank_dictText`, user's `orgCodeTxt`. */
  rowFields?(rows: Row[], req: FastifyRequest): Promise<Row[]> | Row[];
  /**
   * Every table `rowFields` reads, declared when it depends on nothing else (not the request beyond the rows, not
   * the clock): the list's answers may then be reused until one of these (or the list's own tables) is written
   * (answerCache.ts). A binding with `rowFields` and no `rowFieldsReads` builds every answer afresh.
   */
  rowFieldsReads?: readonly string[];
  /**
   * After-write step of the standard write routes (add, edit, delete, deleteBatch, importExcel): set as their
   * `config.afterWrite` (core/http/afterWrite.ts), e.g. the permission-version bump of roles.
   */
  afterWrite?: AfterWrite;
  /** Every add and edit stores the saved row as a new version in sys_data_log (数据日志, core/crud/dataLog.ts). */
  dataLog?: boolean;
  /**
   * Standard routes the module registers itself in a shape of its own (`add` answering an issued device key):
   * registerCrud leaves them out. Pair with the entity's `ownShapeRoutes` (or `omitRoutes`).
   */
  ownRoutes?: readonly ('add' | 'importExcel' | 'delete' | 'deleteBatch')[];
}

/** A row on the wire (camelCase properties). */
export type Row = Record<string, unknown>;
