import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, page } from '../../../core/envelope/result.js';
import { paging, param, queryParams, type RawParams } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import type { UserKit } from './kit.js';
import { addressList, addressListByDepart } from './directory.service.js';
import { MSG } from '../../../core/messages.js';
import { PAGING_QUERY, queryOf } from '../../../core/http/routeSchemas.js';

const ADDRESS_QUERY = queryOf({ ...PAGING_QUERY, orgCode: '部门编码', realname: '姓名', workNo: '工号' });

/** `orgCode` (a department code prefix; letters and digits), `realname` and `workNo` of the address-list searches. */
function addressParams(q: RawParams): { orgCode?: string; realname?: string; workNo?: string } {
  const orgCode = param(q, 'orgCode')?.trim();
  if (orgCode && !/^[A-Za-z0-9]{1,64}$/.test(orgCode)) throw new BadRequestError('参数orgCode格式不正确');
  return { orgCode, realname: param(q, 'realname')?.trim(), workNo: param(q, 'workNo')?.trim() };
}

/**
 * 通讯录 (contract §12.1): users of a department subtree (by org code prefix) with their departments —
 * queryByOrgCodeForAddressList (a row a user, department names joined) and queryByOrgCode (a row a user and
 * department, ordered by department code).
 */
export function userAddressListRoutes(app: FastifyInstance, kit: UserKit): void {
  app.get('/sys/user/queryByOrgCodeForAddressList', { config: perm(PERM.user.addressList), schema: { querystring: ADDRESS_QUERY } }, async (req) => {
    const q = queryParams(req);
    const pg = paging(q);
    const { records, total } = await addressList(kit, req, addressParams(q), pg);
    return ok(page(records, total, pg.pageNo, pg.pageSize));
  });

  app.get('/sys/user/queryByOrgCode', { config: perm(PERM.user.addressList), schema: { querystring: ADDRESS_QUERY } }, async (req) => {
    const q = queryParams(req);
    const pg = paging(q);
    const { orgCode, realname, workNo } = addressParams(q);
    if (!orgCode) throw new BadRequestError(MSG.orgCodeRequired);
    const { records, total } = await addressListByDepart(kit, req, { orgCode, realname, workNo }, pg);
    return ok(page(records, total, pg.pageNo, pg.pageSize));
  });
}
