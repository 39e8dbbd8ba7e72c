import { useEffect, useState, type RefObject } from 'react';
import type { AnnouncementListByUser, LiveBoardRow } from '@pk/contract';
import { http } from '../../api/request';

/** 工作台 / 今日待办 / 场馆大屏 (issue 14 point 4): the answers of `/dashboard/ops/*` and the pages' polling rule. */

export interface WorkplaceData {
  notices: AnnouncementListByUser;
  recentOps: Array<{
    id: string;
    logContent: string | null;
    method: string | null;
    requestType: string | null;
    ip: string | null;
    costTime: number | null;
    createTime: string | null;
  }>;
  counts: { unreadNotices: number; opsToday: number; loginsToday: number };
  lastLogin: { time: string | null; ip: string | null } | null;
  opsByDay: Array<{ day: string; count: number }>;
  shortcuts: Array<{ title: string; path: string }>;
  task: TaskCounts | null;
}

export interface TaskCounts {
  reservations: number;
  orders: number;
  failedMessages: number;
  failedJobs: number;
}

interface Queue<T> {
  total: number;
  link: string;
  records: T[];
}

export interface TaskData {
  reservations: Queue<{ id: string; reservationNo: string | null; contactName: string | null; timeSlot: string | null; peopleCount: number }>;
  orders: Queue<{ id: string; orderNo: string | null; goodsName: string | null; quantity: number; payTime: string | null }>;
  failedMessages: Queue<{ id: string; title: string | null; type: string | null; sendNum: number; time: string | null }>;
  failedJobs: Queue<{ id: string; jobId: string; jobClassName: string | null; description: string | null; fireTime: string; errorMsg: string | null }>;
}

export interface VenueSignIn {
  id: string;
  playerName: string | null;
  placeName: string | null;
  shipName: string | null;
  score: number;
  signTime: string | null;
}

export interface BdcData {
  figures: { shipsAtSea: number; playersAtSea: number; signInsToday: number; scoreToday: number };
  board: LiveBoardRow[];
  ships: Array<{
    id: string;
    shipNo: string | null;
    shipName: string | null;
    crew: number;
    maxMembers: number;
    totalScore: number;
    bounty: number;
    voyageStart: string | null;
  }>;
  signIns: VenueSignIn[];
  time: string;
}

/** The live channel's cmd of a sign-in pushed to 场馆大屏 (server modules/dashboard/ops SIGN_IN_EVENT). */
export const SIGN_IN_EVENT = 'venueSignIn';

const fetchOps =
  <T>(path: string, top: number) =>
  () =>
    http.get<T>(`/dashboard/ops/${path}`, { top }).then((r) => {
      if (!r.success) throw new Error(r.message);
      return r.result as T;
    });

export const fetchWorkplace = fetchOps<WorkplaceData>('workplace', 8);
export const fetchTask = fetchOps<TaskData>('task', 5);
export const fetchBdc = fetchOps<BdcData>('bdc', 10);

/**
 * Whether the page is on screen: the browser tab is visible and the keep-alive pane holding the page
 * (layouts/BasicLayout/KeepAliveOutlet: a hidden `<div hidden data-page-key>` per background tab) is not hidden.
 * Polling pages pass it to react-query's `refetchInterval`, so a page kept alive in the background or in a hidden
 * browser tab asks nothing; a closed tab unmounts the page and its query stops.
 */
export function usePageVisible(ref: RefObject<HTMLElement | null>): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const pane = ref.current?.closest('[data-page-key]') as HTMLElement | null | undefined;
    const compute = () => setVisible(document.visibilityState !== 'hidden' && !pane?.hidden && !ref.current?.closest('[hidden]'));
    compute();
    const observer = pane && typeof MutationObserver !== 'undefined' ? new MutationObserver(compute) : null;
    if (pane) observer?.observe(pane, { attributes: true, attributeFilter: ['hidden'] });
    document.addEventListener('visibilitychange', compute);
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', compute);
    };
  }, [ref]);
  return visible;
}
