import { MSG } from '../../../core/messages.js';

/** The venue's texts (issue 13): players, ships and crews, great lines and places. */
export const VENUE_MSG = {
  notFound: MSG.notFound,
  shipMissing: '海盗船不存在',
  lineMissing: '伟大航路不存在',
  placeMissing: '签到点不存在',
  playerMissing: '船员不存在或已删除',
  playerOnOtherShip: (name: string) => `「${name}」已在其他海盗船上`,
  crewFull: (max: number) => `船员人数不能超过最大人数${max}`,
  alreadyCrew: '该玩家已是这艘船的船员',
  crewDuplicate: '船员列表中有重复的玩家',
  crewRowBad: '船员列表格式不正确',
  crewMemberRequired: '船员不能为空',
  crewMoved: '不能修改船员所在的海盗船或玩家，请删除后重新添加',
  placeOnOtherLine: (name: string) => `签到点「${name}」属于其他航路`,
  playerOnShip: (names: string) => `玩家「${names}」仍在海盗船上，请先移出船员`,
  placeIdsBad: '签到点列表格式不正确',
  lineIdRequired: '航路id不能为空',
  sorted: '排序成功',
  maxMembersBad: '最大人数必须是正整数',
  lineHasPlaces: '该航路下还有签到点，请先移出签到点',
} as const;
