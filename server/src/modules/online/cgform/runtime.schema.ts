import type { DictModel } from '../../../core/dict/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import type { Row } from './model.js';
import type { SessionUser } from '../../../core/access/types.js';
import { resolveDefault } from './defaults.js';
import type { OnlineForm } from './runtime.js';

/**
 * What the generated list and form read (online-contract.md §1.3): `getColumns`, `getQueryInfo`, `getFormItem`'s
 * schema, and the validation presets of the designer's 校验 tab, checked again on the server when a record is saved.
 */

/** The designer's validation presets: pattern, message (the original's texts). `only` is the duplicate check. */
export const VALID_PRESETS: Readonly<Record<string, { pattern: RegExp; message: string }>> = {
  '*6-16': { pattern: /^.{6,16}$/su, message: '请输入6到16位任意字符!' },
  'n6-16': { pattern: /^\d{6,16}$/, message: '请输入6到16位数字!' },
  's6-18': { pattern: /^[a-zA-Z]{6,18}$/, message: '请输入6到18位字母!' },
  url: { pattern: /^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+(?:[\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/, message: '请输入正确的网址!' },
  e: { pattern: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/, message: '请输入正确的电子邮件!' },
  m: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码!' },
  p: { pattern: /^[1-9]\d{5}$/, message: '请输入正确的邮政编码!' },
  s: { pattern: /^[A-Za-z]+$/, message: '请输入字母!' },
  n: { pattern: /^-?\d+(?:\.\d+)?$/, message: '请输入数字!' },
  z: { pattern: /^-?\d+$/, message: '请输入整数!' },
  money: { pattern: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/, message: '请输入正确的金额!' },
};

const column = (f: Row) => String(f.db_field_name);
const plainDict = (f: Row) => (f.dict_field && !f.dict_table ? String(f.dict_field) : '');
const viewOf = (f: Row) => String(f.field_show_type ?? '') || 'text';

export async function columnsOf(form: OnlineForm, dictItems: (code: string) => Promise<DictModel[]>): Promise<Row> {
  const h = form.head;
  const listed = form.fields.filter((f) => f.is_show_list !== 0);
  const dictOptions: Record<string, DictModel[]> = {};
  for (const f of listed) if (plainDict(f)) dictOptions[column(f)] = await dictItems(plainDict(f));
  return {
    columns: listed.map((f) => ({
      dataIndex: column(f),
      title: String(f.db_field_txt ?? '') || column(f),
      align: 'center',
      ...(f.sort_flag === '1' || f.sort_flag === 'Y' ? { sorter: true } : {}),
      ...(f.dict_field ? { customRender: column(f) } : {}),
    })),
    dictOptions,
    fieldHrefSlots: [],
    formTemplate: String(h.form_template ?? '1'),
    description: h.table_txt,
    currentTableName: h.table_name,
    isDesForm: 'N',
    desFormCode: '',
    cgButtonList: [],
    enhanceJs: '',
    hideColumns: [],
    scrollFlag: Number(h.scroll ?? 0),
    checkboxFlag: String(h.is_checkbox ?? 'Y'),
    paginationFlag: String(h.is_page ?? 'Y'),
  };
}

export function queryInfo(form: OnlineForm): Row[] {
  return form.fields
    .filter((f) => f.is_query === 1)
    .map((f) => ({
      field: column(f),
      label: String(f.db_field_txt ?? '') || column(f),
      view: String(f.query_show_type ?? '') || viewOf(f),
      mode: f.query_mode === 'group' ? 'group' : 'single',
      config: String(f.query_config_flag ?? '0'),
      defValue: String(f.query_def_val ?? ''),
      dictCode: plainDict(f),
      dictTable: String(f.dict_table ?? ''),
      dictText: String(f.dict_text ?? ''),
    }));
}

const JSON_TYPES: Readonly<Record<string, string>> = { int: 'integer', double: 'number', BigDecimal: 'number' };

/** The form schema; `user`: the caller, for default values that name them (defaults.ts). */
export function formItem(form: OnlineForm, user: SessionUser | null): Row {
  const h = form.head;
  const properties: Record<string, Row> = {};
  const required: string[] = [];
  form.fields.forEach((f, order) => {
    if (f.is_show_form === 0) return;
    const preset = VALID_PRESETS[String(f.field_valid_type ?? '')];
    if (f.field_must_input === '1' || f.field_valid_type === '*') required.push(column(f));
    properties[column(f)] = {
      title: String(f.db_field_txt ?? '') || column(f),
      view: viewOf(f),
      type: JSON_TYPES[String(f.db_type)] ?? 'string',
      order,
      ...(plainDict(f) ? { dictCode: plainDict(f) } : {}),
      ...(f.dict_table ? { dictTable: f.dict_table, dictText: f.dict_text, dictCode: f.dict_field } : {}),
      ...(preset ? { pattern: preset.pattern.source, errorInfo: preset.message } : {}),
      ...(f.field_valid_type === 'only' ? { pattern: 'only' } : {}),
      ...(f.field_default_value ? { defVal: resolveDefault(String(f.field_default_value), user) } : {}),
      ...(f.db_type === 'string' ? { maxLength: Number(f.db_length) } : {}),
      ...(f.is_read_only === 1 ? { ui: { widgetattrs: { disabled: true } } } : {}),
      fieldExtendJson: f.field_extend_json ?? '',
    };
  });
  return {
    head: {
      id: h.id,
      tableName: h.table_name,
      tableTxt: h.table_txt,
      tableType: h.table_type,
      isTree: h.is_tree,
      extConfigJson: h.ext_config_json,
      formTemplate: h.form_template,
    },
    schema: { table: h.table_name, required, properties },
    cgButtonList: [],
    enhanceJs: '',
  };
}

/** The presets checked on the server too (a record saved past the form, by the API, gets the same answer). */
export function checkPresets(form: OnlineForm, body: Record<string, unknown>): void {
  for (const f of form.fields) {
    const preset = VALID_PRESETS[String(f.field_valid_type ?? '')];
    const v = body[column(f)];
    if (!preset || v === undefined || v === null || v === '') continue;
    if (!preset.pattern.test(String(v))) throw new BadRequestError(`${String(f.db_field_txt ?? '') || column(f)}：${preset.message}`);
  }
}
