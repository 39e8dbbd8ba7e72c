import { ADD_INDEX_BOTTOM, ADD_SETTINGS_KEY, DEFAULT_ADD_COUNT } from './constants';

/** Add-row settings (001 §3), stored locally only (001 §7). */
export interface AddSettings {
  addRowNum: number;
  addIndex: number;
  addScrollToBottom: boolean;
}

export const DEFAULT_ADD_SETTINGS: AddSettings = { addRowNum: DEFAULT_ADD_COUNT, addIndex: ADD_INDEX_BOTTOM, addScrollToBottom: false };

/** Reads the settings defensively: out-of-range or missing fields fall back to the defaults. */
export function parseAddSettings(raw: string | null): AddSettings {
  if (!raw) return { ...DEFAULT_ADD_SETTINGS };
  try {
    const v = JSON.parse(raw) as Partial<AddSettings>;
    const num = Number(v.addRowNum);
    const idx = Number(v.addIndex);
    return {
      addRowNum: Number.isInteger(num) && num >= 1 ? num : DEFAULT_ADD_COUNT,
      addIndex: Number.isInteger(idx) && idx >= 0 ? idx : ADD_INDEX_BOTTOM,
      addScrollToBottom: v.addScrollToBottom === true,
    };
  } catch {
    return { ...DEFAULT_ADD_SETTINGS };
  }
}

export function loadAddSettings(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): AddSettings {
  try {
    return parseAddSettings(storage?.getItem(ADD_SETTINGS_KEY) ?? null);
  } catch {
    return { ...DEFAULT_ADD_SETTINGS };
  }
}

export function saveAddSettings(s: AddSettings, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  storage?.setItem(ADD_SETTINGS_KEY, JSON.stringify(s));
}
