/** The shell's user calls: password change, department switch, dictionary cache (contract §3.6, §6.2). */
import { http } from './request';
import type { Depart, DictMap, UserInfo } from './auth';

export interface PasswordChange {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** PUT sys/user/updatePassword (contract §14: PUT, not POST). */
export const updatePassword = (p: PasswordChange) => http.put<unknown>('sys/user/updatePassword', p);

/** GET /sys/user/getCurrentUserDeparts → {list, orgCode} */
export const getCurrentUserDeparts = () => http.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts');

/** PUT /sys/selectDepart {orgCode, username} → {userInfo} */
export const selectDepart = (orgCode: string, username: string) => http.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username });

/** GET sys/dict/refleshCache (server-side dictionary caches) */
export const refreshDictCache = () => http.get<unknown>('sys/dict/refleshCache');

/** GET sys/dict/queryAllDictItems → {dictCode: items} */
export const queryAllDictItems = () => http.get<DictMap>('sys/dict/queryAllDictItems');
