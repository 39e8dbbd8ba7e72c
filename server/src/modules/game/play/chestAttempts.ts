import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../../../db/connection.js';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { newId } from '../../../core/id.js';
import { formatDateTime, now } from '../../../core/time.js';
import { PLAY_MSG } from './common.js';

/** Wrong chest password guesses a player has at one chest before it is locked for them (device calls). */
export const CHEST_PASSWORD_LIMIT = 5;
/** The lock lasts this long after the last wrong guess; then the count starts over. */
export const CHEST_LOCK_MS = 30 * 60_000;

/** A `yyyy-MM-dd HH:mm:ss` venue time moved by ms. */
const shifted = (time: string, ms: number): string => formatDateTime(new Date(Date.parse(`${time.replace(' ', 'T')}+08:00`) + ms));

/**
 * A device's chest password guess (issue 23 point 13), counted in `chest_password_attempt` (migration 0027) per player
 * and chest. The guess first takes an attempt by one conditional UPDATE (fewer than CHEST_PASSWORD_LIMIT wrong guesses
 * in a row, or the last one older than the lock window: the count starts over) — decided by the database, so parallel
 * guesses on any node never get past the limit — and only then is the password compared: a right one gives its
 * attempt back, a wrong one keeps it. Locked (no attempt taken): refused until 30 minutes after the last wrong guess,
 * even with the right password; staff (who see the password on 宝箱) can still open the chest for the player.
 */
export async function guessChestPassword(
  db: Kysely<Database>,
  dialect: DialectName,
  userId: string,
  chestId: string,
  given: string,
  expected: string,
): Promise<void> {
  const ins = db.insertInto('chest_password_attempt').values({ id: newId(), user_id: userId, chest_id: chestId, failures: 0 });
  await (dialect === 'mysql' ? ins.ignore() : ins.onConflict((oc) => oc.columns(['user_id', 'chest_id']).doNothing())).execute();
  const time = now();
  const cutoff = shifted(time, -CHEST_LOCK_MS);
  // failures first: MySQL assigns left to right, so it reads the old last_failure_time as the others do
  const claim = (tx: Kysely<Database>) =>
    tx
      .updateTable('chest_password_attempt')
      .set({
        failures: sql<number>`case when last_failure_time is null or last_failure_time <= ${cutoff} then 1 else failures + 1 end`,
        last_failure_time: time,
      })
      .where('user_id', '=', userId)
      .where('chest_id', '=', chestId)
      .where((eb) => eb.or([eb('failures', '<', CHEST_PASSWORD_LIMIT), eb('last_failure_time', '<=', cutoff)]));
  const failures: number | null =
    dialect === 'mysql'
      ? // no RETURNING on MariaDB's UPDATE: read the row while this transaction still holds its lock
        await db.transaction().execute(async (tx) => {
          if (Number((await claim(tx).executeTakeFirst()).numUpdatedRows) !== 1) return null;
          const r = await tx
            .selectFrom('chest_password_attempt')
            .select('failures')
            .where('user_id', '=', userId)
            .where('chest_id', '=', chestId)
            .executeTakeFirst();
          return Number(r?.failures);
        })
      : ((await claim(db).returning('failures').executeTakeFirst())?.failures ?? null);
  if (failures === null) {
    const r = await db
      .selectFrom('chest_password_attempt')
      .select('last_failure_time')
      .where('user_id', '=', userId)
      .where('chest_id', '=', chestId)
      .executeTakeFirst();
    throw new BizError(PLAY_MSG.chestLocked(shifted(r?.last_failure_time ?? time, CHEST_LOCK_MS).slice(11, 16)));
  }
  if (given.trim() === expected.trim()) {
    await db
      .updateTable('chest_password_attempt')
      .set({ failures: sql<number>`failures - 1` })
      .where('user_id', '=', userId)
      .where('chest_id', '=', chestId)
      .where('failures', '>', 0)
      .execute();
    return;
  }
  const left = CHEST_PASSWORD_LIMIT - Number(failures);
  throw new BizError(
    left > 0 ? PLAY_MSG.wrongPasswordLeft(left) : PLAY_MSG.wrongPasswordLocked(CHEST_PASSWORD_LIMIT, shifted(time, CHEST_LOCK_MS).slice(11, 16)),
  );
}
