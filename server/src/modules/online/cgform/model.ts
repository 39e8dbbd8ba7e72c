import { BadRequestError } from '../../../core/envelope/errors.js';
import { CRUD_MSG } from '../../../core/crud/validate.js';
import { camelToSnake } from '../../../core/query/spec.js';
import type { ColType } from '../../../db/migrations/ddl.js';
import { columnNameProblem, tableNameProblem } from './tableNames.js';
import { DEFAULT_VALUE_MSG, defaultValueAllowed } from './defaults.js';

/**
 * A definition as the designer sends it (`api/addAll`, `api/editAll`; online-contract.md §1.1) and as it is stored:
 * each writable property of onl_cgform_head / _field / _index by wire name, with its column and kind. Only these
 * are read from a request; the rest (version, sync state, copy links, audit) is the server's.
 */
type Kind = `s${number}` | 'int';

const HEAD_PROPS: Readonly<Record<string, [column: string, kind: Kind]>> = {
  tableName: ['table_name', 's50'],
  tableTxt: ['table_txt', 's200'],
  tableType: ['table_type', 'int'],
  formCategory: ['form_category', 's50'],
  idType: ['id_type', 's100'],
  idSequence: ['id_sequence', 's200'],
  isCheckbox: ['is_checkbox', 's5'],
  themeTemplate: ['theme_template', 's50'],
  formTemplate: ['form_template', 's50'],
  formTemplateMobile: ['form_template_mobile', 's50'],
  scroll: ['scroll', 'int'],
  isPage: ['is_page', 's5'],
  isTree: ['is_tree', 's5'],
  treeParentIdField: ['tree_parent_id_field', 's50'],
  treeIdField: ['tree_id_field', 's50'],
  treeFieldname: ['tree_fieldname', 's50'],
  relationType: ['relation_type', 'int'],
  subTableStr: ['sub_table_str', 's1000'],
  tabOrderNum: ['tab_order_num', 'int'],
  queryMode: ['query_mode', 's10'],
  extConfigJson: ['ext_config_json', 's1000'],
  isDesForm: ['is_des_form', 's2'],
  desFormCode: ['des_form_code', 's50'],
};

const FIELD_PROPS: Readonly<Record<string, [column: string, kind: Kind]>> = {
  dbFieldName: ['db_field_name', 's32'],
  dbFieldTxt: ['db_field_txt', 's200'],
  dbIsKey: ['db_is_key', 'int'],
  dbIsNull: ['db_is_null', 'int'],
  dbType: ['db_type', 's32'],
  dbLength: ['db_length', 'int'],
  dbPointLength: ['db_point_length', 'int'],
  dbDefaultVal: ['db_default_val', 's20'],
  dictField: ['dict_field', 's100'],
  dictTable: ['dict_table', 's255'],
  dictText: ['dict_text', 's100'],
  fieldShowType: ['field_show_type', 's10'],
  fieldHref: ['field_href', 's200'],
  fieldLength: ['field_length', 'int'],
  fieldValidType: ['field_valid_type', 's300'],
  fieldMustInput: ['field_must_input', 's2'],
  fieldExtendJson: ['field_extend_json', 's500'],
  fieldDefaultValue: ['field_default_value', 's100'],
  isQuery: ['is_query', 'int'],
  isShowForm: ['is_show_form', 'int'],
  isShowList: ['is_show_list', 'int'],
  isReadOnly: ['is_read_only', 'int'],
  queryMode: ['query_mode', 's10'],
  mainTable: ['main_table', 's100'],
  mainField: ['main_field', 's100'],
  orderNum: ['order_num', 'int'],
  converter: ['converter', 's255'],
  queryDefVal: ['query_def_val', 's50'],
  queryDictText: ['query_dict_text', 's100'],
  queryDictField: ['query_dict_field', 's100'],
  queryDictTable: ['query_dict_table', 's500'],
  queryShowType: ['query_show_type', 's50'],
  queryConfigFlag: ['query_config_flag', 's3'],
  queryValidType: ['query_valid_type', 's50'],
  queryMustInput: ['query_must_input', 's3'],
  sortFlag: ['sort_flag', 's3'],
};

const INDEX_PROPS: Readonly<Record<string, [column: string, kind: Kind]>> = {
  indexName: ['index_name', 's100'],
  indexField: ['index_field', 's500'],
  indexType: ['index_type', 's32'],
};

/** The column types of the designer (数据库属性 tab). */
export const DB_TYPES = ['string', 'int', 'double', 'Date', 'Datetime', 'BigDecimal', 'Text', 'Blob'] as const;
export type DbType = (typeof DB_TYPES)[number];

