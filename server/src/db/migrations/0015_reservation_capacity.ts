import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.js';
import { createTables, dropTables, index, unique, type TableSpec } from './ddl.js';

/**
 * Reservation capacity (issue 13 point 3): `book_slot_capacity` holds the places of a time slot, for one date or
 * (reserve_date null) the default of the slot; `book_slot_usage` one counter row per (date, slot), moved only by a
 * conditional UPDATE (`booked + n <= capacity`) inside the booking's transaction, so parallel bookings never exceed it.
 */
export const RESERVATION_TABLES: Record<string, TableSpec> = {
  book_slot_capacity: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['time_slot', 'varchar(20)', { notNull: true }],
      ['reserve_date', 'date'],
      ['capacity', 'int', { notNull: true, default: 0 }],
      ['create_by', 'varchar(50)'],
      ['create_time', 'datetime'],
      ['update_by', 'varchar(50)'],
      ['update_time', 'datetime'],
    ],
    indexes: [index('idx_book_slot_capacity', 'time_slot', 'reserve_date')],
  },
  book_slot_usage: {
    columns: [
      ['id', 'varchar(32)', { pk: true }],
      ['reserve_date', 'date', { notNull: true }],
      ['time_slot', 'varchar(20)', { notNull: true }],
      ['booked', 'int', { notNull: true, default: 0 }],
      ['update_time', 'datetime'],
    ],
    indexes: [unique('uk_book_slot_usage', 'reserve_date', 'time_slot')],
  },
};

export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await createTables(db, dialect, RESERVATION_TABLES);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, Object.keys(RESERVATION_TABLES));
}
