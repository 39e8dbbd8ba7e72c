import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, unique, type TableSpec } from './ddl.js';

/**
 * The user's own settings (issue 14 point 6, 个人设置 → 个性化设置 / 新消息通知): one row per (user, key), the value the
 * JSON text of one setting (at most 200 characters; the keys and values are checked by the account module's zod
 * schema, modules/system/account/settings.ts). Types: server/src/db/schema.ts `SysUserSettingTable`.
 */
export const USER_SETTING_TABLES: Record<string, TableSpec> = {
  sys_user_setting: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['user_id', 'varchar(32)', { notNull: true }],
      ['setting_key', 'varchar(64)', { notNull: true }],
      ['value', 'varchar(200)', { notNull: true }],
      ['update_time', 'datetime'],
    ],
    indexes: [unique('uk_sys_user_setting', 'user_id', 'setting_key')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, USER_SETTING_TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(USER_SETTING_TABLES));
}