/** Limits of one definition: a request cannot make a table wider than the databases take. */
export const DESIGN_LIMITS = {
  fields: 200,
  indexes: 30,
  varcharMax: 4000,
  decimalPrecisionMax: 38,
  /** MariaDB's row: 65,535 bytes for all columns but TEXT/BLOB; utf8mb4 counts 4 bytes a character. */
  rowBytes: 65_000,
} as const;

export type Row = Record<string, unknown>;

export interface FieldSpec {
  id: string | null;
  values: Row; // by column
  name: string;
  type: DbType;
  length: number;
  scale: number;
  isKey: boolean;
  nullable: boolean;
}

export interface IndexSpec {
  id: string | null;
  values: Row;
  name: string;
  columns: string[];
  unique: boolean;
}

export interface DesignInput {
  headId: string | null;
  head: Row; // by column
  tableName: string;
  fields: FieldSpec[];
  indexes: IndexSpec[];
  deleteFieldIds: string[];
  deleteIndexIds: string[];
}

const bad = (message: string): never => {
  throw new BadRequestError(message);
};

function readProps(src: unknown, props: Readonly<Record<string, [string, Kind]>>, what: string): Row {
  if (src === null || typeof src !== 'object' || Array.isArray(src)) bad(`${what}格式不正确`);
  const out: Row = {};
  for (const [prop, [column, kind]] of Object.entries(props)) {
    if (!Object.prototype.hasOwnProperty.call(src, prop)) continue;
    const v = (src as Row)[prop];
    if (v === null || v === undefined || v === '') {
      out[column] = null;
    } else if (kind === 'int') {
      const n = typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : /^-?\d{1,9}$/.test(String(v).trim()) ? Number(String(v).trim()) : NaN;
      if (!Number.isSafeInteger(n) || Math.abs(n) > 1e9) bad(`${what}的${prop}必须是整数`);
      out[column] = n;
    } else {
      const s = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : bad(`${what}的${prop}必须是文本`);
      const max = Number(kind.slice(1));
      if (s.length > max) bad(`${what}的${prop}不能超过${max}个字符`);
      out[column] = s;
    }
  }
  return out;
}

const idOf = (v: unknown): string | null => {
  if (typeof v !== 'string' || v === '' || v.endsWith('__tempid')) return null;
  if (!/^[\w-]{1,36}$/.test(v)) bad(CRUD_MSG.badId);
  return v;
};

const idList = (v: unknown): string[] => {
  if (v === undefined || v === null || v === '') return [];
  const parts = Array.isArray(v) ? v : String(v).split(',');
  return parts
    .map((x) => String(x).trim())
    .filter((x) => x && !x.endsWith('__tempid'))
    .map((x) => idOf(x)!)
    .filter(Boolean);
};

/** A designer body read and checked: names, types, lengths, one primary key `id`, indexes on its columns. */
export function readDesign(body: unknown, isEdit: boolean): DesignInput {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) bad('请求体必须是JSON对象');
  const b = body as Row;
  const head = readProps(b.head, HEAD_PROPS, '表信息');
  const headId = isEdit ? (idOf((b.head as Row).id) ?? bad('表单id不能为空')) : null;
  const tableName = String(head.table_name ?? '')
    .trim()
    .toLowerCase();
  const tableProblem = tableNameProblem(tableName);
  if (tableProblem) bad(tableProblem);
  head.table_name = tableName;
  if (!String(head.table_txt ?? '').trim()) bad('表描述不能为空');
  if (head.table_type === null || head.table_type === undefined) head.table_type = 1;
  if (![1, 2, 3].includes(head.table_type as number)) bad('表类型只能是1（单表）、2（主表）或3（附表）');

  if (!Array.isArray(b.fields) || b.fields.length === 0) bad('至少需要一个字段');
  const rawFields = b.fields as unknown[];
  if (rawFields.length > DESIGN_LIMITS.fields) bad(`字段不能超过${DESIGN_LIMITS.fields}个`);
  const fields = rawFields.map((raw, i) => readField(raw, i));
  const names = new Set<string>();
  const props = new Map<string, string>();
  for (const f of fields) {
    if (names.has(f.name)) bad(`字段名${f.name}重复`);
    names.add(f.name);
    // the run time's engine names a column by its camelCase (runtime.ts): two columns must not share one
    const other = props.get(camel(f.name));
    if (other) bad(`字段名${f.name}与${other}过于相似，请换一个名字`);
    props.set(camel(f.name), f.name);
  }
  const keys = fields.filter((f) => f.isKey);
  if (keys.length !== 1 || keys[0].name !== 'id' || keys[0].type !== 'string') bad('主键必须是一个名为id的字符串字段');
  let rowBytes = 0;
  for (const f of fields) rowBytes += f.type === 'string' ? f.length * 4 + 2 : f.type === 'Text' || f.type === 'Blob' ? 12 : 17;
  if (rowBytes > DESIGN_LIMITS.rowBytes) bad('字段长度之和超过数据库的行长度上限，请缩短字段或改用Text类型');

  const rawIndexes: unknown = b.indexs ?? b.indexes ?? [];
  if (!Array.isArray(rawIndexes)) return bad('索引格式不正确');
  if (rawIndexes.length > DESIGN_LIMITS.indexes) bad(`索引不能超过${DESIGN_LIMITS.indexes}个`);
  const indexes = (rawIndexes as unknown[]).map((raw) => readIndex(raw, names));
  const indexNames = new Set<string>();
  for (const ix of indexes) {
    if (indexNames.has(ix.name)) bad(`索引名${ix.name}重复`);
    indexNames.add(ix.name);
  }
  return { headId, head, tableName, fields, indexes, deleteFieldIds: idList(b.deleteFieldIds), deleteIndexIds: idList(b.deleteIndexIds) };
}

