/** 设备管理's own calls (issue 13 point 5): add answers the issued key; revoke; rotate answers the new key. */
import type { GameDeviceIssued } from '@pk/contract';
import { http } from '../../../api/request';

export const addDevice = (body: Record<string, unknown>) => http.post<GameDeviceIssued>('/device/gameDevice/add', body);
export const revokeDevice = (id: string) => http.post<null>('/device/gameDevice/revoke', { id });
export const rotateDevice = (id: string) => http.post<GameDeviceIssued>('/device/gameDevice/rotate', { id });
