// Issue 14 point 7 in the browser: register with a phone code (register → register-result), sign in by phone on the
// login page's 手机号登录 tab (60 s countdown on the code button), and alter the forgotten password in 4 steps, then
// sign in with the new password. The journey starts its own server with REGISTER_ENABLED=on (off by default) and
// LOG_LEVEL=info: the built-in SMS provider writes each text to the server log, where the journey reads the codes.
import fs from 'node:fs';
import { expect, motionsSettled, screenshot, startServer, submitSignIn } from '../harness.mjs';

export const name = 'sign in by phone, register, alter a forgotten password';
export const timeoutMs = 150_000;

/** The code of the last SMS text the log provider wrote for `phone` (waits for it). */
async function codeFromLog(logFile, phone, after = 0) {
  for (let i = 0; i < 100; i++) {
    const lines = fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    const codes = [];
    for (const line of lines) {
      try {
        const j = JSON.parse(line);
        const m = j.phone === phone && /验证码为 (\d{6})/.exec(j.text ?? '');
        if (m) codes.push(m[1]);
      } catch {
        /* not a JSON log line */
      }
    }
    if (codes.length > after) return { code: codes.at(-1), count: codes.length };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS code for ${phone} in ${logFile}`);
}

export async function run({ page, step }) {
  const server = await startServer({
    logName: 'signin-phone-server',
    // the gaps off: this one browser (127.0.0.1) asks for three codes for one phone within a minute
    env: { REGISTER_ENABLED: 'on', LOG_LEVEL: 'info', SMS_PHONE_INTERVAL_SECONDS: '0', SMS_IP_INTERVAL_SECONDS: '0', RATE_LIMIT_SMS: '10000' },
  });
  try {
    const base = server.baseUrl;
    const tail = String(Date.now()).slice(-8);
    const phone = `135${tail}`;
    const username = `sgn${tail}`;
    let sent = 0;

    step('register: account, password, phone, code → register-result');
    await page.goto(`${base}/user/register`);
    const reg = page.getByRole('form', { name: '注册' });
    await reg.getByLabel('用户名').fill(username);
    await reg.getByLabel('密码', { exact: true }).fill('Start#2026');
    await reg.getByLabel('确认密码').fill('Start#2026');
    await reg.getByLabel('手机号').fill(phone);
    await reg.getByTestId('sms-button').click();
    await reg
      .getByTestId('sms-button')
      .getByText(/秒后重新获取/)
      .waitFor();
    let got = await codeFromLog(server.logFile, phone, sent);
    sent = got.count;
    await reg.getByLabel('短信验证码').fill(got.code);
    await screenshot(page, 'signin-register-form');
    await reg.getByRole('button', { name: /注\s*册/ }).click();
    await page.waitForURL(/\/user\/register-result/);
    await page.getByText(`你的账户：${username} 注册成功`).waitFor();
    await screenshot(page, 'signin-register-result');

    step('sign in by phone: the 手机号登录 tab, the code button counts down, the code signs in');
    await page.goto(`${base}/user/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    const pf = page.getByRole('form', { name: '手机号登录' });
    await pf.getByLabel('手机号').fill(phone);
    await pf.getByTestId('sms-button').click();
    await pf
      .getByTestId('sms-button')
      .getByText(/秒后重新获取/)
      .waitFor();
    expect(await pf.getByTestId('sms-button').isDisabled(), 'the code button should be disabled while counting down');
    got = await codeFromLog(server.logFile, phone, sent);
    sent = got.count;
    // a wrong code first: refused with the server's message, the page stays
    await pf.getByLabel('短信验证码').fill(got.code === '000000' ? '000001' : '000000');
    await pf.getByRole('button', { name: /确\s*定/ }).click();
    await page.locator('.ant-notification-notice').getByText('手机验证码错误').waitFor();
    await pf.getByLabel('短信验证码').fill(got.code);
    await screenshot(page, 'signin-phone-tab');
    await pf.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user/'), { timeout: 30_000 });
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value);
    expect(typeof token === 'string' && token.length > 20, 'no token stored after the phone sign-in');
    await page.waitForTimeout(500);
    await screenshot(page, 'signin-phone-signed-in');
    await page.evaluate(() => localStorage.clear());

    step('alteration in 4 steps: account + captcha → phone + code → new password → done');
    await page.goto(`${base}/user/alteration`);
    const s1 = page.getByRole('form', { name: '账户信息' });
    await s1.getByLabel('账号').fill(username);
    await s1.getByLabel('验证码', { exact: true }).fill('0000');
    await s1.getByRole('button', { name: /下一步/ }).click();
    const s2 = page.getByRole('form', { name: '身份验证' });
    await s2.waitFor();
    await s2.getByLabel('手机号').fill(phone);
    await s2.getByTestId('sms-button').click();
    got = await codeFromLog(server.logFile, phone, sent);
    sent = got.count;
    await s2.getByLabel('短信验证码').fill(got.code);
    await screenshot(page, 'signin-alteration-step2');
    await s2.getByRole('button', { name: /下一步/ }).click();
    const s3 = page.getByRole('form', { name: '更改密码' });
    await s3.waitFor();
    await s3.getByLabel('新密码').fill('Changed#2026');
    await s3.getByLabel('确认密码').fill('Changed#2026');
    await s3.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('密码修改成功').waitFor();
    await screenshot(page, 'signin-alteration-done');

    step('the new password signs in');
    await page.goto(`${base}/user/login`);
    await motionsSettled(page);
    await submitSignIn(page, { username, password: 'Changed#2026' });
    await page.waitForURL((u) => !u.pathname.startsWith('/user/'), { timeout: 30_000 });
  } finally {
    await server.stop();
  }
}
