import type { FastifyInstance } from 'fastify';
import { SIGNED_IN } from '../../../core/access/guard.js';
import { checkId } from '../../../core/crud/index.js';
import { DUPLICATE_MSG, resolveDuplicateCheck } from '../../../core/dict/duplicateRegistry.js';
import { BizError, NoAuthError } from '../../../core/envelope/errors.js';
import { okMsg } from '../../../core/envelope/result.js';
import { param, type RawParams } from '../../../core/query/index.js';
import { isTaken } from './service.js';
import { queryOf } from '../../../core/http/routeSchemas.js';

/**
 * `GET /sys/duplicate/check` (contract §6.3): tableName and fieldName name a registered pair (core/dict/
 * duplicateRegistry.ts), fieldVal is the value, dataId the row being edited. Signed in, holding the pair's list
 * permission, and in the `check` request-limit group (security R14: it tells whether a value exists).
 */
export async function duplicateCheckModule(app: FastifyInstance): Promise<void> {
  app.get(
    '/sys/duplicate/check',
    {
      config: { ...SIGNED_IN, throttle: 'check' },
      schema: {
        querystring: queryOf({ tableName: '表名（已登记的表）', fieldName: '字段名', fieldVal: '值', dataId: '排除的记录id（编辑时）' }, [
          'tableName',
          'fieldName',
        ]),
      },
    },
    async (req) => {
      const q = req.query as RawParams;
      const check = await resolveDuplicateCheck(app.ctx, param(q, 'tableName')?.trim(), param(q, 'fieldName')?.trim());
      const codes = await app.authn.permissionCodes(req.user!);
      if (!check.perms.some((p) => codes.has(p))) throw new NoAuthError();
      const value = param(q, 'fieldVal');
      // contract §6.3: an empty value is not checked (success with code 500, as JeecgBoot answers).
      if (value === undefined || value === '') return { ...okMsg(DUPLICATE_MSG.empty), code: 500 };
      const dataId = param(q, 'dataId')?.trim();
      if (await isTaken(app.ctx.db.db, check, value, dataId ? checkId(dataId) : undefined)) throw new BizError(DUPLICATE_MSG.taken);
      return okMsg(DUPLICATE_MSG.available);
    },
  );
}
