/**
 * Display settings (000 §3 "Display settings"): one typed object with defaults, each field persisted under the
 * original key name and restored at start.
 */
import { create } from 'zustand';
import { KEYS, ls } from './storage';

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

interface PreferencesStore extends Preferences {
  set<K extends keyof Preferences>(key: K, value: Preferences[K]): void;
  reset(): void;
}

export const usePreferences = create<PreferencesStore>()((set) => ({
  ...loadPreferences(),
  set(key, value) {
    ls.set(STORAGE_KEY[key], value);
    set({ [key]: value } as Partial<Preferences>);
  },
  reset() {
    for (const k of Object.keys(STORAGE_KEY) as (keyof Preferences)[]) ls.remove(STORAGE_KEY[k]);
    set({ ...DEFAULT_PREFERENCES });
  },
}));

export function pickPreferences(s: Preferences): Preferences {
  const out = {} as Preferences;
  for (const k of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) (out as unknown as Record<string, unknown>)[k] = s[k];
  return out;
}
