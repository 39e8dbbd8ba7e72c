import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { sendSms } from '../../api/account';

/** 获取验证码 with a 60 s countdown. `getPhone` returns the phone or null when it is not valid yet. */
export function SmsButton({ getPhone, mode }: { getPhone(): Promise<string | null>; mode: '0' | '1' | '2' }) {
  const { message } = App.useApp();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft(left - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);
  const onClick = async () => {
    const phone = await getPhone();
    if (!phone) return;
    const res = await sendSms(phone, mode);
    if (res.success) {
      setLeft(60);
      void message.success('验证码已发送');
    } else void message.warning(res.message);
  };
  return (
    <Button disabled={left > 0} onClick={() => void onClick().catch(() => undefined)} style={{ minWidth: 112 }}>
      {left > 0 ? `${left} s` : '获取验证码'}
    </Button>
  );
}
