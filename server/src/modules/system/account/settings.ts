import { z } from 'zod';

/**
 * The user's own settings (issue 14 point 6), kept on the server per user (sys_user_setting, migration 0019) so they
 * follow the user to any browser: the display settings of the settings drawer (000 §3 "Display settings"; `sidebar`
 * and `device` stay per browser) and the notice settings of 新消息通知 (语音播报 is the drawer's switch too).
 * Only these keys are accepted; each value is checked here, and its JSON text is at most SETTING_VALUE_MAX characters.
 */
export const SETTING_VALUE_MAX = 200;

const COLOR = /^#[0-9a-fA-F]{6}$/;

export const SETTING_SCHEMAS = {
  navTheme: z.enum(['dark', 'light']),
  primaryColor: z.string().regex(COLOR),
  layoutMode: z.enum(['sidemenu', 'topmenu']),
  contentWidth: z.enum(['Fixed', 'Fluid']),
  fixedHeader: z.boolean(),
  autoHideHeader: z.boolean(),
  fixSiderbar: z.boolean(),
  colorWeak: z.boolean(),
  multipage: z.boolean(),
  /** 新消息通知: 通知公告 in the bell */
  noticeAnnouncement: z.boolean(),
  /** 新消息通知: 系统消息 in the bell */
  noticeSystem: z.boolean(),
  /** 新消息通知 / the drawer's 语音播报: spoken notices */
  noticeVoice: z.boolean(),
} as const;

export type SettingKey = keyof typeof SETTING_SCHEMAS;
export type UserSettings = { [K in SettingKey]?: z.output<(typeof SETTING_SCHEMAS)[K]> };

export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

export function isSettingKey(k: string): k is SettingKey {
  return Object.prototype.hasOwnProperty.call(SETTING_SCHEMAS, k);
}

export const ACCOUNT_MSG = {
  unknownSetting: (key: string) => `未知的设置项：${key.slice(0, 64)}`,
  badSetting: (key: string) => `设置项的值不正确：${key}`,
  settingTooLong: (key: string) => `设置项的值太长：${key}`,
  noSettings: '没有要保存的设置',
  settingsSaved: '设置已保存',
  profileSaved: '基本信息已保存',
  realnameEmpty: '姓名不能为空',
  realnameTooLong: '姓名不能超过100个字符',
  avatarTooLong: '头像地址太长',
  avatarBad: '头像地址不正确',
  emailTooLong: '电子邮件不能超过45个字符',
  emailTaken: '电子邮件已存在',
  birthdayBad: '生日格式不正确',
  sexBad: '性别只能是1（男）或2（女）',
  othersEnded: (n: number) => `已退出其他 ${n} 个会话`,
} as const;

/**
 * Check a settings body: an object of known keys with valid values. Returns the values or the message of the first
 * refusal (unknown key, bad value, too long).
 */
export function checkSettings(body: unknown): { values: UserSettings } | { error: string } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { error: ACCOUNT_MSG.noSettings };
  const values: Record<string, unknown> = {};
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0) return { error: ACCOUNT_MSG.noSettings };
  if (entries.length > SETTING_KEYS.length) return { error: ACCOUNT_MSG.unknownSetting(entries.find(([k]) => !isSettingKey(k))?.[0] ?? '') };
  for (const [k, v] of entries) {
    if (!isSettingKey(k)) return { error: ACCOUNT_MSG.unknownSetting(k) };
    const text = JSON.stringify(v ?? null);
    if (text.length > SETTING_VALUE_MAX) return { error: ACCOUNT_MSG.settingTooLong(k) };
    const r = SETTING_SCHEMAS[k].safeParse(v);
    if (!r.success) return { error: ACCOUNT_MSG.badSetting(k) };
    values[k] = r.data;
  }
  return { values: values as UserSettings };
}

/** A stored value read back; null when it no longer fits its schema (then the client's default applies). */
export function readSetting(key: string, text: string): { key: SettingKey; value: unknown } | null {
  if (!isSettingKey(key)) return null;
  try {
    const r = SETTING_SCHEMAS[key].safeParse(JSON.parse(text));
    return r.success ? { key, value: r.data } : null;
  } catch {
    return null;
  }
}
