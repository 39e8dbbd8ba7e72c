/** Texts of the Redis监控 and Redis终端 pages (issue 14 point 2). */
export const REDIS_UI_MSG = {
  infoHeading: 'Redis 详细信息',
  keysHeading: 'Redis Key 实时数量',
  memoryHeading: 'Redis 内存实时占用情况（KB）',
  keysSeries: 'Key 数量',
  memorySeries: '内存占用（KB）',
  livePaused: '已暂停（页面不在前台）',
  liveOn: '每 3 秒刷新',
  terminalHeading: 'Redis 终端（只读）',
  terminalHint: '只允许只读命令；会话、令牌、验证码等密钥类键的值不可读取。方向键 ↑ ↓ 翻看历史命令。',
  commandPlaceholder: '输入命令后回车，如: INFO memory',
  run: '执行',
  clearScreen: '清屏',
  allowed: '可用命令',
  truncatedNote: '（回答过长，已截断）',
  loadFailed: '加载失败',
} as const;
