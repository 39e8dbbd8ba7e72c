import { defineEntity } from '../../entity';
import { GAME_REF_DICT, GAME_REF_URL } from './quest';

/**
 * 设备管理 (game_device, issue 13 point 5): the keys of the check-in machines, answer terminals and chests that call
 * `/device/signIn`, `/device/answer` and `/device/openChest`. Adding a device issues its key: the server makes the
 * public `keyId` and a random secret, seals the secret at rest and answers it ONCE (`GameDeviceIssued`). 吊销
 * (`revoke`) refuses the key at once on every node; 更换密钥 (`rotate`) issues a new secret under the same key id.
 */
export const gameDeviceEntity = defineEntity({
  key: 'gameDevice',
  title: '设备管理',
  api: '/device/gameDevice',
  table: 'game_device',
  perm: 'gameDevice',
  // add answers the issued key (its own shape); an import would make devices without a secret
  ownShapeRoutes: ['add'],
  omitRoutes: ['importExcel'],
  menu: {
    group: 'game',
    name: '设备管理',
    url: '/game/gameDevice',
    component: 'game/GameDeviceList',
    sort: 27,
    actions: ['add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
    buttons: [
      { action: 'revoke', name: '吊销' },
      { action: 'rotate', name: '更换密钥' },
    ],
  },
  defaultSort: { prop: 'createTime', order: 'desc' },
  fields: [
    { prop: 'deviceName', label: '设备名称', type: 'string', filter: 'like', sort: true, required: true, maxLength: 100 },
    { prop: 'deviceType', label: '设备类型', type: 'number', dict: 'game_device_type', filter: 'eq', sort: true, required: true },
    // a device acts only at its own place (issue 23 point 13: an unbound device does nothing), so the place is required
    {
      prop: 'signPlaceId',
      label: '签到点',
      type: 'string',
      dict: GAME_REF_DICT.signPlace,
      filter: 'eq',
      required: true,
      maxLength: 32,
      ref: GAME_REF_URL.signPlace,
    },
    { prop: 'keyId', label: '密钥ID', type: 'string', filter: 'eq', form: false, maxLength: 64 },
    { prop: 'status', label: '状态', type: 'number', dict: 'valid_status', filter: 'eq', sort: true, form: false },
    { prop: 'lastSeenTime', label: '最近调用时间', type: 'datetime', sort: true, form: false },
    { prop: 'revokeTime', label: '吊销时间', type: 'datetime', sort: true, form: false },
    { prop: 'remark', label: '备注', type: 'string', list: false, maxLength: 255 },
    { prop: 'createTime', label: '创建时间', type: 'datetime', sort: true, form: false, excel: false, list: false },
  ],
});

/** The answer of `POST /device/gameDevice/add` and `/rotate`: the secret is shown this once and never again. */
export interface GameDeviceIssued {
  id: string;
  keyId: string;
  secret: string;
}

/**
 * The staff play calls' button codes (issue 13 point 5), on the menus of 用户签到, 用户答题记录 and 宝箱. Seeded as
 * button rows by the server's part `game-play-perms-v1` under those menus' rows.
 */
export const PLAY_PERMS = {
  signIn: 'userSignPlace:signIn',
  answer: 'userQuestionRecord:answer',
  openChest: 'treasureChest:open',
} as const;

/** Device call headers (HMAC-SHA256 over `${timestamp}\n${nonce}\n${METHOD}\n${path}\n${rawBody}`, hex). */
export const DEVICE_HEADERS = { key: 'x-device-key', timestamp: 'x-timestamp', nonce: 'x-nonce', signature: 'x-signature' } as const;

/** What a recorded sign-in, answer or chest opening answers (staff and devices alike). */
export interface PlayResult {
  /** The same call was recorded before: nothing changed, the stored result is answered again. */
  repeated: boolean;
  scoreGained: number;
  totalScore: number;
  availableScore: number;
  rankName?: string | null;
  /** Honors granted by this call. */
  honors: string[];
  /** Tasks completed by this call. */
  tasks: string[];
  /** Answers: whether it was right. */
  correct?: boolean;
  /** Chests: the reward note (goods, honor, bounty). */
  reward?: string | null;
}
