/** Public account calls: SMS, registration, password reset (contract §3.6). */
import { http } from './request';

/** POST /sys/sms — smsmode 0 login, 1 register, 2 forgot password */
export const sendSms = (mobile: string, smsmode: '0' | '1' | '2') => http.post<unknown>('/sys/sms', { mobile, smsmode });

/** POST /sys/user/register */
export const register = (p: { username: string; password: string; phone: string; smscode: string }) => http.post<unknown>('/sys/user/register', p);

/** GET /sys/user/checkOnlyUser — success:false "用户账号已存在" when the account exists */
export const checkOnlyUser = (username: string) => http.get<boolean>('/sys/user/checkOnlyUser', { username });

/** POST /sys/checkCaptcha */
export const checkCaptcha = (captcha: string, checkKey: number) => http.post<unknown>('/sys/checkCaptcha', { captcha, checkKey });

/** POST /sys/user/phoneVerification → {smscode, username} */
export const phoneVerification = (phone: string, smscode: string) =>
  http.post<{ smscode: string; username: string }>('/sys/user/phoneVerification', { phone, smscode });

/** GET /sys/user/passwordChange (query params, as the original) */
export const passwordChange = (p: { username: string; password: string; smscode: string; phone: string }) => http.get<unknown>('/sys/user/passwordChange', p);
