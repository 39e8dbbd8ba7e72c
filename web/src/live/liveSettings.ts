/**
 * The user's notification settings (issue 12 point 6, issue 14 point 6 新消息通知): spoken notices on or off and which
 * kinds the bell shows (通知公告, 系统消息). Kept on this browser per user id (two people sharing a browser keep their
 * own choice) and on the server (store/accountSettings.ts): a change is sent there, and the server's values are
 * applied after a sign-in (store/preferences.ts `syncSettingsFromServer`). This store is the one place that reads and
 * writes them.
 */
import { create } from 'zustand';
import { ls } from '../store/storage';
import { queueServerSettings, type ServerSettings } from '../store/accountSettings';

const VOICE_KEY = 'NOTICE_VOICE_';
const KINDS_KEY = 'NOTICE_KINDS_';

/** The bell's kinds of notices; missing = shown. */
export interface NoticeKinds {
  announcement: boolean;
  system: boolean;
}

const ALL_KINDS: NoticeKinds = { announcement: true, system: true };

export interface LiveSettings {
  /** user id → spoken notices on; missing = on (the spec speaks every message). */
  voice: Record<string, boolean>;
  /** user id → the kinds the bell shows. */
  kinds: Record<string, NoticeKinds>;
  /** The signed-in user (set by store/preferences.ts, which follows the session). */
  currentUserId: string | null;
  voiceOn(userId: string | undefined): boolean;
  setVoice(userId: string, on: boolean): void;
  kindsOf(userId: string | undefined): NoticeKinds;
  setKind(userId: string, kind: keyof NoticeKinds, on: boolean): void;
  /** The server's values after a sign-in (nothing is sent back). */
  applyServer(userId: string, s: Partial<ServerSettings>): void;
}

function storedKinds(userId: string): NoticeKinds {
  const v = ls.get<Partial<NoticeKinds>>(KINDS_KEY + userId);
  return {
    announcement: v?.announcement !== false,
    system: v?.system !== false,
  };
}

export const useLiveSettings = create<LiveSettings>()((set, get) => ({
  voice: {},
  kinds: {},
  currentUserId: null,
  voiceOn(userId) {
    if (!userId) return false;
    const known = get().voice[userId];
    if (known !== undefined) return known;
    return ls.get<boolean>(VOICE_KEY + userId) !== false;
  },
  setVoice(userId, on) {
    ls.set(VOICE_KEY + userId, on);
    set((s) => ({ voice: { ...s.voice, [userId]: on } }));
    queueServerSettings({ noticeVoice: on });
  },
  kindsOf(userId) {
    if (!userId) return ALL_KINDS;
    return get().kinds[userId] ?? storedKinds(userId);
  },
  setKind(userId, kind, on) {
    const next = { ...get().kindsOf(userId), [kind]: on };
    ls.set(KINDS_KEY + userId, next);
    set((s) => ({ kinds: { ...s.kinds, [userId]: next } }));
    queueServerSettings(kind === 'announcement' ? { noticeAnnouncement: on } : { noticeSystem: on });
  },
  applyServer(userId, s) {
    const patch: Partial<Pick<LiveSettings, 'voice' | 'kinds'>> = {};
    if (typeof s.noticeVoice === 'boolean') {
      ls.set(VOICE_KEY + userId, s.noticeVoice);
      patch.voice = { ...get().voice, [userId]: s.noticeVoice };
    }
    if (typeof s.noticeAnnouncement === 'boolean' || typeof s.noticeSystem === 'boolean') {
      const cur = get().kindsOf(userId);
      const next = { announcement: s.noticeAnnouncement ?? cur.announcement, system: s.noticeSystem ?? cur.system };
      ls.set(KINDS_KEY + userId, next);
      patch.kinds = { ...get().kinds, [userId]: next };
    }
    if (Object.keys(patch).length) set(patch);
  },
}));

/** Whether the signed-in user hears notices (re-renders when they switch). */
export function useVoiceOn(userId: string | undefined): boolean {
  return useLiveSettings((s) => {
    void s.voice; // subscribe to changes
    return s.voiceOn(userId);
  });
}

/** The kinds of notices the signed-in user's bell shows (re-renders when they switch). */
export function useNoticeKinds(userId: string | undefined): NoticeKinds {
  const announcement = useLiveSettings((s) => {
    void s.kinds;
    return s.kindsOf(userId).announcement;
  });
  const system = useLiveSettings((s) => {
    void s.kinds;
    return s.kindsOf(userId).system;
  });
  return { announcement, system };
}

/** The kinds of notices the signed-in user's bell shows (the bell has no session import of its own). */
export function useCurrentNoticeKinds(): NoticeKinds {
  return useNoticeKinds(useLiveSettings((s) => s.currentUserId ?? undefined));
}

/** The bell's lists with the kinds the user switched off emptied (新消息通知). */
export function shownNotices<T extends { anntMsgList: unknown[]; anntMsgTotal: number; sysMsgList: unknown[]; sysMsgTotal: number }>(
  data: T,
  kinds: NoticeKinds,
): T {
  if (kinds.announcement && kinds.system) return data;
  return {
    ...data,
    ...(kinds.announcement ? {} : { anntMsgList: [], anntMsgTotal: 0 }),
    ...(kinds.system ? {} : { sysMsgList: [], sysMsgTotal: 0 }),
  };
}
