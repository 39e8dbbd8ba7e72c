import { PERM, type LoginInfo, type VisitInfoDay } from '@pk/contract';
import { http } from '../../api/request';

/** The wire shapes of `/dashboard/venue/*` (server/src/modules/dashboard/venue/service.ts). */
export interface KeyFigure {
  key: 'reservations' | 'checkIns' | 'onWater' | 'signIns' | 'revenue' | 'scoreSpent';
  title: string;
  value: number;
  yesterday: number;
  trend: Array<{ day: string; value: number }>;
  unit: string;
}

export interface KeyFigures {
  day: string;
  figures: KeyFigure[];
  sailedToday: number;
}

export interface VenueCharts {
  from: string;
  to: string;
  scoreDistribution: Array<{ name: string; min: number; max: number | null; players: number }>;
  accuracyByPlace: Array<{ placeId: string; placeName: string; answered: number; correct: number; rate: number }>;
  salesByGoods: Array<{ goodsId: string; goodsName: string; quantity: number; amount: number; score: number }>;
  reservationsBySlot: Array<{ slot: string; reservations: number; people: number; upcoming: number; upcomingPeople: number }>;
}

export const VENUE_PERM = PERM.dashboardVenue;

export const venueApi = {
  keyFigures: () => http.get<KeyFigures>('/dashboard/venue/keyFigures').then((r) => r.result),
  charts: (days: number) => http.get<VenueCharts>('/dashboard/venue/charts', { days }).then((r) => r.result),
  loginInfo: () => http.get<LoginInfo>('/sys/loginfo').then((r) => r.result),
  visitInfo: () => http.get<VisitInfoDay[]>('/sys/visitInfo').then((r) => r.result ?? []),
};
