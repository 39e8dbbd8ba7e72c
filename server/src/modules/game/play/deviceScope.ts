import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { BizError } from '../../../core/envelope/errors.js';
import { PLAY_MSG, type Player } from './common.js';
import type { DeviceCaller } from './device.service.js';

/**
 * What a device may do (issue 23 point 13): a device acts only as its type (dictionary `game_device_type`) and only at
 * the sign-in place it is bound to on 设备管理 — a sign-in reader signs players in there, a question terminal takes
 * answers to that place's questions (or free ones), a chest reader opens that place's chests; answering and opening
 * also need the player's sign-in at that place in the reservation. Staff calls have no scope and are unchanged.
 * The checks run before the play call (the TypeScript path and PostgreSQL's functions alike).
 */
export const DEVICE_TYPE = {
  signIn: { type: 1, kind: '签到机', action: '签到' },
  answer: { type: 2, kind: '答题机', action: '答题' },
  chest: { type: 3, kind: '宝箱设备', action: '开启宝箱' },
} as const;

/** The place a device call acts at: its device's sign-in place. */
export interface DeviceScope {
  placeId: string;
}

/** A device call's scope: the device of the right type and bound to a place, else refused. */
export function deviceScope(device: DeviceCaller, as: (typeof DEVICE_TYPE)[keyof typeof DEVICE_TYPE]): DeviceScope {
  if (Number(device.deviceType) !== as.type) throw new BizError(PLAY_MSG.deviceWrongType(as.kind, as.action));
  if (!device.signPlaceId) throw new BizError(PLAY_MSG.deviceUnbound);
  return { placeId: device.signPlaceId };
}

/**
 * A question or chest at `itemPlaceId` may be played by a device of `scope`: it is at the device's place (a question
 * without a place is free: any question terminal), and the player signed in there in this reservation.
 */
export async function checkDevicePlay(
  db: Kysely<Database>,
  scope: DeviceScope,
  player: Player,
  item: { placeId: string | null; freeAllowed: boolean; elsewhere: string },
): Promise<void> {
  if (item.placeId ? item.placeId !== scope.placeId : !item.freeAllowed) throw new BizError(item.elsewhere);
  const row = await db
    .selectFrom('sign_place as sp')
    .leftJoin('user_sign_place as u', (j) =>
      j.onRef('u.sign_place_id', '=', 'sp.id').on('u.reservation_id', '=', player.reservationId).on('u.user_id', '=', player.userId),
    )
    .select(['sp.place_name', 'u.id as signed'])
    .where('sp.id', '=', scope.placeId)
    .executeTakeFirst();
  if (!row) throw new BizError(PLAY_MSG.placeNotFound);
  if (!row.signed) throw new BizError(PLAY_MSG.signInFirst(row.place_name || '本签到点'));
}
