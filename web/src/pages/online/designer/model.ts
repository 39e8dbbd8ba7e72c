/**
 * The designer's rows and the body of `api/addAll` / `api/editAll` (online-contract.md §1.1, `classifyIntoFormData`):
 * `head` = the head form (table name lower-cased), `fields` = the field rows in order with `orderNum = i` (every
 * property the server reads, the stored ones kept), `indexs` = the index rows, `deleteFieldIds` / `deleteIndexIds`
 * = the stored rows removed in the dialog (comma lists).
 */
import { DESIGNER_MSG } from './texts';

export type Flag = 0 | 1;

/** One field row (wire names); `_key` is the row's key in the dialog only, `id` the stored row's. */
export interface FieldRow {
  _key: string;
  id?: string;
  dbFieldName: string;
  dbFieldTxt: string;
  dbType: string;
  dbLength: number | null;
  dbPointLength: number | null;
  dbIsKey: Flag;
  dbIsNull: Flag;
  isShowForm: Flag;
  isShowList: Flag;
  isQuery: Flag;
  queryMode: string;
  fieldShowType: string;
  fieldMustInput: '0' | '1';
  fieldValidType: string;
  dictField: string;
  sortFlag: '0' | '1';
  /** Stored properties the dialog does not edit (dictTable, fieldDefaultValue, query configuration …), sent back. */
  rest?: Record<string, unknown>;
}

export interface IndexRow {
  _key: string;
  id?: string;
  indexName: string;
  indexField: string;
  indexType: 'normal' | 'unique';
}

export interface HeadValues {
  tableName: string;
  tableTxt: string;
  tableType?: string;
  isCheckbox?: string;
  isPage?: string;
  formCategory?: string;
}

/** The field properties the server reads (server model.ts FIELD_PROPS) that the dialog does not edit. */
const KEPT_FIELD_PROPS = [
  'dbDefaultVal',
  'dictTable',
  'dictText',
  'fieldHref',
  'fieldLength',
  'fieldExtendJson',
  'fieldDefaultValue',
  'isReadOnly',
  'mainTable',
  'mainField',
  'converter',
  'queryDefVal',
  'queryDictText',
  'queryDictField',
  'queryDictTable',
  'queryShowType',
  'queryConfigFlag',
  'queryValidType',
  'queryMustInput',
] as const;

let seq = 0;
export const rowKey = (): string => `row${++seq}`;

export function newField(patch: Partial<FieldRow> = {}): FieldRow {
  return {
    _key: rowKey(),
    dbFieldName: '',
    dbFieldTxt: '',
    dbType: 'string',
    dbLength: 32,
    dbPointLength: 0,
    dbIsKey: 0,
    dbIsNull: 1,
    isShowForm: 1,
    isShowList: 1,
    isQuery: 0,
    queryMode: 'single',
    fieldShowType: 'text',
    fieldMustInput: '0',
    fieldValidType: '',
    dictField: '',
    sortFlag: '0',
    ...patch,
  };
}

export function newIndex(): IndexRow {
  return { _key: rowKey(), indexName: '', indexField: '', indexType: 'normal' };
}

const hidden = { isShowForm: 0, isShowList: 0 } as const;

/** The rows a new definition starts with, as JeecgBoot's designer: the key and the four audit columns. */
export function defaultFields(): FieldRow[] {
  return [
    newField({ dbFieldName: 'id', dbFieldTxt: '主键', dbLength: 32, dbIsKey: 1, dbIsNull: 0, ...hidden }),
    newField({ dbFieldName: 'create_by', dbFieldTxt: '创建人', dbLength: 50, ...hidden }),
    newField({ dbFieldName: 'create_time', dbFieldTxt: '创建日期', dbType: 'Datetime', dbLength: 0, fieldShowType: 'datetime', ...hidden }),
    newField({ dbFieldName: 'update_by', dbFieldTxt: '更新人', dbLength: 50, ...hidden }),
    newField({ dbFieldName: 'update_time', dbFieldTxt: '更新日期', dbType: 'Datetime', dbLength: 0, fieldShowType: 'datetime', ...hidden }),
  ];
}

const flag = (v: unknown, dflt: Flag): Flag => (v === null || v === undefined || v === '' ? dflt : Number(v) === 1 || v === true ? 1 : 0);
const str = (v: unknown, dflt = ''): string => (v === null || v === undefined ? dflt : String(v));
const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

