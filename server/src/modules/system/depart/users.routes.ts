import type { FastifyInstance, FastifyRequest } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { okMsg } from '../../../core/envelope/result.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { idList } from '../permission/grants.service.js';
import { q } from './rows.js';
import { bodyObject } from '../../../core/http/jsonBody.js';
import { addUsersToDepart, removeUsersFromDepart } from './users.service.js';
import { MSG } from '../../../core/messages.js';
import { bodyOf, list, queryOf } from '../../../core/http/routeSchemas.js';

/** Department users (contract §12.1, perm depart:users): editSysDepartWithUser, deleteUserInDepart(Batch). */
export function departUserRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.post(
    '/sys/user/editSysDepartWithUser',
    { config: perm(PERM.depart.users), schema: { body: bodyOf({ depId: '部门id', userIdList: list('用户id') }, { required: ['depId', 'userIdList'] }) } },
    async (req) => {
      const body = bodyObject(req.body);
      const depId = checkId(body.depId);
      const userIds = idList(body.userIdList, 'userIdList');
      if (!userIds.length) throw new BadRequestError(MSG.userIdListRequired);
      await addUsersToDepart(ctx, req, depId, userIds);
      return okMsg(MSG.addedAscii);
    },
  );

  const remove = async (req: FastifyRequest, idsParam: string) => {
    const depId = checkId(param(q(req), 'depId'));
    const userIds = idList(param(q(req), idsParam), idsParam);
    if (!userIds.length) throw new BadRequestError(MSG.userIdRequired);
    await removeUsersFromDepart(ctx, req, depId, userIds);
    return okMsg(MSG.deleted);
  };
  app.delete(
    '/sys/user/deleteUserInDepart',
    { config: perm(PERM.depart.users), schema: { querystring: queryOf({ depId: '部门id', userId: '用户id' }, ['depId', 'userId']) } },
    async (req) => remove(req, 'userId'),
  );
  app.delete(
    '/sys/user/deleteUserInDepartBatch',
    { config: perm(PERM.depart.users), schema: { querystring: queryOf({ depId: '部门id', userIds: '用户id，以逗号分隔' }, ['depId', 'userIds']) } },
    async (req) => remove(req, 'userIds'),
  );
}
