import { defineEntity } from '../../entity';

/**
 * 预约信息 (book_reservation_info, jeecg-schema §4.3; issue 13 points 3 and 4). A staff add is a booking: the server
 * takes the places of the date and time slot (capacity, one conditional UPDATE) in the add's transaction and gives
 * the reservation its number (fill rule `reservation_num`). Lifecycle (reservation_status): 0 待确认 → 1 已确认
 * (confirm) → 2 已签到 (checkIn, at the 签到台) → 3 已完成 (checkOut); 0|1 → 4 已取消 (cancel); 1 → 5 未到场 (the
 * no-show job). Each transition is one endpoint with its own button code.
 */
export const bookReservationInfoEntity = defineEntity({
  key: 'bookReservationInfo',
  title: '预约信息',
  api: '/book/bookReservationInfo',
  table: 'book_reservation_info',
  perm: 'bookReservationInfo',
  menu: {
    group: 'game',
    name: '预约信息',
    url: '/game/bookReservationInfo',
    component: 'game/BookReservationInfoList',
    sort: 8,
    buttons: [
      { action: 'confirm', name: '确认' },
      { action: 'cancel', name: '取消预约' },
      { action: 'checkIn', name: '签到' },
      { action: 'checkOut', name: '离场' },
      { action: 'capacity', name: '时段容量' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'reservationNo', label: '预约编号', type: 'string', filter: 'like', sort: true, form: false, maxLength: 32 },
    { prop: 'userId', label: '预约玩家', type: 'string', dict: 'book_user,nickname,id', ref: '/book/user/userList', filter: 'eq', maxLength: 32 },
    { prop: 'contactName', label: '联系人', type: 'string', filter: 'like', sort: true, required: true, maxLength: 50 },
    { prop: 'contactPhone', label: '联系电话', type: 'string', format: 'mobile', filter: 'like', required: true, maxLength: 20 },
    { prop: 'reserveDate', label: '预约日期', type: 'date', filter: 'range', sort: true, required: true },
    { prop: 'timeSlot', label: '预约时段', type: 'string', dict: 'reservation_slot', filter: 'eq', sort: true, required: true, maxLength: 20 },
    { prop: 'peopleCount', label: '人数', type: 'number', sort: true, required: true },
    { prop: 'greatLineId', label: '伟大航路', type: 'string', dict: 'great_line,line_name,id', filter: 'eq', maxLength: 32 },
    { prop: 'shipId', label: '海盗船', type: 'string', dict: 'pirate_ship,ship_name,id', ref: '/book/pirateShip/shipList', form: false, maxLength: 32 },
    { prop: 'status', label: '状态', type: 'number', dict: 'reservation_status', filter: 'eq', sort: true, form: false },
    { prop: 'checkInTime', label: '签到时间', type: 'datetime', sort: true, form: false },
    { prop: 'finishTime', label: '完成时间', type: 'datetime', sort: true, form: false, list: false },
    { prop: 'cancelTime', label: '取消时间', type: 'datetime', sort: true, form: false, list: false },
    { prop: 'cancelReason', label: '取消原因', type: 'string', form: false, list: false, maxLength: 255 },
    { prop: 'remark', label: '备注', type: 'string', list: false, maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** reservation_status values. */
export const RESERVATION_STATUS = { pending: 0, confirmed: 1, checkedIn: 2, completed: 3, cancelled: 4, noShow: 5 } as const;

/** The most people one reservation books. */
export const RESERVATION_MAX_PEOPLE = 20;

/** 签到台 (check-in desk): an entity-less menu under 游戏管理 with one code. */
export const CHECK_IN_DESK = {
  name: '签到台',
  url: '/game/checkInDesk',
  component: 'game/CheckInDesk',
  perms: { use: 'checkInDesk:use' },
} as const;

/** A row of `GET /book/bookReservationInfo/capacityList`: a slot's places for one date or (reserveDate null) by default. */
export interface SlotCapacityRow {
  id: string;
  timeSlot: string;
  reserveDate: string | null;
  capacity: number;
}

/** `GET /book/bookReservationInfo/slotUsage?reserveDate=`: per slot, the places and how many are booked. */
export interface SlotUsageRow {
  timeSlot: string;
  capacity: number;
  booked: number;
}

/** One player of a check-in: an existing player (userId) or a new one (nickname + phone), with a bracelet number. */
export interface CheckInPlayer {
  userId?: string;
  nickname?: string;
  phone?: string;
  braceletNo: string;
}

/** `POST /book/bookReservationInfo/checkIn`. */
export interface CheckInBody {
  id: string;
  players: CheckInPlayer[];
  /** Form a new ship (shipName) or join a sailing one (shipId). */
  shipMode: 'new' | 'join';
  shipName?: string;
  shipId?: string;
}

/** What a check-in answers. */
export interface CheckInResult {
  shipId: string;
  shipNo: string | null;
  shipName: string | null;
  userIds: string[];
}

/** A sailing ship with free places (`GET /book/bookReservationInfo/deskShips`). */
export interface DeskShip {
  id: string;
  shipNo: string | null;
  shipName: string | null;
  memberCount: number;
  maxMembers: number;
}

/** A player found by the desk (`GET /book/bookReservationInfo/deskPlayers`). */
export interface DeskPlayer {
  id: string;
  nickname: string | null;
  phone: string | null;
  braceletId: string | null;
}
