/**
 * The signed-in user's notices (contract §8.2): the bell's `listByUser` under the react-query key
 * `['notices', 'listByUser']` (the live channel invalidates that very key on a `topic` / `user` message), the read
 * mark an opened item sends, 全部已读, and 我的消息's page of send rows.
 */
import type { AnnouncementItem, AnnouncementListByUser, MyAnnouncementSend, Result } from '@pk/contract';
import type { QueryClient } from '@tanstack/react-query';
import { http } from '../../api/request';

/** The bell's query key: exactly this (the live channel engineer invalidates it). */
export const NOTICES_KEY = ['notices', 'listByUser'] as const;
/** 我的消息's list key prefix. */
export const MY_NOTICES_KEY = ['notices', 'mine'] as const;
/** 000 §9: announcement polling 6000 ms. */
export const NOTICE_POLL_MS = 6000;
export const MY_NOTICES_PATH = '/isps/userAnnouncement';

export const NOTICE_URL = {
  listByUser: '/sys/annountCement/listByUser',
  markRead: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
  readAll: '/sys/sysAnnouncementSend/readAll',
  mine: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
  syncNotic: '/sys/annountCement/syncNotic',
} as const;

export const EMPTY_NOTICES: AnnouncementListByUser = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export async function fetchNotices(): Promise<AnnouncementListByUser> {
  const res = await http.get<AnnouncementListByUser>(NOTICE_URL.listByUser, undefined, { silent: true });
  if (!res.success) throw new Error(res.message);
  return res.result ?? EMPTY_NOTICES;
}

/** Reload the bell and 我的消息 (after a read mark); `client` is the page's (useQueryClient). */
export function reloadNotices(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: NOTICES_KEY });
  void client.invalidateQueries({ queryKey: MY_NOTICES_KEY });
}

/** The caller's row of this notice read (`PUT editByAnntIdAndUserId {anntId}`), then the lists reload. */
export async function markRead(client: QueryClient, anntId: string): Promise<void> {
  try {
    await http.put<unknown>(NOTICE_URL.markRead, { anntId });
  } finally {
    reloadNotices(client);
  }
}

export function readAll(): Promise<Result<unknown>> {
  return http.put<unknown>(NOTICE_URL.readAll);
}

export type { AnnouncementItem, MyAnnouncementSend };
