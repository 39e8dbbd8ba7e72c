/**
 * Settings of self-service sign-in (issue 14 point 7): self-registration and the SMS code limits. Read with the rest
 * of the configuration (config.ts spreads `loadSignInConfig(env)`), README "Configuration".
 */
export interface SignInConfig {
  /** REGISTER_ENABLED=on lets anyone register an account with a phone code (/sys/user/register); off (default): refused. */
  registerEnabled: boolean;
  /** SMS_PHONE_INTERVAL_SECONDS: at most one code per phone number in this many seconds (default 60; 0 = no gap). */
  smsPhoneIntervalSeconds: number;
  /** SMS_IP_INTERVAL_SECONDS: at most one code per client address in this many seconds (default 60; 0 = no gap). */
  smsIpIntervalSeconds: number;
  /** SMS_PHONE_DAILY_LIMIT: codes per phone number and day (GMT+8) (default 10; 0 = no cap). */
  smsPhoneDailyLimit: number;
  /** SMS_IP_DAILY_LIMIT: codes per client address and day (GMT+8) (default 50; 0 = no cap). */
  smsIpDailyLimit: number;
}

class SignInConfigError extends Error {}

function whole(raw: string | undefined, fallback: number, name: string, max: number): number {
  const s = (raw ?? '').trim();
  if (s === '') return fallback;
  if (!/^\d+$/.test(s) || Number(s) > max) throw new SignInConfigError(`${name} must be a whole number from 0 to ${max} (got "${raw}")`);
  return Number(s);
}

export function loadSignInConfig(env: NodeJS.ProcessEnv): SignInConfig {
  const reg = (env.REGISTER_ENABLED ?? 'off').trim().toLowerCase();
  if (reg !== 'on' && reg !== 'off') throw new SignInConfigError(`REGISTER_ENABLED must be "on" or "off" (got "${env.REGISTER_ENABLED}")`);
  return {
    registerEnabled: reg === 'on',
    smsPhoneIntervalSeconds: whole(env.SMS_PHONE_INTERVAL_SECONDS, 60, 'SMS_PHONE_INTERVAL_SECONDS', 86_400),
    smsIpIntervalSeconds: whole(env.SMS_IP_INTERVAL_SECONDS, 60, 'SMS_IP_INTERVAL_SECONDS', 86_400),
    smsPhoneDailyLimit: whole(env.SMS_PHONE_DAILY_LIMIT, 10, 'SMS_PHONE_DAILY_LIMIT', 1_000_000),
    smsIpDailyLimit: whole(env.SMS_IP_DAILY_LIMIT, 50, 'SMS_IP_DAILY_LIMIT', 1_000_000),
  };
}
