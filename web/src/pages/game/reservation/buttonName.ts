import { bookReservationInfoEntity } from '@pk/contract';

/** A lifecycle button's name as the definition (and its seeded button row) says it: 确认, 取消预约, 签到, 离场, 时段容量. */
export const buttonName = (action: string): string => bookReservationInfoEntity.menu?.buttons?.find((b) => b.action === action)?.name ?? action;
