/** The venue's own endpoints (issue 13): a ship's crew, a great line's places and their order. */
import { VENUE_OPTION_LISTS } from '@pk/contract';
import { http } from '../../../api/request';
import { loadOptions } from '../../../crud/RefSelect';

/** One crew row as `queryShipTableByMainId` answers it. */
export interface CrewRow {
  id: string;
  userId: string;
  userId_dictText?: string | null;
  memberRole?: number | null;
  seatNo?: number | null;
  joinTime?: string | null;
}

/** One place of a line, in route order. */
export interface LinePlace {
  id: string;
  placeNo: string | null;
  placeName: string | null;
  placeType?: number | null;
  lineSort: number | null;
  signScore: number | null;
}

export const queryCrew = (shipId: string) => http.get<CrewRow[]>('book/pirateShip/queryShipTableByMainId', { id: shipId });
export const queryLinePlaces = (lineId: string) => http.get<LinePlace[]>('book/greatLine/queryPlacesByMainId', { id: lineId });
export const sortPlaces = (lineId: string, placeIds: string[]) => http.post<unknown>('book/greatLine/sortPlaces', { lineId, placeIds });

/** Players for the crew picker: `[{ value: id, text: nickname }]`. */
export const searchPlayers = async (keyword: string) => {
  const r = await loadOptions(VENUE_OPTION_LISTS.user, keyword);
  return r.success && Array.isArray(r.result) ? r.result.map((o) => ({ value: String(o.id), text: o.phone ? `${o.name}（${String(o.phone)}）` : o.name })) : [];
};
