/**
 * Kysely types of the game tables (migrations/0011_game.ts; jeecg-schema.md §4.3). Generated once from GAME_TABLES,
 * then kept by hand: a later migration that adds a column adds it here. Money (decimal) and bigint arrive as numbers.
 */
import type { Generated } from 'kysely';

export interface BookUserTable {
  id: string;
  nickname: string | null;
  real_name: string | null;
  phone: string | null;
  avatar: string | null;
  sex: number | null;
  birthday: string | null;
  openid: string | null;
  unionid: string | null;
  bracelet_id: string | null;
  ship_id: string | null;
  status: number | null;
  last_login_time: string | null;
  remark: string | null;
  del_flag: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PirateShipTable {
  id: string;
  ship_no: string | null;
  ship_name: string | null;
  flag_image: string | null;
  slogan: string | null;
  captain_user_id: string | null;
  great_line_id: string | null;
  reservation_id: string | null;
  max_members: number | null;
  member_count: number | null;
  total_score: number | null;
  bounty: number | null;
  status: number | null;
  voyage_start: string | null;
  voyage_end: string | null;
  sort_no: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface ShipTableTable {
  id: string;
  ship_id: string;
  user_id: string;
  member_role: number | null;
  seat_no: number | null;
  join_time: string | null;
  leave_time: string | null;
  score_contribution: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
  /** 备注 (migration 0012). */
  remark: string | null;
}

export interface GreatLineTable {
  id: string;
  line_code: string | null;
  line_name: string | null;
  cover_image: string | null;
  intro: string | null;
  difficulty: number | null;
  estimated_minutes: number | null;
  place_count: number | null;
  max_score: number | null;
  sort_no: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface SignPlaceTable {
  id: string;
  place_no: string | null;
  place_name: string | null;
  place_type: number | null;
  great_line_id: string | null;
  line_sort: number | null;
  nfc_code: string | null;
  qr_code: string | null;
  longitude: number | null;
  latitude: number | null;
  address: string | null;
  pictures: string | null;
  intro: string | null;
  sign_score: number | null;
  question_count: number | null;
  open_time: string | null;
  close_time: string | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserSignPlaceTable {
  id: string;
  user_id: string;
  ship_id: string | null;
  reservation_id: string;
  sign_place_id: string;
  bracelet_id: string | null;
  sign_time: string | null;
  sign_method: number | null;
  score_gained: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface BraceletTable {
  id: string;
  bracelet_no: string | null;
  nfc_uid: string | null;
  color: string | null;
  user_id: string | null;
  reservation_id: string | null;
  bind_time: string | null;
  unbind_time: string | null;
  status: number | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface ActivityTaskTable {
  id: string;
  task_code: string | null;
  task_name: string | null;
  task_type: number | null;
  target_id: string | null;
  target_count: number | null;
  cycle: number | null;
  reward_score: number | null;
  reward_bounty: number | null;
  reward_honor_id: string | null;
  start_time: string | null;
  end_time: string | null;
  icon: string | null;
  intro: string | null;
  sort_no: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserTaskRecordTable {
  id: string;
  user_id: string;
  task_id: string;
  ship_id: string | null;
  cycle_key: string;
  progress: number | null;
  target_count: number | null;
  status: number | null;
  complete_time: string | null;
  reward_time: string | null;
  reward_score: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PirateRankTable {
  id: string;
  rank_level: number | null;
  rank_name: string | null;
  min_score: number | null;
  max_score: number | null;
  icon: string | null;
  privileges: string | null;
  sort_no: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PirateScoreTable {
  id: string;
  user_id: string;
  total_score: Generated<number>;
  available_score: Generated<number>;
  used_score: Generated<number>;
  bounty: Generated<number>;
  rank_id: string | null;
  rank_no: number | null;
  last_change_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserScoreHistoryTable {
  id: string;
  user_id: string;
  change_type: number | null;
  change_score: number | null;
  before_score: number | null;
  after_score: number | null;
  /** The bounty the change moved (migration 0014). */
  change_bounty: Generated<number>;
  biz_type: string | null;
  biz_id: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface BountyRankTable {
  id: string;
  rank_scope: number | null;
  target_id: string | null;
  target_name: string | null;
  period_type: number | null;
  period_key: string | null;
  bounty: number | null;
  rank_no: number | null;
  snapshot_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface HonorTable {
  id: string;
  honor_code: string | null;
  honor_name: string | null;
  icon: string | null;
  intro: string | null;
  condition_type: number | null;
  condition_value: number | null;
  reward_score: number | null;
  sort_no: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserHonorTable {
  id: string;
  user_id: string;
  honor_id: string;
  obtain_time: string | null;
  source: number | null;
  biz_id: string | null;
  is_wear: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface TreasureChestTable {
  id: string;
  chest_no: string | null;
  chest_name: string | null;
  chest_type: number | null;
  sign_place_id: string | null;
  nfc_code: string | null;
  unlock_type: number | null;
  unlock_value: string | null;
  reward_type: number | null;
  reward_value: number | null;
  reward_goods_id: string | null;
  reward_honor_id: string | null;
  total_count: number | null;
  remain_count: number | null;
  picture: string | null;
  intro: string | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface QuestionBankTable {
  id: string;
  question_type: number | null;
  title: string | null;
  options: string | null;
  answer: string | null;
  analysis: string | null;
  score: number | null;
  difficulty: number | null;
  category: string | null;
  sign_place_id: string | null;
  picture: string | null;
  sort_no: number | null;
  status: number | null;
  del_flag: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserQuestionRecordTable {
  id: string;
  user_id: string;
  question_id: string;
  sign_place_id: string | null;
  ship_id: string | null;
  reservation_id: string;
  user_answer: string | null;
  is_correct: number | null;
  score_gained: number | null;
  answer_time: string | null;
  duration_ms: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface UserQuestionScoreTable {
  id: string;
  user_id: string;
  ship_id: string | null;
  reservation_id: string;
  great_line_id: string | null;
  question_total: number | null;
  answered_count: number | null;
  correct_count: number | null;
  total_score: number | null;
  start_time: string | null;
  end_time: string | null;
  duration_seconds: number | null;
  rank_no: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface BookReservationInfoTable {
  id: string;
  reservation_no: string | null;
  user_id: string | null;
  contact_name: string | null;
  contact_phone: string | null;
  reserve_date: string | null;
  time_slot: string | null;
  people_count: number | null;
  ship_id: string | null;
  ship_table_id: string | null;
  great_line_id: string | null;
  order_id: string | null;
  status: number | null;
  check_in_time: string | null;
  finish_time: string | null;
  cancel_time: string | null;
  cancel_reason: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface GoodsTable {
  id: string;
  goods_no: string | null;
  goods_name: string | null;
  category_code: string | null;
  cover_image: string | null;
  pictures: string | null;
  intro: string | null;
  price: number | null;
  score_price: number | null;
  pay_type: number | null;
  stock: Generated<number>;
  sold_count: Generated<number>;
  limit_per_user: number | null;
  sort_no: number | null;
  status: number | null;
  del_flag: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface GameOrderTable {
  id: string;
  order_no: string | null;
  user_id: string | null;
  goods_id: string | null;
  goods_name: string | null;
  quantity: number | null;
  unit_price: number | null;
  total_amount: number | null;
  score_amount: number | null;
  pay_amount: number | null;
  pay_type: number | null;
  pay_status: number | null;
  order_status: number | null;
  transaction_id: string | null;
  pay_time: string | null;
  redeem_time: string | null;
  cancel_time: string | null;
  refund_amount: number | null;
  refund_time: string | null;
  reservation_id: string | null;
  pickup_code: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PayCallbackRecordTable {
  id: string;
  order_no: string | null;
  out_trade_no: string | null;
  transaction_id: string | null;
  pay_channel: number | null;
  notify_type: number | null;
  trade_state: string | null;
  total_fee: number | null;
  raw_body: string | null;
  sign_valid: number | null;
  handle_status: number | null;
  handle_msg: string | null;
  notify_time: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PictureMaterialTable {
  id: string;
  material_name: string | null;
  material_type: number | null;
  url: string | null;
  file_size: number | null;
  width: number | null;
  height: number | null;
  sort_no: number | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface GameMessageTable {
  id: string;
  title: string | null;
  content: string | null;
  msg_type: number | null;
  target_type: number | null;
  target_ids: string | null;
  send_status: number | null;
  send_time: string | null;
  read_count: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

export interface PolicyTable {
  id: string;
  policy_type: number | null;
  title: string | null;
  content: string | null;
  version: string | null;
  effective_time: string | null;
  status: number | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

/** The game tables, merged into `Database` (schema.ts). */
export interface GameTables {
  book_user: BookUserTable;
  pirate_ship: PirateShipTable;
  ship_table: ShipTableTable;
  great_line: GreatLineTable;
  sign_place: SignPlaceTable;
  user_sign_place: UserSignPlaceTable;
  bracelet: BraceletTable;
  activity_task: ActivityTaskTable;
  user_task_record: UserTaskRecordTable;
  pirate_rank: PirateRankTable;
  pirate_score: PirateScoreTable;
  user_score_history: UserScoreHistoryTable;
  bounty_rank: BountyRankTable;
  honor: HonorTable;
  user_honor: UserHonorTable;
  treasure_chest: TreasureChestTable;
  question_bank: QuestionBankTable;
  user_question_record: UserQuestionRecordTable;
  user_question_score: UserQuestionScoreTable;
  book_reservation_info: BookReservationInfoTable;
  goods: GoodsTable;
  game_order: GameOrderTable;
  pay_callback_record: PayCallbackRecordTable;
  picture_material: PictureMaterialTable;
  game_message: GameMessageTable;
  policy: PolicyTable;
  game_message_read: GameMessageReadTable;
  pirate_bounty_count: PirateBountyCountTable;
  pirate_bounty_bucket: PirateBountyBucketTable;
  user_treasure_chest: UserTreasureChestTable;
  game_device: GameDeviceTable;
  chest_password_attempt: ChestPasswordAttemptTable;
  pay_notify_claim: PayNotifyClaimTable;
  book_slot_capacity: BookSlotCapacityTable;
  book_slot_usage: BookSlotUsageTable;
}

/** A player's read mark of a 消息 (migration 0018; unique (message_id, user_id)). */
export interface GameMessageReadTable {
  id: string;
  message_id: string;
  user_id: string;
  read_time: string | null;
}

/** Players per positive bounty value, kept by the score ledger (migration 0014): the live board's "my position". */
export interface PirateBountyCountTable {
  bounty: number;
  /** One of BOUNTY_COUNT_SHARDS rows per value (migration 0025): the count is the sum over the shards. */
  shard: Generated<number>;
  players: number;
}

/** Players per coarse bounty range [bucket, bucket + BOUNTY_BUCKET_WIDTH) (migration 0024), kept by the ledger. */
export interface PirateBountyBucketTable {
  bucket: number;
  /** As PirateBountyCountTable.shard. */
  shard: Generated<number>;
  players: number;
}

/** A chest opening (migration 0016): UQ (reservation_id, user_id, chest_id) makes an opening score once. */
export interface UserTreasureChestTable {
  id: string;
  user_id: string;
  chest_id: string;
  reservation_id: string;
  ship_id: string | null;
  open_time: string | null;
  reward_type: number | null;
  reward_value: number | null;
  reward_goods_id: string | null;
  reward_honor_id: string | null;
  score_gained: number | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

/** Places of a time slot on one date, or (reserve_date null) the slot's default (migration 0015). */
export interface BookSlotCapacityTable {
  id: string;
  time_slot: string;
  reserve_date: string | null;
  capacity: number;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

/** A device key (设备管理, migration 0016): key_id public and unique, secret sealed (secretBox), status valid_status. */
export interface GameDeviceTable {
  id: string;
  device_name: string | null;
  device_type: number | null;
  sign_place_id: string | null;
  key_id: string;
  secret: string | null;
  status: number | null;
  last_seen_time: string | null;
  revoke_time: string | null;
  remark: string | null;
  create_by: string | null;
  create_time: string | null;
  update_by: string | null;
  update_time: string | null;
  sys_org_code: string | null;
}

/** Wrong chest password guesses in a row of a player at a chest (migration 0027; unique (user_id, chest_id)). */
export interface ChestPasswordAttemptTable {
  id: string;
  user_id: string;
  chest_id: string;
  failures: Generated<number>;
  last_failure_time: string | null;
}

/** migrations/0017_pay_notify_claim.ts: one row per processed (transaction_id, notify_type) pay callback. */
export interface PayNotifyClaimTable {
  id: string;
  transaction_id: string;
  notify_type: number;
  order_no: string | null;
  callback_id: string | null;
  create_time: string | null;
}

/** Places booked per (date, slot): moved only by conditional UPDATEs (migration 0015). */
export interface BookSlotUsageTable {
  id: string;
  reserve_date: string;
  time_slot: string;
  booked: number;
  update_time: string | null;
}
