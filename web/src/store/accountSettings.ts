/**
 * The user's own settings kept on the server (issue 14 point 6; `GET|PUT /sys/user/account/settings`): the display
 * settings of the settings drawer / 个性化设置 and the notice settings of 新消息通知 / 语音播报. They follow the user to
 * any browser: read right after a sign-in and applied to the local stores
 * (store/preferences.ts, live/liveSettings.ts); every change is sent, merged and debounced, while signed in.
 */
import { http } from '../api/request';

export interface ServerSettings {
  navTheme: 'dark' | 'light';
  primaryColor: string;
  layoutMode: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** 新消息通知: 通知公告 shown in the bell */
  noticeAnnouncement: boolean;
  /** 新消息通知: 系统消息 shown in the bell */
  noticeSystem: boolean;
  /** 语音播报 (the drawer's switch and 新消息通知's) */
  noticeVoice: boolean;
}

export const ACCOUNT_SETTINGS_URL = '/sys/user/account/settings';
/** Changes within this time are sent as one request. */
export const SAVE_DEBOUNCE_MS = 50;

/** The stored settings of the signed-in user (only the keys they have set), or null when the call failed. */
export async function fetchServerSettings(): Promise<Partial<ServerSettings> | null> {
  try {
    const res = await http.get<Partial<ServerSettings>>(ACCOUNT_SETTINGS_URL, undefined, { silent: true });
    return res.success && res.result && typeof res.result === 'object' ? res.result : null;
  } catch {
    return null;
  }
}

let pending: Partial<ServerSettings> = {};
let timer: ReturnType<typeof setTimeout> | null = null;
let inFlight: Promise<void> = Promise.resolve();

/** Whether a session is active: set by the preferences store (which follows the session store). */
let signedIn: () => boolean = () => false;
export function setSignedInProbe(fn: () => boolean): void {
  signedIn = fn;
}

/** Queue a change for the server (merged with others within SAVE_DEBOUNCE_MS); nothing is sent when signed out. */
export function queueServerSettings(patch: Partial<ServerSettings>): void {
  if (!signedIn()) return;
  pending = { ...pending, ...patch };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flushServerSettings(), SAVE_DEBOUNCE_MS);
}

/** Send the queued changes now (the answer's failure is silent: the local value stays, the next change retries). */
export function flushServerSettings(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  const body = pending;
  pending = {};
  if (!Object.keys(body).length) return inFlight;
  inFlight = inFlight.then(async () => {
    try {
      await http.put<unknown>(ACCOUNT_SETTINGS_URL, body, { silent: true });
    } catch {
      /* kept locally */
    }
  });
  return inFlight;
}

/** Drop queued changes (sign-out: they belong to the user who left). */
export function dropQueuedSettings(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  pending = {};
}
