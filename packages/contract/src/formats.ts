/**
 * Formats of contact fields, one rule set for the client's forms and the server's body validation (001 §5 form
 * patterns; issue 10 point 18). A field opts in with `format` in its entity definition; an empty value is left to
 * `required`.
 */
export type FieldFormat = 'mobile' | 'telephone' | 'email' | 'time';

export const FIELD_FORMATS: Record<FieldFormat, { pattern: RegExp; message: string }> = {
  /** 001 §5 mobile: 1, then 3-9, 11 digits in all */
  mobile: { pattern: /^1[3-9]\d{9}$/, message: '请输入正确格式的手机号码!' },
  /** 001 §5 landline: area code 0xx(x), a dash, 7 or 8 digits not starting with 0 */
  telephone: { pattern: /^0\d{2,3}-[1-9]\d{6,7}$/, message: '请输入正确格式的座机号码!' },
  /** 001 §5 e-mail: a valid address (local part, @, a domain with a dot) */
  email: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, message: '请输入正确格式的电子邮件!' },
  /** a time of day, 24 h: HH:mm or HH:mm:ss (a sign-in place's open hours) */
  time: { pattern: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, message: '请输入正确格式的时间（HH:mm）!' },
};

/** The message for a value that does not fit its format, or null (an empty value fits: `required` decides). */
export function formatError(format: FieldFormat, value: string): string | null {
  if (value === '') return null;
  const f = FIELD_FORMATS[format];
  return f.pattern.test(value) ? null : f.message;
}
