import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type ColumnSpec, type TableSpec } from './ddl.js';

/**
 * Online forms (issue 25; shared/reference/online-contract.md §1.6): the designer's definitions — head, fields,
 * indexes — the buttons, enhancements and form permissions a later issue uses, and onl_cgform_version, our own: a
 * snapshot of head, fields and indexes at each synchronisation, with its plan and result (issue 25 point 5).
 * Column names are the v3.1.0 script's, lower-cased (the button and enhancement tables were upper-case there).
 */
const AUDIT: ColumnSpec[] = [
  ['create_by', 'varchar(50)'],
  ['create_time', 'datetime'],
  ['update_by', 'varchar(50)'],
  ['update_time', 'datetime'],
];

const TABLES: Record<string, TableSpec> = {
  onl_cgform_head: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['table_name', 'varchar(50)', { notNull: true }],
      ['table_type', 'int', { notNull: true, default: 1 }],
      ['table_version', 'int', { notNull: true, default: 1 }],
      ['table_txt', 'varchar(200)', { notNull: true }],
      ['is_checkbox', 'varchar(5)', { notNull: true, default: 'Y' }],
      ['is_db_synch', 'varchar(20)', { notNull: true, default: 'N' }],
      ['is_page', 'varchar(5)', { notNull: true, default: 'Y' }],
      ['is_tree', 'varchar(5)', { notNull: true, default: 'N' }],
      ['id_sequence', 'varchar(200)'],
      ['id_type', 'varchar(100)'],
      ['query_mode', 'varchar(10)'],
      ['relation_type', 'int'],
      ['sub_table_str', 'varchar(1000)'],
      ['tab_order_num', 'int'],
      ['tree_parent_id_field', 'varchar(50)'],
      ['tree_id_field', 'varchar(50)'],
      ['tree_fieldname', 'varchar(50)'],
      ['form_category', 'varchar(50)', { notNull: true, default: 'bdfl_ptbd' }],
      ['form_template', 'varchar(50)'],
      ['form_template_mobile', 'varchar(50)'],
      ['scroll', 'int', { default: 0 }],
      ['copy_version', 'int'],
      ['copy_type', 'int', { notNull: true, default: 0 }],
      ['physic_id', 'varchar(32)'],
      ['ext_config_json', 'varchar(1000)'],
      ['theme_template', 'varchar(50)'],
      ['is_des_form', 'varchar(2)'],
      ['des_form_code', 'varchar(50)'],
      ['low_app_id', 'varchar(32)'],
      ...AUDIT,
    ],
    // one definition per table name (copies carry `$n`); checkOnlyTable and the save rely on it
    indexes: [unique('uk_onl_cgform_head_table', 'table_name'), index('idx_onl_cgform_head_time', 'create_time')],
  },
  onl_cgform_field: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['db_field_name', 'varchar(32)', { notNull: true }],
      ['db_field_txt', 'varchar(200)'],
      ['db_field_name_old', 'varchar(32)'],
      ['db_is_key', 'int'],
      ['db_is_null', 'int'],
      ['db_type', 'varchar(32)', { notNull: true }],
      ['db_length', 'int', { notNull: true }],
      ['db_point_length', 'int'],
      ['db_default_val', 'varchar(20)'],
      ['dict_field', 'varchar(100)'],
      ['dict_table', 'varchar(255)'],
      ['dict_text', 'varchar(100)'],
      ['field_show_type', 'varchar(10)'],
      ['field_href', 'varchar(200)'],
      ['field_length', 'int'],
      ['field_valid_type', 'varchar(300)'],
      ['field_must_input', 'varchar(2)'],
      ['field_extend_json', 'varchar(500)'],
      ['field_default_value', 'varchar(100)'],
      ['is_query', 'int'],
      ['is_show_form', 'int'],
      ['is_show_list', 'int'],
      ['is_read_only', 'int', { default: 0 }],
      ['query_mode', 'varchar(10)'],
      ['main_table', 'varchar(100)'],
      ['main_field', 'varchar(100)'],
      ['order_num', 'int'],
      ['converter', 'varchar(255)'],
      ['query_def_val', 'varchar(50)'],
      ['query_dict_text', 'varchar(100)'],
      ['query_dict_field', 'varchar(100)'],
      ['query_dict_table', 'varchar(500)'],
      ['query_show_type', 'varchar(50)'],
      ['query_config_flag', 'varchar(3)'],
      ['query_valid_type', 'varchar(50)'],
      ['query_must_input', 'varchar(3)'],
      ['sort_flag', 'varchar(3)'],
      ...AUDIT,
    ],
    indexes: [unique('uk_onl_cgform_field_name', 'cgform_head_id', 'db_field_name')],
  },
  onl_cgform_index: {
    columns: [
      ['id', 'varchar(36)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['index_name', 'varchar(100)', { notNull: true }],
      ['index_field', 'varchar(500)', { notNull: true }],
      ['index_type', 'varchar(32)', { notNull: true, default: 'normal' }],
      ['is_db_synch', 'varchar(2)', { notNull: true, default: 'N' }],
      ['del_flag', 'int', { notNull: true, default: 0 }],
      ...AUDIT,
    ],
    indexes: [index('idx_onl_cgform_index_head', 'cgform_head_id')],
  },
  onl_cgform_version: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['table_version', 'int', { notNull: true }],
      ['sync_method', 'varchar(10)', { notNull: true }],
      ['snapshot', 'longtext', { notNull: true }],
      ['plan', 'longtext', { notNull: true }],
      ['create_by', 'varchar(50)'],
      ['create_time', 'datetime'],
    ],
    indexes: [unique('uk_onl_cgform_version', 'cgform_head_id', 'table_version')],
  },
  onl_cgform_button: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['button_code', 'varchar(50)', { notNull: true }],
      ['button_name', 'varchar(50)'],
      ['button_icon', 'varchar(20)'],
      ['button_status', 'varchar(2)', { default: '1' }],
      ['button_style', 'varchar(20)'],
      ['exp', 'varchar(255)'],
      ['opt_type', 'varchar(20)'],
      ['order_num', 'int'],
      ['opt_position', 'varchar(3)'],
    ],
    indexes: [index('idx_onl_cgform_button_head', 'cgform_head_id')],
  },
  onl_cgform_enhance_js: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['cg_js', 'longtext'],
      ['cg_js_type', 'varchar(20)'],
      ['content', 'varchar(1000)'],
    ],
    indexes: [index('idx_onl_cgform_enhance_js_head', 'cgform_head_id')],
  },
  onl_cgform_enhance_sql: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['button_code', 'varchar(50)'],
      ['cgb_sql', 'longtext'],
      ['cgb_sql_name', 'varchar(50)'],
      ['content', 'varchar(1000)'],
    ],
    indexes: [index('idx_onl_cgform_enhance_sql_head', 'cgform_head_id')],
  },
  onl_cgform_enhance_java: {
    columns: [
      ['id', 'varchar(36)', { pk: true }],
      ['cgform_head_id', 'varchar(32)', { notNull: true }],
      ['button_code', 'varchar(32)'],
      ['cg_java_type', 'varchar(32)', { notNull: true }],
      ['cg_java_value', 'varchar(200)', { notNull: true }],
      ['active_status', 'varchar(2)', { default: '1' }],
      ['event', 'varchar(10)', { notNull: true, default: 'end' }],
    ],
    indexes: [index('idx_onl_cgform_enhance_java_head', 'cgform_head_id')],
  },
  onl_auth_data: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_id', 'varchar(32)'],
      ['rule_name', 'varchar(50)'],
      ['rule_column', 'varchar(50)'],
      ['rule_operator', 'varchar(50)'],
      ['rule_value', 'varchar(255)'],
      ['status', 'int'],
      ...AUDIT,
    ],
    indexes: [index('idx_onl_auth_data_form', 'cgform_id')],
  },
  onl_auth_page: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['cgform_id', 'varchar(32)'],
      ['code', 'varchar(255)'],
      ['type', 'int'],
      ['control', 'int'],
      ['page', 'int'],
      ['status', 'int'],
      ...AUDIT,
    ],
    indexes: [index('idx_onl_auth_page_form', 'cgform_id')],
  },
  onl_auth_relation: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['role_id', 'varchar(32)'],
      ['auth_id', 'varchar(32)'],
      ['type', 'int'],
      ['cgform_id', 'varchar(32)'],
      ['auth_mode', 'varchar(50)'],
    ],
    indexes: [index('idx_onl_auth_relation_form', 'cgform_id', 'role_id')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(TABLES));
}
