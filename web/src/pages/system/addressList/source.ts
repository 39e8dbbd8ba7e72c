/** The people of 通讯录 (`GET /sys/user/queryByOrgCodeForAddressList`), shared by the page and the route prefetch. */
import { listSource } from '../../../crud/listSource';

export interface AddressRow {
  id: string;
  realname: string | null;
  workNo: string | null;
  departName: string | null;
  post: string | null;
  post_dictText?: string | null;
  telephone: string | null;
  phone: string | null;
  email: string | null;
}

export const addressSource = listSource<AddressRow>({ key: ['address-list'], url: '/sys/user/queryByOrgCodeForAddressList' });
