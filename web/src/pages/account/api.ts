/**
 * The signed-in user's own account (issue 14 point 6): `/sys/user/account/*` — profile with departments and roles,
 * the whitelisted 基本设置 save, recent operations, own sessions and 退出其他会话. The settings calls are in
 * store/accountSettings.ts (the stores use them).
 */
import type { UserInfo } from '../../api/auth';
import { http } from '../../api/request';

export interface AccountProfile {
  userInfo: UserInfo & {
    email?: string | null;
    phone?: string | null;
    birthday?: string | null;
    sex?: number | null;
    workNo?: string | null;
    post?: string | null;
    createTime?: string | null;
  };
  departs: { id: string; departName: string; orgCode: string; current: boolean }[];
  roles: { id: string; roleName: string; roleCode: string }[];
}

export interface ProfileEdit {
  realname: string;
  avatar?: string | null;
  email?: string | null;
  birthday?: string | null;
  sex?: number | null;
}

export interface OwnOperation {
  id: string;
  logContent: string | null;
  method: string | null;
  requestType: string | null;
  ip: string | null;
  costTime: number | null;
  createTime: string | null;
}

export interface OwnSession {
  id: string;
  current: boolean;
  device: string;
  userAgent: string;
  ip: string;
  loginTime: string;
  lastSeen: string;
}

export const ACCOUNT_URL = {
  profile: '/sys/user/account/profile',
  operations: '/sys/user/account/operations',
  sessions: '/sys/user/account/sessions',
  endOthers: '/sys/user/account/sessions/endOthers',
} as const;

export const ACCOUNT_KEYS = {
  profile: ['account', 'profile'] as const,
  operations: ['account', 'operations'] as const,
  sessions: ['account', 'sessions'] as const,
};

async function result<T>(p: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const res = await p;
  if (!res.success) throw new Error(res.message);
  return res.result;
}

export const fetchProfile = () => result(http.get<AccountProfile>(ACCOUNT_URL.profile));
export const saveProfile = (edit: ProfileEdit) => http.put<AccountProfile['userInfo']>(ACCOUNT_URL.profile, edit);
export const fetchOperations = (limit = 10) => result(http.get<OwnOperation[]>(ACCOUNT_URL.operations, { limit }));
export const fetchSessions = () => result(http.get<OwnSession[]>(ACCOUNT_URL.sessions));
export const endOtherSessions = () => http.post<{ ended: number }>(ACCOUNT_URL.endOthers, {});
