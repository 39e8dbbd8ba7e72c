/**
 * The user's notification settings kept on this browser (issue 12 point 6: spoken notices can be switched off):
 * one entry per user id, so two people sharing a browser keep their own choice. The account pages will move it to
 * the server; until then the store is the one place that reads and writes it.
 */
import { create } from 'zustand';
import { ls } from '../store/storage';

const VOICE_KEY = 'NOTICE_VOICE_';

export interface LiveSettings {
  /** user id → spoken notices on; missing = on (the spec speaks every message). */
  voice: Record<string, boolean>;
  voiceOn(userId: string | undefined): boolean;
  setVoice(userId: string, on: boolean): void;
}

export const useLiveSettings = create<LiveSettings>()((set, get) => ({
  voice: {},
  voiceOn(userId) {
    if (!userId) return false;
    const known = get().voice[userId];
    if (known !== undefined) return known;
    return ls.get<boolean>(VOICE_KEY + userId) !== false;
  },
  setVoice(userId, on) {
    ls.set(VOICE_KEY + userId, on);
    set((s) => ({ voice: { ...s.voice, [userId]: on } }));
  },
}));

/** Whether the signed-in user hears notices (re-renders when they switch). */
export function useVoiceOn(userId: string | undefined): boolean {
  return useLiveSettings((s) => {
    void s.voice; // subscribe to changes
    return s.voiceOn(userId);
  });
}
