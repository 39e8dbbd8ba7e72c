/** Texts of 预约信息, the capacity and the 签到台 (issue 13 points 3, 4). */
import { RESERVATION_MAX_PEOPLE } from '@pk/contract';
import { MSG } from '../../../core/envelope/errors.js';
import { GAME_MSG } from '../messages.js';

export const RES_MSG = {
  full: '该时段预约已满',
  fullLeft: (left: number) => `该时段预约已满，剩余${left}个名额`,
  pastDate: '不能预约今天之前的日期',
  slotEnded: '该时段已结束，不能预约',
  badSlot: '预约时段格式不正确（例如14:00-16:00）',
  badPeople: `预约人数应为1到${RESERVATION_MAX_PEOPLE}人`,
  notEditable: '只有待确认或已确认的预约可以修改日期、时段和人数',
  confirmed: '确认成功',
  cancelled: '取消成功',
  checkedIn: '签到成功',
  checkedOut: '离场成功',
  badTransition: (action: string, status: number | null) => `当前状态（${STATUS_TEXT[status ?? -1] ?? '未知'}）不能${action}`,
  notToday: '只能为今天的预约签到',
  noPlayers: '请至少录入一名玩家',
  tooManyPlayers: (n: number) => `签到人数不能超过预约人数（${n}人）`,
  playerNeeds: '新玩家需填写昵称和手机号',
  badPhone: (phone: string) => `手机号${phone}格式不正确`,
  phoneTaken: (phone: string) => `手机号${phone}已被其他玩家使用`,
  playerMissing: GAME_MSG.playerMissing,
  playerTwice: '同一玩家不能重复签到',
  playerBusy: (name: string) => `玩家${name}已绑定手环，请先离场`,
  braceletRequired: '请为每名玩家录入手环编号',
  braceletTwice: '同一手环不能绑定两名玩家',
  braceletTaken: (no: string) => `手环${no}已被占用`,
  braceletMissing: (no: string) => `手环${no}不存在`,
  braceletGone: (no: string) => `手环${no}已挂失或损坏`,
  braceletReleased: '手环已停用',
  shipNameRequired: '请填写船名',
  shipRequired: '请选择要加入的海盗船',
  shipFull: '该船已满员或不在航行中',
  capacitySaved: MSG.saved,
  capacityDeleted: MSG.deletedWide,
  badCapacity: '容量应为0到100000之间的整数',
} as const;

const STATUS_TEXT: Record<number, string> = { 0: '待确认', 1: '已确认', 2: '已签到', 3: '已完成', 4: '已取消', 5: '未到场' };
