import type { FastifyInstance } from 'fastify';
import { perm } from '../../../core/access/guard.js';
import { checkId, splitIds, validateBody } from '../../../core/crud/index.js';
import { entityBody } from '../../../core/crud/index.js';
import { BadRequestError, BizError, MSG } from '../../../core/envelope/errors.js';
import { okMsg } from '../../../core/envelope/result.js';
import { param } from '../../../core/query/index.js';
import { PERM } from '../../../db/seed/permissionCodes.js';
import { departResolved } from './definition.js';
import { empty, q } from './rows.js';
import { addDepart, deleteDeparts, editDepart } from './crud.service.js';
import { ID_QUERY, IDS_QUERY } from '../../../core/http/routeSchemas.js';

/** Department add, edit, delete and deleteBatch (contract §12.3); the queries are in crud.service.ts. */
export function departCrudRoutes(app: FastifyInstance): void {
  const ctx = app.ctx;

  app.post('/sys/sysDepart/add', { config: perm(PERM.depart.add), schema: { body: entityBody(departResolved, 'add') } }, async (req) => {
    const { values } = validateBody(departResolved, req.body, 'add');
    await addDepart(ctx, req, empty(values.parentId) ? null : checkId(values.parentId), values);
    return okMsg(MSG.added);
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: perm(PERM.depart.edit),
    schema: { body: entityBody(departResolved, 'edit') },
    handler: async (req) => {
      // The code scheme ties a department to its parent: parent and code are fixed after creation (beforeSave).
      await editDepart(ctx, req, req.body);
      return okMsg(MSG.edited);
    },
  });

  app.delete('/sys/sysDepart/delete', { config: perm(PERM.depart.delete), schema: { querystring: ID_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'id'));
    if (ids.length !== 1) throw new BadRequestError(MSG.idRequired);
    await deleteDeparts(ctx, ids);
    return okMsg(MSG.deleted);
  });

  app.delete('/sys/sysDepart/deleteBatch', { config: perm(PERM.depart.delete), schema: { querystring: IDS_QUERY } }, async (req) => {
    const ids = splitIds(param(q(req), 'ids'));
    if (!ids.length) throw new BizError(MSG.badParams);
    await deleteDeparts(ctx, ids);
    return okMsg(MSG.deleted);
  });
}
