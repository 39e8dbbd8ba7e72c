/** Login, captcha, logout and the permission payload (contract §3, §4.1). */
import { http } from './request';
import type { UserPermissionPayload } from '@pk/contract';

export interface UserInfo {
  id: string;
  username: string;
  realname?: string;
  avatar?: string | null;
  orgCode?: string | null;
  orgCodeTxt?: string | null;
  [key: string]: unknown;
}

export interface Depart {
  id: string;
  orgCode: string;
  departName: string;
  [key: string]: unknown;
}

export interface Tenant {
  id: number | string;
  name: string;
  [key: string]: unknown;
}

export interface DictItem {
  value: string;
  text: string;
  title?: string;
  label?: string;
}

export type DictMap = Record<string, DictItem[]>;

export interface LoginResult {
  token: string;
  userInfo: UserInfo;
  departs?: Depart[];
  /** 0 none, 1 one, 2 several (the client shows a chooser) */
  multi_depart?: number;
  sysAllDictItems?: DictMap;
  tenantList?: Tenant[];
}

export interface LoginParams {
  username: string;
  password: string;
  captcha: string;
  checkKey: string | number;
  remember_me?: boolean;
}

/** POST /sys/login — success only when code is 200 (contract §1.1). */
export const login = (p: LoginParams) => http.post<LoginResult>('/sys/login', p);

/** GET /sys/randomImage/{key} — result is an image data URL. */
export const randomImage = (key: string | number) => http.get<string>(`/sys/randomImage/${key}`);

/** POST /sys/logout with the token header. */
export const logoutCall = (token: string) => http.post<unknown>('/sys/logout', {}, { headers: { 'X-Access-Token': token }, silent: true });

/** GET /sys/permission/getUserPermissionByToken */
export const getUserPermission = () => http.get<UserPermissionPayload>('/sys/permission/getUserPermissionByToken');
