import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { sendSms } from '../../api/account';

/** Seconds before the next code may be asked for (the server's SMS_PHONE_INTERVAL_SECONDS default). */
export const SMS_COUNTDOWN_SECONDS = 60;

export const SMS_BUTTON_MSG = {
  get: '获取验证码',
  sending: '发送中',
  sent: '验证码已发送，请查收短信',
  again: (s: number) => `${s} 秒后重新获取`,
} as const;

/**
 * 获取验证码 with a 60 s countdown (000 §2). `getPhone` returns the phone, or null when it is not valid yet (the form
 * shows why). `send` replaces the default POST /sys/sms (the phone change sends through its own route). The server's
 * refusal (too often, daily cap, …) is shown as it is.
 */
export function SmsButton({
  getPhone,
  mode,
  send,
}: {
  getPhone(): Promise<string | null>;
  mode?: '0' | '1' | '2';
  send?: (phone: string) => Promise<{ success: boolean; message: string }>;
}) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const onClick = async () => {
    const phone = await getPhone();
    if (!phone) return;
    setBusy(true);
    try {
      const res = send ? await send(phone) : await sendSms(phone, mode ?? '0');
      if (res.success) {
        setLeft(SMS_COUNTDOWN_SECONDS);
        void message.success(SMS_BUTTON_MSG.sent);
      } else void message.warning(res.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button disabled={left > 0} loading={busy} onClick={() => void onClick().catch(() => undefined)} style={{ minWidth: 132 }} data-testid="sms-button">
      {left > 0 ? SMS_BUTTON_MSG.again(left) : busy ? SMS_BUTTON_MSG.sending : SMS_BUTTON_MSG.get}
    </Button>
  );
}
