/** Lists of the department screens, shared by the pages and the route prefetch (views/prefetch.ts). */
import { listSource } from '../../../crud/listSource';
import type { DepartUser } from './service';

/** GET /sys/user/departUserList — users of the department and its sub-departments (a null result is none). */
export const departUsersSource = listSource<DepartUser>({ key: ['depart-users'], url: '/sys/user/departUserList' });
