/** Public account calls: SMS, phone sign-in, registration, password reset, own phone change (contract §3.6). */
import { http } from './request';
import type { LoginResult } from './auth';

/** POST /sys/sms — smsmode 0 login, 1 register, 2 forgot password */
export const sendSms = (mobile: string, smsmode: '0' | '1' | '2') => http.post<unknown>('/sys/sms', { mobile, smsmode });

export interface PhoneLoginParams {
  mobile: string;
  captcha: string;
}

/** POST /sys/phoneLogin — the answer of /sys/login; success only when code is 200. */
export const phoneLogin = (p: PhoneLoginParams) => http.post<LoginResult>('/sys/phoneLogin', p);

/** POST /sys/user/register */
export const register = (p: { username: string; password: string; phone: string; smscode: string }) => http.post<unknown>('/sys/user/register', p);

/** POST /sys/checkCaptcha */
export const checkCaptcha = (captcha: string, checkKey: number) => http.post<unknown>('/sys/checkCaptcha', { captcha, checkKey });

/** POST /sys/user/phoneVerification → {smscode, username}; `username` (step 1's account) must own the phone. */
export const phoneVerification = (phone: string, smscode: string, username?: string) =>
  http.post<{ smscode: string; username: string }>('/sys/user/phoneVerification', { phone, smscode, username });

/**
 * /sys/user/passwordChange. The original sends GET with query parameters (the server keeps that route); this client
 * POSTs a body so the new password never appears in a URL (access logs, history).
 */
export const passwordChange = (p: { username: string; password: string; smscode: string; phone: string }) => http.post<unknown>('/sys/user/passwordChange', p);

/** POST /sys/user/phoneChange/sms — a code to the signed-in user's NEW phone. */
export const sendPhoneChangeSms = (mobile: string) => http.post<unknown>('/sys/user/phoneChange/sms', { mobile });

/** POST /sys/user/phoneChange — the new phone, its code and the own login password. */
export const changePhone = (p: { mobile: string; captcha: string; password: string }) => http.post<unknown>('/sys/user/phoneChange', p);
