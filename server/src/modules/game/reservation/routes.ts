import { bookReservationInfoEntity, CHECK_IN_DESK, type CheckInBody } from '@pk/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../../../core/access/guard.js';
import { registerCrud } from '../../../core/crud/index.js';
import { ok, okMsg } from '../../../core/envelope/result.js';
import type { ZodTypeProvider } from '../../../core/http/zodSchema.js';
import { parseWireDate } from '../../../core/time.js';
import { BadRequestError, MSG } from '../../../core/envelope/errors.js';
import { bookReservationInfoBinding } from './definition.js';
import { RES_MSG } from './messages.js';
import { ReservationService } from './service.js';
import './job.js'; // registers the no-show job handler (core/jobs/handlers.ts)

const id = z.string({ error: MSG.idRequired }).trim().min(1, { error: MSG.idRequired }).max(64);
const idBody = z.looseObject({ id });
const keyword = z.looseObject({ keyword: z.string().max(100).optional() });
const wireDate = (v: string) => {
  const d = parseWireDate(v, 'date');
  if (!d) throw new BadRequestError(`参数reserveDate不正确`);
  return d;
};
const player = z.object({
  userId: z.string().trim().max(64).optional(),
  nickname: z.string().trim().max(50).optional(),
  phone: z.string().trim().max(20).optional(),
  braceletNo: z.string({ error: RES_MSG.braceletRequired }).trim().max(32),
});
const checkInBody = z.looseObject({
  id,
  players: z.array(player).max(20),
  shipMode: z.enum(['new', 'join'], { error: '参数shipMode不正确' }),
  shipName: z.string().trim().max(100).optional(),
  shipId: z.string().trim().max(64).optional(),
});

/**
 * 预约信息 (issue 13 points 3, 4): the standard routes (an add is a booking), one endpoint per lifecycle step, the
 * slot capacities, and the 签到台's reads and its check-in / check-out.
 */
export async function bookReservationInfoModule(app: FastifyInstance): Promise<void> {
  await registerCrud(app, bookReservationInfoBinding);
  const svc = new ReservationService(app.ctx.db, app.log);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const P = bookReservationInfoEntity.perms;
  const DESK = CHECK_IN_DESK.perms.use;
  const by = (u: { username?: string } | null | undefined) => u?.username ?? null;

  r.post(
    '/book/bookReservationInfo/confirm',
    { config: { ...perm(P.confirm), log: { content: '预约信息-确认', operateType: 2 } }, schema: { body: idBody } },
    async (req) => {
      await svc.confirm(req.body.id, by(req.user));
      return okMsg(RES_MSG.confirmed);
    },
  );

  r.post(
    '/book/bookReservationInfo/cancel',
    {
      config: { ...perm(P.cancel), log: { content: '预约信息-取消', operateType: 2 } },
      schema: { body: z.looseObject({ id, reason: z.string().trim().max(255).optional() }) },
    },
    async (req) => {
      await svc.cancel(req.body.id, req.body.reason || null, by(req.user));
      return okMsg(RES_MSG.cancelled);
    },
  );

  r.post(
    '/book/bookReservationInfo/checkIn',
    { config: { ...perm(P.checkIn, DESK), log: { content: '签到台-签到', operateType: 2 } }, schema: { body: checkInBody } },
    async (req) => {
      const result = await svc.checkIn(req.body as CheckInBody, by(req.user));
      return ok(result, RES_MSG.checkedIn);
    },
  );

  r.post(
    '/book/bookReservationInfo/checkOut',
    { config: { ...perm(P.checkOut, DESK), log: { content: '签到台-离场', operateType: 2 } }, schema: { body: idBody } },
    async (req) => {
      await svc.checkOut(req.body.id, by(req.user));
      return okMsg(RES_MSG.checkedOut);
    },
  );

  // 手环 lost (3) or damaged (4), taken off its player: the bracelet screen's button code (bracelet:release, the venue
  // branch's definition) or the desk's check-out code
  r.post(
    '/bracelet/bracelet/release',
    {
      config: { ...perm('bracelet:release', P.checkOut), log: { content: '手环管理-挂失/损坏', operateType: 2 } },
      schema: {
        body: z.looseObject({
          id,
          status: z.coerce
            .number()
            .pipe(z.union([z.literal(3), z.literal(4)], { error: '参数status不正确（3遗失，4损坏）' }))
            .optional(),
        }),
      },
    },
    async (req) => {
      await svc.releaseBracelet(req.body.id, (req.body.status ?? 3) as 3 | 4, by(req.user));
      return okMsg(RES_MSG.braceletReleased);
    },
  );

  r.get('/book/bookReservationInfo/deskSearch', { config: perm(DESK), schema: { querystring: keyword } }, async (req) =>
    ok(await svc.deskSearch(req.query.keyword ?? '')),
  );
  r.get('/book/bookReservationInfo/deskPlayers', { config: perm(DESK), schema: { querystring: keyword } }, async (req) =>
    ok(await svc.deskPlayers(req.query.keyword ?? '')),
  );
  r.get('/book/bookReservationInfo/deskShips', { config: perm(DESK) }, async () => ok(await svc.deskShips()));

  r.get('/book/bookReservationInfo/capacityList', { config: perm(P.capacity) }, async () => ok(await svc.capacityList()));

  r.post(
    '/book/bookReservationInfo/capacitySave',
    {
      config: { ...perm(P.capacity), log: { content: '预约信息-时段容量', operateType: 2 } },
      schema: {
        body: z.looseObject({
          timeSlot: z.string({ error: RES_MSG.badSlot }).trim().max(20),
          reserveDate: z.string().trim().max(30).nullable().optional(),
          capacity: z.coerce.number({ error: RES_MSG.badCapacity }),
        }),
      },
    },
    async (req) => {
      const date = req.body.reserveDate ? wireDate(req.body.reserveDate) : null;
      await svc.capacitySave(req.body.timeSlot, date, req.body.capacity, by(req.user));
      return okMsg(RES_MSG.capacitySaved);
    },
  );

  r.delete(
    '/book/bookReservationInfo/capacityDelete',
    { config: { ...perm(P.capacity), log: { content: '预约信息-删除时段容量', operateType: 4 } }, schema: { querystring: z.looseObject({ id }) } },
    async (req) => {
      await svc.capacityDelete(req.query.id);
      return okMsg(RES_MSG.capacityDeleted);
    },
  );

  r.get(
    '/book/bookReservationInfo/slotUsage',
    { config: perm(P.list, P.add, DESK), schema: { querystring: z.looseObject({ reserveDate: z.string({ error: '参数reserveDate不正确' }).trim().max(30) }) } },
    async (req) => {
      return ok(await svc.slotUsage(wireDate(req.query.reserveDate)));
    },
  );
}
