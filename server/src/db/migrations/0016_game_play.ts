import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type ColumnSpec, type TableSpec } from './ddl.js';

/**
 * Issue 13 point 5 (play): the chest openings (`user_treasure_chest`: one row per player, chest and reservation —
 * the unique key decides that an opening scores once) and the devices that call the play endpoints (`game_device`:
 * a public key id and a sealed HMAC secret). Types: server/src/db/gameSchema.ts.
 */
const COMMON: ColumnSpec[] = [
  ['create_by', 'varchar(50)'],
  ['create_time', 'datetime'],
  ['update_by', 'varchar(50)'],
  ['update_time', 'datetime'],
  ['sys_org_code', 'varchar(64)'],
];
const ID: ColumnSpec = ['id', 'varchar(32)', { pk: true }];

export const PLAY_TABLES: Record<string, TableSpec> = {
  user_treasure_chest: {
    columns: [
      ID,
      ['user_id', 'varchar(32)', { notNull: true }],
      ['chest_id', 'varchar(32)', { notNull: true }],
      ['reservation_id', 'varchar(32)', { notNull: true }],
      ['ship_id', 'varchar(32)'],
      ['open_time', 'datetime'],
      ['reward_type', 'int'],
      ['reward_value', 'int'],
      ['reward_goods_id', 'varchar(32)'],
      ['reward_honor_id', 'varchar(32)'],
      ['score_gained', 'int', { default: 0 }],
      ['remark', 'varchar(255)'],
      ...COMMON,
    ],
    indexes: [unique('uk_user_treasure_chest', 'reservation_id', 'user_id', 'chest_id'), index('idx_user_treasure_chest_user', 'user_id')],
  },
  game_device: {
    columns: [
      ID,
      ['device_name', 'varchar(100)'],
      ['device_type', 'int'],
      ['sign_place_id', 'varchar(32)'],
      ['key_id', 'varchar(64)', { notNull: true }],
      ['secret', 'varchar(255)'],
      ['status', 'int', { default: 1 }],
      ['last_seen_time', 'datetime'],
      ['revoke_time', 'datetime'],
      ['remark', 'varchar(255)'],
      ...COMMON,
    ],
    indexes: [unique('uk_game_device_key', 'key_id')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, PLAY_TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(PLAY_TABLES));
}
