import { gameDeviceEntity } from '@pk/contract';
import type { CrudBinding } from '../../../core/crud/index.js';
import { MSG } from '../../../core/messages.js';

export const DEVICE_MSG = {
  added: MSG.added,
  revoked: '吊销成功',
  rotated: '密钥已更换',
  alreadyRevoked: '该设备已吊销',
  /** unknown key, bad signature, malformed headers: one text, so a caller learns nothing about which part failed */
  unauthorized: '设备认证失败',
  stale: '请求时间戳无效',
  replayed: '请求已被使用',
  keyRevoked: '设备已吊销',
  idRequired: MSG.idRequired,
  notFound: MSG.notFound,
} as const;

/**
 * 设备管理 on the CRUD engine: `secret` (sealed, core/crypto/secretBox.ts) is a hidden column — never selected,
 * listed, exported or filtered; key id, status and the times are read-only on the wire. Add is the module's own
 * (it issues the key and answers the secret once); an Excel import would make devices without a key.
 */
export const gameDeviceBinding: CrudBinding = {
  entity: gameDeviceEntity,
  table: 'game_device',
  orgCode: true,
  hiddenColumns: ['secret'],
  readOnlyProps: ['keyId', 'status', 'lastSeenTime', 'revokeTime'],
  ownRoutes: ['add', 'importExcel'],
  hooks: {
    beforeSave(values, c) {
      // the key the add route issued (GameDeviceService.issue): its id and the sealed secret
      const device = c.extras.device as { keyId: string; secret: string } | undefined;
      if (!c.isNew || !device) return;
      values.keyId = device.keyId;
      values.secret = device.secret;
      values.status = 1;
    },
  },
};
