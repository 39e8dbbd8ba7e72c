/**
 * Which names a designed table and its columns may take (issue 25 point 2). A name never comes from a request
 * into SQL unchecked: it must match the strict pattern, it is always quoted by Kysely, and it may not be a word
 * any of the three databases reserves (so a hand-written query or another tool never meets it unquoted).
 */

/** Every table the product's migrations create (and Kysely's own): a definition never takes or imports one. */
export const PRODUCT_TABLES: ReadonlySet<string> = new Set(
  (
    'activity_task book_reservation_info book_slot_capacity book_slot_usage book_user bounty_rank bracelet ' +
    'chest_password_attempt game_device game_message game_message_read game_order game_stat_day goods great_line ' +
    'honor kysely_migration kysely_migration_lock onl_auth_data onl_auth_page onl_auth_relation onl_cgform_button ' +
    'onl_cgform_enhance_java onl_cgform_enhance_js onl_cgform_enhance_sql onl_cgform_field onl_cgform_head ' +
    'onl_cgform_index onl_cgform_version onl_cgreport_head onl_cgreport_item onl_cgreport_param oss_file ' +
    'pay_callback_record pay_notify_claim picture_material pirate_bounty_bucket pirate_bounty_count pirate_rank ' +
    'pirate_score pirate_ship policy question_bank ship_table sign_place sys_announcement sys_announcement_send ' +
    'sys_category sys_check_rule sys_data_log sys_data_source sys_depart sys_depart_permission sys_depart_role ' +
    'sys_depart_role_permission sys_depart_role_user sys_dict sys_dict_item sys_file sys_file_chunk sys_fill_rule ' +
    'sys_fill_rule_seq sys_gateway_route sys_kv sys_log sys_permission sys_permission_data_rule sys_position ' +
    'sys_quartz_job sys_quartz_job_run sys_role sys_role_permission sys_secret sys_seed sys_sms sys_sms_template ' +
    'sys_tenant sys_third_account sys_user sys_user_agent sys_user_depart sys_user_role sys_user_setting ' +
    'treasure_chest user_honor user_question_record user_question_score user_score_history user_sign_place ' +
    'user_task_record user_treasure_chest'
  ).split(' '),
);

/** Prefixes kept for the product and the databases' own catalogues (a later migration's table is never taken). */
const RESERVED_PREFIXES = ['sys_', 'onl_', 'kysely_', 'qrtz_', 'pg_', 'sqlite_', 'mysql_', 'information_schema'];

/**
 * Words reserved by SQLite, PostgreSQL or MariaDB that a table or column could plausibly be named (the union of
 * their reserved-keyword lists, restricted to words a name could be).
 */
const RESERVED_WORDS: ReadonlySet<string> = new Set(
  (
    'add all alter analyze and any array as asc between both by call case cast check collate column constraint ' +
    'create cross current_date current_time current_timestamp current_user database default delete desc describe ' +
    'distinct div drop else end except exists explain false fetch for foreign from full grant group having if in ' +
    'index inner insert interval intersect into is join key keys kill leading left like limit lock match natural ' +
    'not null of offset on or order outer primary range read references regexp rename replace require restrict ' +
    'return returning revoke right rlike row rows schema select session_user set show some table then to trailing ' +
    'transaction trigger true union unique unsigned update usage use user using values view when where window with'
  ).split(' '),
);

export const TABLE_NAME_MAX = 50;
export const COLUMN_NAME_MAX = 32;
const NAME_RE = /^[a-z][a-z0-9_]*$/;

/** Why `name` cannot be a designed table's name, or null when it can. */
export function tableNameProblem(name: string): string | null {
  if (!name) return '表名不能为空';
  if (/^\d+$/.test(name)) return '表名不能全部是数字';
  if (/^[a-zA-Z]_/.test(name)) return '表名不能以单个字母加下划线开头';
  if (name.length > TABLE_NAME_MAX || !NAME_RE.test(name)) return `表名只能由小写字母、数字和下划线组成，以字母开头，不超过${TABLE_NAME_MAX}个字符`;
  if (RESERVED_WORDS.has(name)) return `表名${name}是数据库保留字`;
  if (PRODUCT_TABLES.has(name) || RESERVED_PREFIXES.some((p) => name.startsWith(p))) return `表名${name}属于系统，不能使用`;
  return null;
}

/** Why `name` cannot be a column of a designed table, or null when it can. */
export function columnNameProblem(name: string): string | null {
  if (!name) return '字段名不能为空';
  if (name.length > COLUMN_NAME_MAX || !NAME_RE.test(name)) return `字段名${name}只能由小写字母、数字和下划线组成，以字母开头，不超过${COLUMN_NAME_MAX}个字符`;
  if (RESERVED_WORDS.has(name)) return `字段名${name}是数据库保留字`;
  // never selectable by the CRUD engine (core/crud/binding.ts ALWAYS_HIDDEN)
  if (name === 'password' || name === 'salt') return `字段名${name}为系统保留，请换一个名字`;
  return null;
}