/** A stored field row (`field/listByHeadId`) as a dialog row. */
export function fieldFromStored(r: Record<string, unknown>): FieldRow {
  const rest: Record<string, unknown> = {};
  for (const p of KEPT_FIELD_PROPS) if (r[p] !== undefined) rest[p] = r[p];
  return {
    _key: rowKey(),
    id: typeof r.id === 'string' ? r.id : undefined,
    dbFieldName: str(r.dbFieldName),
    dbFieldTxt: str(r.dbFieldTxt),
    dbType: str(r.dbType, 'string'),
    dbLength: num(r.dbLength),
    dbPointLength: num(r.dbPointLength),
    dbIsKey: flag(r.dbIsKey, 0),
    dbIsNull: flag(r.dbIsNull, 1),
    isShowForm: flag(r.isShowForm, 1),
    isShowList: flag(r.isShowList, 1),
    isQuery: flag(r.isQuery, 0),
    queryMode: str(r.queryMode, 'single') || 'single',
    fieldShowType: str(r.fieldShowType, 'text') || 'text',
    fieldMustInput: flag(r.fieldMustInput, 0) ? '1' : '0',
    fieldValidType: str(r.fieldValidType),
    dictField: str(r.dictField),
    sortFlag: flag(r.sortFlag, 0) ? '1' : '0',
    rest,
  };
}

export function indexFromStored(r: Record<string, unknown>): IndexRow {
  return {
    _key: rowKey(),
    id: typeof r.id === 'string' ? r.id : undefined,
    indexName: str(r.indexName),
    indexField: str(r.indexField),
    indexType: r.indexType === 'unique' ? 'unique' : 'normal',
  };
}

/** The rows' problem the dialog reports before sending (the server checks names and types again), or null. */
export function rowsProblem(fields: readonly FieldRow[], indexes: readonly IndexRow[]): string | null {
  if (!fields.length) return DESIGNER_MSG.noFields;
  const seen = new Set<string>();
  for (const [i, f] of fields.entries()) {
    const name = f.dbFieldName.trim().toLowerCase();
    if (!name) return DESIGNER_MSG.fieldNameMissing(i + 1);
    if (seen.has(name)) return DESIGNER_MSG.fieldNameRepeated(name);
    seen.add(name);
  }
  for (const [i, x] of indexes.entries()) if (!x.indexName.trim() || !x.indexField.trim()) return DESIGNER_MSG.indexIncomplete(i + 1);
  return null;
}

/** Why a table name is refused before asking the server (the contract's rules), or null. */
export function tableNameRule(name: string): string | null {
  const v = name.trim();
  if (!v) return DESIGNER_MSG.tableNameRequired;
  if (/^[a-zA-Z]_/.test(v)) return DESIGNER_MSG.tableNameLetterUnderscore;
  if (/^\d+$/.test(v)) return DESIGNER_MSG.tableNameDigits;
  return null;
}

export interface DesignBody {
  head: Record<string, unknown>;
  fields: Record<string, unknown>[];
  indexs: Record<string, unknown>[];
  deleteFieldIds: string;
  deleteIndexIds: string;
}

const defined = (o: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The addAll / editAll body: `headId` given when editing; `removed*` = ids of stored rows deleted in the dialog. */
export function designBody(
  head: HeadValues,
  fields: readonly FieldRow[],
  indexes: readonly IndexRow[],
  opts: { headId?: string; removedFieldIds?: readonly string[]; removedIndexIds?: readonly string[] } = {},
): DesignBody {
  return {
    head: defined({
      ...(opts.headId ? { id: opts.headId } : {}),
      tableName: head.tableName.trim().toLowerCase(),
      tableTxt: head.tableTxt.trim(),
      tableType: head.tableType === undefined || head.tableType === '' ? undefined : Number(head.tableType),
      isCheckbox: head.isCheckbox,
      isPage: head.isPage,
      formCategory: head.formCategory,
    }),
    fields: fields.map((f, i) => {
      const { _key, id, rest, ...props } = f;
      void _key;
      return defined({
        ...rest,
        ...(id ? { id } : {}),
        ...props,
        dbFieldName: f.dbFieldName.trim().toLowerCase(),
        dbFieldTxt: f.dbFieldTxt.trim(),
        orderNum: i,
      });
    }),
    indexs: indexes.map((x) => ({
      ...(x.id ? { id: x.id } : {}),
      indexName: x.indexName.trim().toLowerCase(),
      indexField: x.indexField
        .split(/[,，]/)
        .map((c) => c.trim().toLowerCase())
        .filter(Boolean)
        .join(','),
      indexType: x.indexType,
    })),
    deleteFieldIds: (opts.removedFieldIds ?? []).join(','),
    deleteIndexIds: (opts.removedIndexIds ?? []).join(','),
  };
}

/** A row list with row `i` moved by `by` (−1 up, +1 down); unchanged at the ends. */
export function moved<T>(rows: readonly T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (i < 0 || j < 0 || i >= rows.length || j >= rows.length) return [...rows];
  const next = [...rows];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}
