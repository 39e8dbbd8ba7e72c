import { describe, expect, it } from 'vitest';
import { COLOR_PRESETS, DEFAULT_PREFERENCES, loadPreferences, usePreferences } from './preferences';
import { NS } from './storage';

describe('preferences', () => {
  it('defaults', () => {
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toMatchObject({ navTheme: 'dark', primaryColor: '#1890FF', layoutMode: 'sidemenu', multipage: true });
    expect(COLOR_PRESETS).toHaveLength(8);
    expect(COLOR_PRESETS.map((c) => c.color)).toContain('#1890FF');
  });
  it('persists under the original keys and restores', () => {
    usePreferences.getState().set('layoutMode', 'topmenu');
    usePreferences.getState().set('primaryColor', '#722ED1');
    usePreferences.getState().set('colorWeak', true);
    expect(JSON.parse(localStorage.getItem(`${NS}DEFAULT_LAYOUT_MODE`)!).value).toBe('topmenu');
    expect(loadPreferences()).toMatchObject({ layoutMode: 'topmenu', primaryColor: '#722ED1', colorWeak: true, navTheme: 'dark' });
    usePreferences.getState().reset();
    expect(loadPreferences()).toEqual(DEFAULT_PREFERENCES);
  });
  it('ignores invalid stored values', () => {
    localStorage.setItem(`${NS}DEFAULT_THEME`, JSON.stringify({ value: 'purple', expire: null }));
    localStorage.setItem(`${NS}DEFAULT_MULTI_PAGE`, JSON.stringify({ value: false, expire: null }));
    expect(loadPreferences()).toMatchObject({ navTheme: 'dark', multipage: false });
  });
});
