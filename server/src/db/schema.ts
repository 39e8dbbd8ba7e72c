/**
 * Kysely types of every system table (jeecg-schema.md §1.1, §1.2) plus sys_kv. Column names are the database's
 * snake_case names. Ids are strings (sys_tenant.id is an integer); numeric flags are numbers, varchar flags strings;
 * datetimes are 'yyyy-MM-dd HH:mm:ss' strings. Nullable columns are optional on insert.
 * Keep in step with migrations/ (0001_system.ts creates these tables).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { GameTables } from './gameSchema.js';
import type { OnlineTables } from './onlineSchema.js';

export interface SysUserTable {
  id: string;
  username: string | null;
  realname: string | null;
  password: string | null;
  salt: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  org_code: string | null;
  status: number | null;
  del_flag: number | null;
  third_id: string | null;
  third_type: string | null;
  activiti_sync: number | null;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  user_identity: number | null;
  depart_ids: string | null;
  rel_tenant_ids: string | null;
  client_id: string | null;
  /** The name's key (migration 0028, modules/system/user/username.ts): unique; NULL for a legacy look-alike. */
  username_key: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysRoleTable {
  id: string;
  role_name: string | null;
  role_code: string;
  description: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysPermissionTable {
  id: string;
  parent_id: string | null;
  name: string | null;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number | null;
  perms: string | null;
  perms_type: string | null;
  sort_no: number | null;
  always_show: number | null;
  icon: string | null;
  is_route: number | null;
  is_leaf: number | null;
  keep_alive: number | null;
  hidden: number | null;
  hide_tab: number | null;
  description: string | null;
  del_flag: number | null;
  rule_flag: number | null;
  status: string | null;
  internal_or_external: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysPermissionDataRuleTable {
  id: string;
  permission_id: string | null;
  rule_name: string | null;
  rule_column: string | null;
  rule_conditions: string | null;
  rule_value: string | null;
  status: string | null;
  create_time: string | null;
  create_by: string | null;
  update_time: string | null;
  update_by: string | null;
}

export interface SysDepartTable {
  id: string;
  parent_id: string | null;
  depart_name: string;
  depart_name_en: string | null;
  depart_name_abbr: string | null;
  depart_order: number | null;
  description: string | null;
  org_category: Generated<string>;
  org_type: string | null;
  org_code: string;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  status: string | null;
  del_flag: string | null;
  qywx_identifier: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDictTable {
  id: string;
  dict_name: string;
  dict_code: string;
  description: string | null;
  del_flag: number | null;
  type: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDictItemTable {
  id: string;
  dict_id: string | null;
  item_text: string;
  item_value: string;
  description: string | null;
  sort_order: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysAnnouncementTable {
  id: string;
  titile: string | null;
  msg_content: string | null;
  start_time: string | null;
  end_time: string | null;
  sender: string | null;
  priority: string | null;
  msg_category: Generated<string>;
  msg_type: string | null;
  send_status: string | null;
  send_time: string | null;
  cancel_time: string | null;
  del_flag: string | null;
  bus_type: string | null;
  bus_id: string | null;
  open_type: string | null;
  open_page: string | null;
  user_ids: string | null;
  msg_abstract: string | null;
  dt_task_id: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysAnnouncementSendTable {
  id: string;
  annt_id: string | null;
  user_id: string | null;
  read_flag: string | null;
  read_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysQuartzJobTable {
  id: string;
  del_flag: number | null;
  job_class_name: string | null;
  cron_expression: string | null;
  parameter: string | null;
  description: string | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

/** One firing of a scheduled job: its claim and run record (migration 0008, core/jobs/scheduler.ts). */
export interface SysQuartzJobRunTable {
  id: string;
  job_id: string;
  trigger_type: string;
  fire_at: number | string;
  fire_time: string | null;
  start_time: string | null;
  end_time: string | null;
  duration: number | string | null;
  delay_ms: number | string | null;
  status: string;
  error_msg: string | null;
  node: string | null;
  attempt: Generated<number>;
  lease_until: number | string | null;
}

export interface SysLogTable {
  id: string;
  log_type: number | null;
  log_content: string | null;
  operate_type: number | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  request_url: string | null;
  request_param: string | null;
  request_type: string | null;
  cost_time: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysSmsTable {
  id: string;
  es_title: string | null;
  es_type: string | null;
  es_receiver: string | null;
  es_param: string | null;
  es_content: string | null;
  es_send_time: string | null;
  es_send_status: string | null;
  es_send_num: number | null;
  es_result: string | null;
  remark: string | null;
  /** Migration 0007: the claim of the node sending the row (modules/message/send). */
  claim_token: string | null;
  claim_until: string | null;
  /** Migration 0007: when a failed row may be tried again (null: no further attempt). */
  next_try_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlCgreportHeadTable {
  id: string;
  code: string;
  name: string;
  cgr_sql: string;
  return_val_field: string | null;
  return_txt_field: string | null;
  return_type: string | null;
  db_source: string | null;
  content: string | null;
  low_app_id: string | null;
  update_time: string | null;
  update_by: string | null;
  create_time: string | null;
  create_by: string | null;
}

export interface OnlCgreportItemTable {
  id: string;
  cgrhead_id: string;
  field_name: string;
  field_txt: string | null;
  field_width: number | null;
  field_type: string | null;
  search_mode: string | null;
  is_order: number | null;
  is_search: number | null;
  dict_code: string | null;
  field_href: string | null;
  is_show: number | null;
  order_num: number | null;
  replace_val: string | null;
  is_total: string | null;
  group_title: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysUserRoleTable {
  id: string;
  user_id: string | null;
  role_id: string | null;
}

export interface SysUserDepartTable {
  id: string;
  user_id: string | null;
  dep_id: string | null;
}

export interface SysRolePermissionTable {
  id: string;
  role_id: string | null;
  permission_id: string | null;
  data_rule_ids: string | null;
  operate_date: string | null;
  operate_ip: string | null;
}

export interface SysDepartPermissionTable {
  id: string;
  depart_id: string | null;
  permission_id: string | null;
  data_rule_ids: string | null;
}

export interface SysDepartRoleTable {
  id: string;
  depart_id: string | null;
  role_name: string | null;
  role_code: string | null;
  description: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDepartRoleUserTable {
  id: string;
  user_id: string | null;
  drole_id: string | null;
}

export interface SysDepartRolePermissionTable {
  id: string;
  depart_id: string | null;
  role_id: string | null;
  permission_id: string | null;
  data_rule_ids: string | null;
  operate_date: string | null;
  operate_ip: string | null;
}

export interface SysPositionTable {
  id: string;
  code: string | null;
  name: string | null;
  post_rank: string | null;
  company_id: string | null;
  sys_org_code: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysTenantTable {
  id: number;
  name: string | null;
  begin_date: string | null;
  end_date: string | null;
  status: number | null;
  create_time: string | null;
  create_by: string | null;
}

export interface SysCategoryTable {
  id: string;
  pid: string | null;
  name: string | null;
  code: string | null;
  sys_org_code: string | null;
  has_child: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysCheckRuleTable {
  id: string;
  rule_name: string | null;
  rule_code: string | null;
  rule_json: string | null;
  rule_description: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysFillRuleTable {
  id: string;
  rule_name: string | null;
  rule_code: string | null;
  rule_class: string | null;
  rule_params: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDataSourceTable {
  id: string;
  code: string | null;
  name: string | null;
  remark: string | null;
  db_type: string | null;
  db_driver: string | null;
  db_url: string | null;
  db_name: string | null;
  db_username: string | null;
  db_password: string | null;
  sys_org_code: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysGatewayRouteTable {
  id: string;
  router_id: string | null;
  name: string | null;
  uri: string | null;
  predicates: string | null;
  filters: string | null;
  retryable: number | null;
  strip_prefix: number | null;
  persistable: number | null;
  show_api: number | null;
  status: number | null;
  sys_org_code: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysDataLogTable {
  id: string;
  data_table: string | null;
  data_id: string | null;
  data_content: string | null;
  data_version: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysSmsTemplateTable {
  id: string;
  template_name: string | null;
  template_code: string;
  template_type: string;
  template_content: string;
  template_test_json: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysThirdAccountTable {
  id: string;
  sys_user_id: string | null;
  avatar: string | null;
  status: number | null;
  del_flag: number | null;
  realname: string | null;
  third_user_uuid: string | null;
  third_user_id: string | null;
  third_type: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysUserAgentTable {
  id: string;
  user_name: string | null;
  agent_user_name: string | null;
  start_time: string | null;
  end_time: string | null;
  status: string | null;
  create_name: string | null;
  update_name: string | null;
  sys_org_code: string | null;
  sys_company_code: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OnlCgreportParamTable {
  id: string;
  cgrhead_id: string;
  param_name: string;
  param_txt: string | null;
  param_value: string | null;
  order_num: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface OssFileTable {
  id: string;
  file_name: string | null;
  url: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
}

export interface SysSeedTable {
  name: string;
  applied_at: string | null;
}

export interface SysKvTable {
  k: string;
  v: string | null;
  expires_at: number | null;
}

/** Secrets every node of the database shares (migration 0003). */
export interface SysSecretTable {
  name: string;
  value: string;
  create_time: string | null;
}

/** Fill-rule sequences: the last number given per key (migration 0005, core/rules/sequence.ts). */
export interface SysFillRuleSeqTable {
  seq_key: string;
  seq_value: number;
  update_time: string | null;
}

// issue 14 account settings (migration 0019): the user's own settings, one row per (user, key)
export interface SysUserSettingTable {
  id: string;
  user_id: string;
  setting_key: string;
  value: string;
  update_time: string | null;
}

/** A file of the shared store (migration 0029, core/files/dbStore.ts); path null while its upload is being written. */
export interface SysFileTable {
  id: string;
  path: string | null;
  size: number;
  chunk_count: number;
  create_time: string;
}

/** One piece (≤ 256 KiB) of a sys_file's bytes, seq from 0. */
export interface SysFileChunkTable {
  file_id: string;
  seq: number;
  data: Buffer;
}

export interface Database extends GameTables, OnlineTables {
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_permission: SysPermissionTable;
  sys_permission_data_rule: SysPermissionDataRuleTable;
  sys_depart: SysDepartTable;
  sys_dict: SysDictTable;
  sys_dict_item: SysDictItemTable;
  sys_announcement: SysAnnouncementTable;
  sys_announcement_send: SysAnnouncementSendTable;
  sys_quartz_job: SysQuartzJobTable;
  sys_quartz_job_run: SysQuartzJobRunTable;
  sys_log: SysLogTable;
  sys_sms: SysSmsTable;
  onl_cgreport_head: OnlCgreportHeadTable;
  onl_cgreport_item: OnlCgreportItemTable;
  sys_user_role: SysUserRoleTable;
  sys_user_depart: SysUserDepartTable;
  sys_role_permission: SysRolePermissionTable;
  sys_depart_permission: SysDepartPermissionTable;
  sys_depart_role: SysDepartRoleTable;
  sys_depart_role_user: SysDepartRoleUserTable;
  sys_depart_role_permission: SysDepartRolePermissionTable;
  sys_position: SysPositionTable;
  sys_tenant: SysTenantTable;
  sys_category: SysCategoryTable;
  sys_check_rule: SysCheckRuleTable;
  sys_fill_rule: SysFillRuleTable;
  sys_data_source: SysDataSourceTable;
  sys_gateway_route: SysGatewayRouteTable;
  sys_data_log: SysDataLogTable;
  sys_sms_template: SysSmsTemplateTable;
  sys_third_account: SysThirdAccountTable;
  sys_user_agent: SysUserAgentTable;
  onl_cgreport_param: OnlCgreportParamTable;
  oss_file: OssFileTable;
  sys_seed: SysSeedTable;
  sys_kv: SysKvTable;
  sys_secret: SysSecretTable;
  sys_fill_rule_seq: SysFillRuleSeqTable;
  // issue 14 account settings (migration 0019)
  sys_user_setting: SysUserSettingTable;
  // dashboard venue (issue 14 point 5, migration 0022)
  game_stat_day: GameStatDayTable;
  // the shared file store (migration 0029)
  sys_file: SysFileTable;
  sys_file_chunk: SysFileChunkTable;
}

export type TableName = keyof Database;

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysRole = Selectable<SysRoleTable>;
export type NewSysRole = Insertable<SysRoleTable>;
export type SysRoleUpdate = Updateable<SysRoleTable>;
export type SysPermission = Selectable<SysPermissionTable>;
export type NewSysPermission = Insertable<SysPermissionTable>;
export type SysPermissionUpdate = Updateable<SysPermissionTable>;
export type SysPermissionDataRule = Selectable<SysPermissionDataRuleTable>;
export type NewSysPermissionDataRule = Insertable<SysPermissionDataRuleTable>;
export type SysPermissionDataRuleUpdate = Updateable<SysPermissionDataRuleTable>;
export type SysDepart = Selectable<SysDepartTable>;
export type NewSysDepart = Insertable<SysDepartTable>;
export type SysDepartUpdate = Updateable<SysDepartTable>;
export type SysDict = Selectable<SysDictTable>;
export type NewSysDict = Insertable<SysDictTable>;
export type SysDictUpdate = Updateable<SysDictTable>;
export type SysDictItem = Selectable<SysDictItemTable>;
export type NewSysDictItem = Insertable<SysDictItemTable>;
export type SysDictItemUpdate = Updateable<SysDictItemTable>;
export type SysAnnouncement = Selectable<SysAnnouncementTable>;
export type NewSysAnnouncement = Insertable<SysAnnouncementTable>;
export type SysAnnouncementUpdate = Updateable<SysAnnouncementTable>;
export type SysAnnouncementSend = Selectable<SysAnnouncementSendTable>;
export type NewSysAnnouncementSend = Insertable<SysAnnouncementSendTable>;
export type SysAnnouncementSendUpdate = Updateable<SysAnnouncementSendTable>;
export type SysQuartzJob = Selectable<SysQuartzJobTable>;
export type NewSysQuartzJob = Insertable<SysQuartzJobTable>;
export type SysQuartzJobUpdate = Updateable<SysQuartzJobTable>;
export type SysLog = Selectable<SysLogTable>;
export type NewSysLog = Insertable<SysLogTable>;
export type SysLogUpdate = Updateable<SysLogTable>;
export type SysSms = Selectable<SysSmsTable>;
export type NewSysSms = Insertable<SysSmsTable>;
export type SysSmsUpdate = Updateable<SysSmsTable>;
export type OnlCgreportHead = Selectable<OnlCgreportHeadTable>;
export type NewOnlCgreportHead = Insertable<OnlCgreportHeadTable>;
export type OnlCgreportHeadUpdate = Updateable<OnlCgreportHeadTable>;
export type OnlCgreportItem = Selectable<OnlCgreportItemTable>;
export type NewOnlCgreportItem = Insertable<OnlCgreportItemTable>;
export type OnlCgreportItemUpdate = Updateable<OnlCgreportItemTable>;
export type SysUserRole = Selectable<SysUserRoleTable>;
export type NewSysUserRole = Insertable<SysUserRoleTable>;
export type SysUserRoleUpdate = Updateable<SysUserRoleTable>;
export type SysUserDepart = Selectable<SysUserDepartTable>;
export type NewSysUserDepart = Insertable<SysUserDepartTable>;
export type SysUserDepartUpdate = Updateable<SysUserDepartTable>;
export type SysRolePermission = Selectable<SysRolePermissionTable>;
export type NewSysRolePermission = Insertable<SysRolePermissionTable>;
export type SysRolePermissionUpdate = Updateable<SysRolePermissionTable>;
export type SysDepartPermission = Selectable<SysDepartPermissionTable>;
export type NewSysDepartPermission = Insertable<SysDepartPermissionTable>;
export type SysDepartPermissionUpdate = Updateable<SysDepartPermissionTable>;
export type SysDepartRole = Selectable<SysDepartRoleTable>;
export type NewSysDepartRole = Insertable<SysDepartRoleTable>;
export type SysDepartRoleUpdate = Updateable<SysDepartRoleTable>;
export type SysDepartRoleUser = Selectable<SysDepartRoleUserTable>;
export type NewSysDepartRoleUser = Insertable<SysDepartRoleUserTable>;
export type SysDepartRoleUserUpdate = Updateable<SysDepartRoleUserTable>;
export type SysDepartRolePermission = Selectable<SysDepartRolePermissionTable>;
export type NewSysDepartRolePermission = Insertable<SysDepartRolePermissionTable>;
export type SysDepartRolePermissionUpdate = Updateable<SysDepartRolePermissionTable>;
export type SysPosition = Selectable<SysPositionTable>;
export type NewSysPosition = Insertable<SysPositionTable>;
export type SysPositionUpdate = Updateable<SysPositionTable>;
export type SysTenant = Selectable<SysTenantTable>;
export type NewSysTenant = Insertable<SysTenantTable>;
export type SysTenantUpdate = Updateable<SysTenantTable>;
export type SysCategory = Selectable<SysCategoryTable>;
export type NewSysCategory = Insertable<SysCategoryTable>;
export type SysCategoryUpdate = Updateable<SysCategoryTable>;
export type SysCheckRule = Selectable<SysCheckRuleTable>;
export type NewSysCheckRule = Insertable<SysCheckRuleTable>;
export type SysCheckRuleUpdate = Updateable<SysCheckRuleTable>;
export type SysFillRule = Selectable<SysFillRuleTable>;
export type NewSysFillRule = Insertable<SysFillRuleTable>;
export type SysFillRuleUpdate = Updateable<SysFillRuleTable>;
export type SysDataSource = Selectable<SysDataSourceTable>;
export type NewSysDataSource = Insertable<SysDataSourceTable>;
export type SysDataSourceUpdate = Updateable<SysDataSourceTable>;
export type SysGatewayRoute = Selectable<SysGatewayRouteTable>;
export type NewSysGatewayRoute = Insertable<SysGatewayRouteTable>;
export type SysGatewayRouteUpdate = Updateable<SysGatewayRouteTable>;
export type SysDataLog = Selectable<SysDataLogTable>;
export type NewSysDataLog = Insertable<SysDataLogTable>;
export type SysDataLogUpdate = Updateable<SysDataLogTable>;
export type SysSmsTemplate = Selectable<SysSmsTemplateTable>;
export type NewSysSmsTemplate = Insertable<SysSmsTemplateTable>;
export type SysSmsTemplateUpdate = Updateable<SysSmsTemplateTable>;
export type SysThirdAccount = Selectable<SysThirdAccountTable>;
export type NewSysThirdAccount = Insertable<SysThirdAccountTable>;
export type SysThirdAccountUpdate = Updateable<SysThirdAccountTable>;
export type SysUserAgent = Selectable<SysUserAgentTable>;
export type NewSysUserAgent = Insertable<SysUserAgentTable>;
export type SysUserAgentUpdate = Updateable<SysUserAgentTable>;
export type OnlCgreportParam = Selectable<OnlCgreportParamTable>;
export type NewOnlCgreportParam = Insertable<OnlCgreportParamTable>;
export type OnlCgreportParamUpdate = Updateable<OnlCgreportParamTable>;
export type OssFile = Selectable<OssFileTable>;
export type NewOssFile = Insertable<OssFileTable>;
export type OssFileUpdate = Updateable<OssFileTable>;
export type SysKv = Selectable<SysKvTable>;
export type NewSysKv = Insertable<SysKvTable>;
export type SysKvUpdate = Updateable<SysKvTable>;

// dashboard venue (issue 14 point 5): the per-day statistics of the venue dashboards (migration 0022).
/** One figure of one closed day: (stat_day, metric, dim) unique; written by the GameStatDayJob (modules/dashboard/venue). */
export interface GameStatDayTable {
  id: string;
  stat_day: string;
  metric: string;
  dim: Generated<string>;
  cnt: Generated<number>;
  num2: Generated<number>;
  amount: Generated<number | string>;
  update_time: string | null;
}
