/** Texts more than one game module sends (each module's own texts stay in its `<AREA>_MSG`). */
export const GAME_MSG = {
  playerNotFound: '未找到该玩家',
  playerMissing: '玩家不存在',
  answerRequired: '答案不能为空',
} as const;