function readField(raw: unknown, i: number): FieldSpec {
  const values = readProps(raw, FIELD_PROPS, `第${i + 1}个字段`);
  const name = String(values.db_field_name ?? '')
    .trim()
    .toLowerCase();
  const problem = columnNameProblem(name);
  if (problem) bad(problem);
  // the engine's property is the camelCase of the column and back (runtime.ts): `c_1` would come back as `c1`
  if (camelToSnake(camel(name)) !== name) bad(`字段名${name}的下划线后请用字母`);
  values.db_field_name = name;
  if (typeof values.field_default_value === 'string' && !defaultValueAllowed(values.field_default_value)) bad(DEFAULT_VALUE_MSG(name));
  const type = String(values.db_type ?? 'string') as DbType;
  if (!DB_TYPES.includes(type)) bad(`字段${name}的类型${type}不受支持`);
  values.db_type = type;
  let length = Number(values.db_length ?? 0);
  let scale = Number(values.db_point_length ?? 0);
  if (type === 'string') {
    if (!(length >= 1 && length <= DESIGN_LIMITS.varcharMax)) bad(`字段${name}的长度必须在1到${DESIGN_LIMITS.varcharMax}之间`);
  } else if (type === 'BigDecimal') {
    if (!(length >= 1 && length <= DESIGN_LIMITS.decimalPrecisionMax)) bad(`字段${name}的长度必须在1到${DESIGN_LIMITS.decimalPrecisionMax}之间`);
    if (!(scale >= 0 && scale <= length)) bad(`字段${name}的小数点位数必须在0到${length}之间`);
  } else {
    length = length > 0 ? length : 0;
    scale = 0;
  }
  values.db_length = length;
  values.db_point_length = scale;
  if (values.order_num === null || values.order_num === undefined) values.order_num = i;
  const isKey = values.db_is_key === 1;
  const nullable = !isKey && values.db_is_null !== 0;
  return { id: idOf((raw as Row).id), values, name, type, length, scale, isKey, nullable };
}

function readIndex(raw: unknown, columns: ReadonlySet<string>): IndexSpec {
  const values = readProps(raw, INDEX_PROPS, '索引');
  const name = String(values.index_name ?? '')
    .trim()
    .toLowerCase();
  const problem = columnNameProblem(name);
  if (problem) bad(problem.replace('字段名', '索引名'));
  const cols = String(values.index_field ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter(Boolean);
  if (!cols.length) bad(`索引${name}没有字段`);
  for (const c of cols) if (!columns.has(c)) bad(`索引${name}的字段${c}不存在`);
  const type = String(values.index_type ?? 'normal');
  if (type !== 'normal' && type !== 'unique') bad(`索引${name}的类型只能是normal或unique`);
  Object.assign(values, { index_name: name, index_field: cols.join(','), index_type: type });
  return { id: idOf((raw as Row).id), values, name, columns: cols, unique: type === 'unique' };
}

/** The portable column type of a field (migrations/ddl.ts). Blob is kept as long text: the wire carries text. */
export function columnTypeOf(f: Pick<FieldSpec, 'type' | 'length' | 'scale'>): ColType {
  switch (f.type) {
    case 'string':
      return `varchar(${f.length})`;
    case 'int':
      return 'int';
    case 'double':
      return 'double';
    case 'BigDecimal':
      return `decimal(${f.length},${f.scale})`;
    case 'Date':
      return 'date';
    case 'Datetime':
      return 'datetime';
    case 'Text':
    case 'Blob':
      return 'longtext';
  }
}

/** snake_case column → camelCase wire name. */
export const camel = (s: string): string => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A stored row on the wire (camelCase). */
export function wireRow(row: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(row)) out[camel(k)] = v;
  return out;
}
