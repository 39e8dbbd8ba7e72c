import { defineEntity } from '../../entity';

/**
 * 图片素材 (picture_material, issue 13 point 10): `url` is an uploaded image (`/sys/common/upload` path); the server
 * fills `fileSize`, `width` and `height` from the stored file when it can read it, else keeps what the form sent.
 */
export const pictureMaterialEntity = defineEntity({
  key: 'pictureMaterial',
  title: '图片素材',
  api: '/content/pictureMaterial',
  table: 'picture_material',
  perm: 'pictureMaterial',
  menu: { group: 'game', name: '图片素材', url: '/game/pictureMaterial', component: 'game/PictureMaterialList', sort: 24 },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'materialName', label: '素材名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'materialType', label: '素材类型', type: 'number', dict: 'material_type', filter: 'eq', sort: true, required: true },
    { prop: 'url', label: '图片', type: 'string', widget: 'image', required: true, maxLength: 500 },
    { prop: 'fileSize', label: '文件大小(字节)', type: 'number', sort: true },
    { prop: 'width', label: '宽度(px)', type: 'number' },
    { prop: 'height', label: '高度(px)', type: 'number' },
    { prop: 'sortNo', label: '排序', type: 'number', sort: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq', sort: true },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/**
 * 消息 to players (game_message, issue 13 point 10): drafts (`sendStatus` 0) are sent (0→1) and revoked (1→2), each
 * a button of its own; `targetIds` is the comma list of players (targetType 2) or ships (3), none for all players (1).
 * The player-facing reads (`listByPlayer`, `read`) carry staff codes until a player app calls them.
 */
export const gameMessageEntity = defineEntity({
  key: 'gameMessage',
  title: '消息',
  api: '/content/gameMessage',
  table: 'game_message',
  perm: 'gameMessage',
  menu: {
    group: 'game',
    name: '消息',
    url: '/game/gameMessage',
    component: 'game/GameMessageList',
    sort: 25,
    buttons: [
      { action: 'send', name: '发送' },
      { action: 'revoke', name: '撤回' },
      { action: 'listByPlayer', name: '玩家消息' },
      { action: 'read', name: '标记已读' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'title', label: '标题', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'msgType', label: '消息类型', type: 'number', dict: 'game_msg_type', filter: 'eq', sort: true, required: true },
    { prop: 'targetType', label: '发送对象', type: 'number', dict: 'game_msg_target', filter: 'eq', sort: true, required: true },
    { prop: 'targetIds', label: '指定对象', type: 'text', list: false, maxLength: 20_000 },
    { prop: 'content', label: '内容', type: 'text', widget: 'editor', list: false, maxLength: 200_000 },
    { prop: 'sendStatus', label: '发送状态', type: 'number', dict: 'send_status', filter: 'eq', sort: true, form: false },
    { prop: 'sendTime', label: '发送时间', type: 'datetime', sort: true, form: false },
    { prop: 'readCount', label: '已读人数', type: 'number', sort: true, form: false },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/**
 * 政策协议 (policy, issue 13 point 10): versioned per type (unique (policyType, version)); a new version is a new row,
 * and the one in force is the enabled row with the greatest effectiveTime not after now (`/content/policy/current`).
 * List rows carry `current: true` for that row (tag 当前生效).
 */
export const policyEntity = defineEntity({
  key: 'policy',
  title: '政策协议',
  api: '/content/policy',
  table: 'policy',
  perm: 'policy',
  menu: { group: 'game', name: '政策协议', url: '/game/policy', component: 'game/PolicyList', sort: 26 },
  defaultSort: { prop: 'effectiveTime', order: 'desc' },
  fields: [
    { prop: 'policyType', label: '政策类型', type: 'number', dict: 'policy_type', filter: 'eq', sort: true, required: true },
    { prop: 'title', label: '标题', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'version', label: '版本号', type: 'string', filter: 'like', sort: true, required: true, maxLength: 20 },
    { prop: 'effectiveTime', label: '生效时间', type: 'datetime', filter: 'range', sort: true, required: true },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq', sort: true },
    { prop: 'content', label: '内容', type: 'text', widget: 'editor', list: false, maxLength: 500_000 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false },
  ],
});

/** A row of `GET /content/gameMessage/listByPlayer` (newest first). */
export interface PlayerMessage {
  id: string;
  title: string | null;
  content: string | null;
  msgType: number | null;
  msgType_dictText?: string;
  targetType: number | null;
  sendTime: string | null;
  /** The player has read it (a game_message_read row exists). */
  read: boolean;
  readTime: string | null;
}

/** `GET /book/user/profile?id=`: the player page's card and the counts of its sub-lists. */
export interface PlayerProfile {
  user: Record<string, unknown>;
  ship: { id: string; shipNo: string | null; shipName: string | null } | null;
  score: {
    totalScore: number;
    availableScore: number;
    usedScore: number;
    bounty: number;
    rankId: string | null;
    rankName: string | null;
    rankLevel: number | null;
    rankNo: number | null;
  };
  counts: { scoreHistory: number; honors: number; tasks: number; signIns: number; orders: number };
}
