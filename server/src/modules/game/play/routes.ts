import { gameDeviceEntity, PLAY_PERMS } from '@pk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { perm, PUBLIC } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { dataSourceBox } from '../../../core/crypto/dataSourceKey.js';
import { BadRequestError } from '../../../core/envelope/errors.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import { NOT_OBJECT } from '../../../core/http/jsonBody.js';
import { crudSchemas, resolveBinding } from '../../../core/crud/index.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { DEVICE_MSG, gameDeviceBinding } from './definition.js';
import { GameDeviceService, type DeviceCaller } from './device.service.js';
import { DEVICE_TYPE, deviceScope } from './deviceScope.js';
import { openChest, PLAY_MSG, recordAnswer, recordSignIn } from './service.js';

const ref = (max: number) => z.string().trim().max(max).nullish();
const PLAYER = {
  nfcUid: ref(64),
  braceletNo: ref(32),
  userId: ref(32),
  reservationId: ref(32),
};
const SIGN_IN_BODY = z.looseObject({
  ...PLAYER,
  placeId: ref(32),
  placeNfcCode: ref(64),
  method: z.union([z.literal(1), z.literal(2), z.literal(3), z.enum(['1', '2', '3'])]).nullish(),
});
const ANSWER_BODY = z.looseObject({
  ...PLAYER,
  questionId: z.string({ error: PLAY_MSG.questionRequired }).trim().min(1, { error: PLAY_MSG.questionRequired }).max(32),
  answer: z.string({ error: PLAY_MSG.answerRequired }).max(255),
  durationMs: z.number().int().min(0).max(86_400_000).nullish(),
});
const CHEST_BODY = z.looseObject({
  ...PLAYER,
  chestId: ref(32),
  chestNfcCode: ref(64),
  unlockValue: ref(100),
});
const ID_BODY = z.object({ id: z.string({ error: DEVICE_MSG.idRequired }).trim().min(1, { error: DEVICE_MSG.idRequired }).max(32) });
const DEVICE_HEADERS = z.looseObject({
  'x-device-key': z.string().max(64).optional().meta({ description: '设备密钥ID' }),
  'x-timestamp': z.string().max(16).optional().meta({ description: '毫秒时间戳（±300秒内）' }),
  'x-nonce': z.string().max(64).optional().meta({ description: '一次性随机串（16–64位）' }),
  'x-signature': z.string().max(64).optional().meta({ description: 'hex(HMAC-SHA256(secret, 时间戳\\n随机串\\n方法\\n路径\\n原始请求体))' }),
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as received (device routes only: what the signature covers). */
    rawBody?: string;
    /** The device of a verified device call. */
    device?: DeviceCaller;
  }
}

const staffBy = (req: FastifyRequest) => req.user?.username ?? 'staff';
const deviceBy = (req: FastifyRequest) => `device:${req.device!.keyId}`;

/**
 * 设备管理 (`/device/gameDevice`): the engine's routes without add and import; add issues the device key and answers
 * the secret once; 吊销 and 更换密钥 are one endpoint each with their own button code.
 */
export async function gameDeviceModule(app: FastifyInstance): Promise<void> {
  const box = await dataSourceBox(app.ctx);
  const crud = await registerCrud(app, gameDeviceBinding);
  const svc = new GameDeviceService(app.ctx, box, crud);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = gameDeviceEntity.perms;

  r.post(
    '/device/gameDevice/add',
    { config: { ...perm(P.add), log: { content: '设备管理-添加', operateType: 2 } }, schema: crudSchemas(resolveBinding(gameDeviceBinding)).add },
    async (req) => ok(await svc.issue(req), DEVICE_MSG.added),
  );
  r.post(
    '/device/gameDevice/revoke',
    { config: { ...perm(P.revoke), log: { content: '设备管理-吊销', operateType: 3 } }, schema: { body: ID_BODY } },
    async (req) => {
      await svc.revoke(req.body.id, staffBy(req));
      return okMsg(DEVICE_MSG.revoked);
    },
  );
  r.post(
    '/device/gameDevice/rotate',
    { config: { ...perm(P.rotate), log: { content: '设备管理-更换密钥', operateType: 3 } }, schema: { body: ID_BODY } },
    async (req) => ok(await svc.rotate(req.body.id, staffBy(req)), DEVICE_MSG.rotated),
  );
}

/**
 * What players do (issue 13 point 5): staff calls behind their button codes, and device calls authenticated by the
 * device's key (HMAC of the raw body; PUBLIC only as far as the session guard goes) under the `device` request limit.
 */
export async function playModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/book/userSignPlace/signIn',
    { config: { ...perm(PLAY_PERMS.signIn), log: { content: '用户签到-签到', operateType: 2 } }, schema: { body: SIGN_IN_BODY } },
    async (req) => ok(await recordSignIn(app, { ...req.body, method: req.body.method ? Number(req.body.method) : 3 }, staffBy(req))),
  );
  r.post(
    '/question/userQuestionRecord/answer',
    { config: { ...perm(PLAY_PERMS.answer), log: { content: '用户答题记录-答题', operateType: 2 } }, schema: { body: ANSWER_BODY } },
    async (req) => ok(await recordAnswer(app, req.body, staffBy(req))),
  );
  r.post(
    '/chest/treasureChest/open',
    { config: { ...perm(PLAY_PERMS.openChest), log: { content: '宝箱-开启', operateType: 2 } }, schema: { body: CHEST_BODY } },
    async (req) => ok(await openChest(app, req.body, staffBy(req))),
  );

  await app.register(async (sub) => {
    const devices = new GameDeviceService(sub.ctx, await dataSourceBox(sub.ctx));
    // the raw JSON text is what the device signed: kept on the request, then parsed as everywhere else
    const parse = sub.getDefaultJsonParser('error', 'error');
    sub.removeContentTypeParser('application/json');
    sub.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (req, body, done) => {
      req.rawBody = body as string;
      parse(req, body as string, (err, value) => {
        if (err) return done(err, undefined);
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return done(new BadRequestError(NOT_OBJECT), undefined);
        done(null, value);
      });
    });
    sub.addHook('preValidation', async (req) => {
      req.device = await devices.verify(req, req.rawBody ?? '');
    });
    const d = sub.withTypeProvider<ZodTypeProvider>();
    const cfg = { ...PUBLIC, throttle: 'device' as const, log: false as const };
    // a device acts only as its type and at its own place (deviceScope.ts)
    d.post('/device/signIn', { config: cfg, schema: { headers: DEVICE_HEADERS, body: SIGN_IN_BODY } }, async (req) => {
      const scope = deviceScope(req.device!, DEVICE_TYPE.signIn);
      return ok(
        await recordSignIn(
          app,
          {
            ...req.body,
            placeId: req.body.placeId || (req.body.placeNfcCode ? null : scope.placeId),
            method: req.body.method ? Number(req.body.method) : 1,
          },
          deviceBy(req),
          scope,
        ),
      );
    });
    d.post('/device/answer', { config: cfg, schema: { headers: DEVICE_HEADERS, body: ANSWER_BODY } }, async (req) =>
      ok(await recordAnswer(app, req.body, deviceBy(req), deviceScope(req.device!, DEVICE_TYPE.answer))),
    );
    d.post('/device/openChest', { config: cfg, schema: { headers: DEVICE_HEADERS, body: CHEST_BODY } }, async (req) =>
      ok(await openChest(app, req.body, deviceBy(req), deviceScope(req.device!, DEVICE_TYPE.chest))),
    );
  });
}
