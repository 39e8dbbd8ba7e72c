/**
 * The player page's sub-lists (预约用户 详情): each entity's own list endpoint filtered by `userId=`, on the one list
 * layer. A sub-list that cannot answer (no rows, a screen the caller may not open, an endpoint not deployed) shows
 * an empty table, never an error: the player page is read-only and its card already says what the player has.
 */
import type { PageResult } from '@pk/contract';
import { http, type Params } from '../../../api/request';
import { listSource, type ListData, type ListSource } from '../../../crud';

/** `GET url` with the params; anything but a page of rows is an empty page. */
export function quietList<T>(url: string): (params: Params) => Promise<ListData<T>> {
  return async (params) => {
    try {
      const res = await http.get<PageResult<T> | T[] | null>(url, params, { silent: true });
      if (!res.success || !res.result) return { records: [], total: 0 };
      if (Array.isArray(res.result)) return { records: res.result, total: res.result.length };
      return { records: Array.isArray(res.result.records) ? res.result.records : [], total: Number(res.result.total ?? 0) };
    } catch {
      return { records: [], total: 0 };
    }
  };
}

export type PlayerRow = Record<string, unknown> & { id: string };

/** One sub-list of the player page. */
export interface PlayerList {
  key: string;
  title: string;
  source: ListSource<PlayerRow>;
}

const sub = (key: string, title: string, url: string, sort = true): PlayerList => ({
  key,
  title,
  source: listSource<PlayerRow>({ key: ['game', 'player', key], request: quietList<PlayerRow>(url), ...(sort ? {} : { sortParams: false }) }),
});

/** 积分流水, 荣誉, 任务, 签到, 订单 (the entities' lists by userId) and the player's messages (listByPlayer). */
export const PLAYER_LISTS = {
  scoreHistory: sub('scoreHistory', '积分流水', '/score/userScoreHistory/list'),
  honors: sub('honors', '荣誉', '/honor/userHonor/list'),
  tasks: sub('tasks', '任务', '/task/userTaskRecord/list'),
  signIns: sub('signIns', '签到', '/book/userSignPlace/list'),
  orders: sub('orders', '订单', '/shop/gameOrder/list'),
  messages: sub('messages', '消息', '/content/gameMessage/listByPlayer', false),
} as const;
