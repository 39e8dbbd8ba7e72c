import type { FastifyInstance } from 'fastify';
import type { DemoBracelet } from './data.js';

/**
 * The season's moves, each through the service of the module that owns it (reservation, play, shop, score).
 * Thin on purpose: the demo decides WHAT happens (season.ts), the services decide whether it may.
 */
export interface SeasonOps {
  book(p: { userId: string; contactName: string; contactPhone: string; reserveDate: string; timeSlot: string; peopleCount: number; greatLineId: string }): Promise<string>;
  confirm(id: string): Promise<void>;
  cancel(id: string, reason: string): Promise<void>;
  /** A free bracelet's number (status 0), starting the search at `from` (round robin); null when none. */
  freeBracelet(all: DemoBracelet[], from: number): Promise<string | null>;
  checkIn(p: { reservationId: string; players: Array<{ userId: string; braceletNo: string }>; shipName: string }): Promise<void>;
  checkOut(id: string): Promise<void>;
  cleanBracelets(): Promise<void>;
  signIn(p: { braceletNo: string; placeId: string }): Promise<boolean>;
  answer(p: { braceletNo: string; questionId: string; answer: string }): Promise<boolean>;
  openChest(p: { braceletNo: string; chestId: string; unlockValue: string | null }): Promise<boolean>;
  order(p: { userId: string; goodsId: string; quantity: number; payType: number; reservationId: string }): Promise<{ id: string; pickupCode: string | null }>;
  /** A money order paid (as the pay callback would): its pickup code. */
  markPaid(orderId: string): Promise<string | null>;
  redeem(pickupCode: string): Promise<void>;
  refund(orderId: string, reason: string): Promise<void>;
  noShowJob(): Promise<void>;
  snapshot(): Promise<void>;
}

const NOT_YET = '游戏服务尚未合并';

/** The ops over the game's services (wired at the merge of the game branches). */
export function seasonOps(app: FastifyInstance): SeasonOps {
  const { db } = app.ctx.db;
  const refuse = async (): Promise<never> => {
    throw new Error(NOT_YET);
  };
  return {
    book: refuse,
    confirm: refuse,
    cancel: refuse,
    async freeBracelet(all, from) {
      for (let i = 0; i < all.length; i++) {
        const b = all[(from + i) % all.length];
        const row = await db.selectFrom('bracelet').select('status').where('id', '=', b.id).executeTakeFirst();
        if (row && row.status === 0) return b.bracelet_no;
      }
      return null;
    },
    checkIn: refuse,
    checkOut: refuse,
    async cleanBracelets() {
      await db.updateTable('bracelet').set({ status: 0, user_id: null, reservation_id: null }).where('status', '=', 2).execute();
    },
    signIn: refuse,
    answer: refuse,
    openChest: refuse,
    order: refuse,
    markPaid: refuse,
    redeem: refuse,
    refund: refuse,
    noShowJob: refuse,
    snapshot: refuse,
  };
}
