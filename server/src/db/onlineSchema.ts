import type { Generated } from 'kysely';

/**
 * Kysely types of the online-form tables (migrations/0030_online_form.ts). Kept by hand: a later migration that adds a
 * column adds it here.
 */

export interface OnlCgformHeadTable {
  id: string;
  table_name: string;
  table_type: Generated<number>;
  table_version: Generated<number>;
  table_txt: string;
  is_checkbox: Generated<string>;
  is_db_synch: Generated<string>;
  is_page: Generated<string>;
  is_tree: Generated<string>;
  id_sequence: string | null;
  id_type: string | null;
  query_mode: string | null;
  relation_type: number | null;
  sub_table_str: string | null;
  tab_order_num: number | null;
  tree_parent_id_field: string | null;
  tree_id_field: string | null;
  tree_fieldname: string | null;
  form_category: Generated<string>;
  form_template: string | null;
  form_template_mobile: string | null;
  scroll: Generated<number | null>;
  copy_version: number | null;
  copy_type: Generated<number>;
  physic_id: string | null;
  ext_config_json: string | null;
  theme_template: string | null;
  is_des_form: string | null;
  des_form_code: string | null;
  low_app_id: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlCgformFieldTable {
  id: string;
  cgform_head_id: string;
  db_field_name: string;
  db_field_txt: string | null;
  db_field_name_old: string | null;
  db_is_key: number | null;
  db_is_null: number | null;
  db_type: string;
  db_length: number;
  db_point_length: number | null;
  db_default_val: string | null;
  dict_field: string | null;
  dict_table: string | null;
  dict_text: string | null;
  field_show_type: string | null;
  field_href: string | null;
  field_length: number | null;
  field_valid_type: string | null;
  field_must_input: string | null;
  field_extend_json: string | null;
  field_default_value: string | null;
  is_query: number | null;
  is_show_form: number | null;
  is_show_list: number | null;
  is_read_only: Generated<number | null>;
  query_mode: string | null;
  main_table: string | null;
  main_field: string | null;
  order_num: number | null;
  converter: string | null;
  query_def_val: string | null;
  query_dict_text: string | null;
  query_dict_field: string | null;
  query_dict_table: string | null;
  query_show_type: string | null;
  query_config_flag: string | null;
  query_valid_type: string | null;
  query_must_input: string | null;
  sort_flag: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlCgformIndexTable {
  id: string;
  cgform_head_id: string;
  index_name: string;
  index_field: string;
  index_type: Generated<string>;
  is_db_synch: Generated<string>;
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlCgformVersionTable {
  id: string;
  cgform_head_id: string;
  table_version: number;
  sync_method: string;
  snapshot: string;
  plan: string;
  create_by: string | null;
  create_time: string | null;
}

export interface OnlCgformButtonTable {
  id: string;
  cgform_head_id: string;
  button_code: string;
  button_name: string | null;
  button_icon: string | null;
  button_status: Generated<string | null>;
  button_style: string | null;
  exp: string | null;
  opt_type: string | null;
  order_num: number | null;
  opt_position: string | null;
}

export interface OnlCgformEnhanceJsTable {
  id: string;
  cgform_head_id: string;
  cg_js: string | null;
  cg_js_type: string | null;
  content: string | null;
}

export interface OnlCgformEnhanceSqlTable {
  id: string;
  cgform_head_id: string;
  button_code: string | null;
  cgb_sql: string | null;
  cgb_sql_name: string | null;
  content: string | null;
}

export interface OnlCgformEnhanceJavaTable {
  id: string;
  cgform_head_id: string;
  button_code: string | null;
  cg_java_type: string;
  cg_java_value: string;
  active_status: Generated<string | null>;
  event: Generated<string>;
}

export interface OnlAuthDataTable {
  id: string;
  cgform_id: string | null;
  rule_name: string | null;
  rule_column: string | null;
  rule_operator: string | null;
  rule_value: string | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlAuthPageTable {
  id: string;
  cgform_id: string | null;
  code: string | null;
  type: number | null;
  control: number | null;
  page: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlAuthRelationTable {
  id: string;
  role_id: string | null;
  auth_id: string | null;
  type: number | null;
  cgform_id: string | null;
  auth_mode: string | null;
}

export interface OnlineTables {
  onl_cgform_head: OnlCgformHeadTable;
  onl_cgform_field: OnlCgformFieldTable;
  onl_cgform_index: OnlCgformIndexTable;
  onl_cgform_version: OnlCgformVersionTable;
  onl_cgform_button: OnlCgformButtonTable;
  onl_cgform_enhance_js: OnlCgformEnhanceJsTable;
  onl_cgform_enhance_sql: OnlCgformEnhanceSqlTable;
  onl_cgform_enhance_java: OnlCgformEnhanceJavaTable;
  onl_auth_data: OnlAuthDataTable;
  onl_auth_page: OnlAuthPageTable;
  onl_auth_relation: OnlAuthRelationTable;
}
