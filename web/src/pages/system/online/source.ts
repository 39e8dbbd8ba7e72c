/** The list of 在线用户 (`GET /sys/online/list`), shared by the page and the route prefetch (views/prefetch.ts). */
import { listSource } from '../../../crud/listSource';

/** One live session as the server lists it (`token` is the session id, never the JWT). */
export interface OnlineUser {
  id: string;
  token: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  birthday: string | null;
  sex: string | number | null;
  sex_dictText: string | null;
  phone: string | null;
  loginTime?: string;
  ip?: string | null;
}

export const onlineSource = listSource<OnlineUser>({ key: ['online-users'], url: '/sys/online/list' });
