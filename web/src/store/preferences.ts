/**
 * Display settings (000 §3 "Display settings"): one typed object with defaults, each field persisted under the
 * original key name and restored at start. Issue 14 point 6: they are also the user's, kept on the server
 * (store/accountSettings.ts) — every change made while signed in is sent there, and right after a sign-in the server's
 * values are applied (not at a reload: this browser's values are the latest then), so the settings follow the user to any browser. The
 * settings drawer and 个人设置 → 个性化设置 both edit this store. `sidebar` (collapsed or not) stays per browser.
 */
import { create } from 'zustand';
import { KEYS, ls } from './storage';
import { useSession } from './session';
import { dropQueuedSettings, fetchServerSettings, queueServerSettings, setSignedInProbe, type ServerSettings } from './accountSettings';
import { useLiveSettings } from '../live/liveSettings';

export type NavTheme = 'dark' | 'light';
export type LayoutMode = 'sidemenu' | 'topmenu';
export type ContentWidth = 'Fixed' | 'Fluid';

export interface Preferences {
  navTheme: NavTheme;
  primaryColor: string;
  layoutMode: LayoutMode;
  contentWidth: ContentWidth;
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** sidebar open (the original's SIDEBAR_TYPE); false = collapsed */
  sidebar: boolean;
}

export const DEFAULT_PREFERENCES: Preferences = {
  navTheme: 'dark',
  primaryColor: '#1890FF',
  layoutMode: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  sidebar: true,
};

/** The eight colour presets of the settings drawer; 拂晓蓝 #1890FF is the default. */
export const COLOR_PRESETS: { key: string; color: string }[] = [
  { key: '薄暮', color: '#F5222D' },
  { key: '火山', color: '#FA541C' },
  { key: '日暮', color: '#FAAD14' },
  { key: '明青', color: '#13C2C2' },
  { key: '极光绿', color: '#52C41A' },
  { key: '拂晓蓝（默认）', color: '#1890FF' },
  { key: '极客蓝', color: '#2F54EB' },
  { key: '酱紫', color: '#722ED1' },
];

const STORAGE_KEY: Record<keyof Preferences, string> = {
  navTheme: KEYS.THEME,
  primaryColor: KEYS.COLOR,
  layoutMode: KEYS.LAYOUT_MODE,
  contentWidth: KEYS.CONTENT_WIDTH_TYPE,
  fixedHeader: KEYS.FIXED_HEADER,
  autoHideHeader: KEYS.FIXED_HEADER_HIDDEN,
  fixSiderbar: KEYS.FIXED_SIDEMENU,
  colorWeak: KEYS.COLOR_WEAK,
  multipage: KEYS.MULTI_PAGE,
  sidebar: KEYS.SIDEBAR_TYPE,
};

const VALID: { [K in keyof Preferences]: (v: unknown) => v is Preferences[K] } = {
  navTheme: (v): v is NavTheme => v === 'dark' || v === 'light',
  primaryColor: (v): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v),
  layoutMode: (v): v is LayoutMode => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v): v is ContentWidth => v === 'Fixed' || v === 'Fluid',
  fixedHeader: isBool,
  autoHideHeader: isBool,
  fixSiderbar: isBool,
  colorWeak: isBool,
  multipage: isBool,
  sidebar: isBool,
};

function isBool(v: unknown): v is boolean {
  return typeof v === 'boolean';
}

/** Stored values over the defaults; invalid stored values are ignored. */
export function loadPreferences(): Preferences {
  const out: Preferences = { ...DEFAULT_PREFERENCES };
  for (const k of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    const v = ls.get<unknown>(STORAGE_KEY[k]);
    if (VALID[k](v)) (out as unknown as Record<string, unknown>)[k] = v;
  }
  return out;
}

/** The display settings kept on the server (all but the per-browser `sidebar`). */
export const SERVER_PREFERENCE_KEYS = [
  'navTheme',
  'primaryColor',
  'layoutMode',
  'contentWidth',
  'fixedHeader',
  'autoHideHeader',
  'fixSiderbar',
  'colorWeak',
  'multipage',
] as const satisfies readonly (keyof Preferences & keyof ServerSettings)[];

type ServerPreferenceKey = (typeof SERVER_PREFERENCE_KEYS)[number];

function isServerKey(k: keyof Preferences): k is ServerPreferenceKey {
  return (SERVER_PREFERENCE_KEYS as readonly string[]).includes(k);
}

interface PreferencesStore extends Preferences {
  set<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
  reset(): void;
  /** Apply the server's settings (after a sign-in): the defaults under the stored keys; nothing is sent back. */
  applyServer(s: Partial<ServerSettings>): void;
}

export const usePreferences = create<PreferencesStore>()((set) => ({
  ...loadPreferences(),
  set(key, value) {
    ls.set(STORAGE_KEY[key], value);
    set({ [key]: value } as Partial<Preferences>);
    if (isServerKey(key)) queueServerSettings({ [key]: value });
  },
  reset() {
    for (const k of Object.keys(STORAGE_KEY) as (keyof Preferences)[]) ls.remove(STORAGE_KEY[k]);
    set({ ...DEFAULT_PREFERENCES });
    const defaults: Partial<ServerSettings> = {};
    for (const k of SERVER_PREFERENCE_KEYS) (defaults as Record<string, unknown>)[k] = DEFAULT_PREFERENCES[k];
    queueServerSettings(defaults);
  },
  applyServer(s) {
    // A user who never saved a display setting keeps this browser's; otherwise the server's over the defaults.
    if (!SERVER_PREFERENCE_KEYS.some((k) => s[k] !== undefined)) return;
    const next: Partial<Preferences> = {};
    for (const k of SERVER_PREFERENCE_KEYS) {
      const v = s[k] !== undefined && VALID[k](s[k]) ? s[k] : DEFAULT_PREFERENCES[k];
      (next as Record<string, unknown>)[k] = v;
      ls.set(STORAGE_KEY[k], v);
    }
    set(next);
  },
}));

/**
 * Read the signed-in user's settings from the server and apply them (display settings here, notice settings in the
 * live settings store). Resolves when applied; a failed read leaves the local settings as they are.
 */
export async function syncSettingsFromServer(): Promise<void> {
  const token = useSession.getState().token;
  if (!token) return;
  const s = await fetchServerSettings();
  // signed out or another user signed in meanwhile: their settings are not these
  if (!s || useSession.getState().token !== token) return;
  usePreferences.getState().applyServer(s);
  const userId = useSession.getState().userInfo?.id;
  if (userId) useLiveSettings.getState().applyServer(userId, s);
}

setSignedInProbe(() => !!useSession.getState().token);
useLiveSettings.setState({ currentUserId: useSession.getState().userInfo?.id ?? null });
useSession.subscribe((s, prev) => {
  if (s.userInfo?.id !== prev.userInfo?.id) useLiveSettings.setState({ currentUserId: s.userInfo?.id ?? null });
  if (s.token === prev.token) return;
  if (!s.token) dropQueuedSettings();
  else void syncSettingsFromServer();
});

export function pickPreferences(s: Preferences): Preferences {
  const out = {} as Preferences;
  for (const k of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) (out as unknown as Record<string, unknown>)[k] = s[k];
  return out;
}
