// Issue 12 points 5–6 in the browser: the signed-in layout opens the live notice channel `/websocket/{userId}` with the
// token as the sub-protocol and keeps it open; a spoken notice's WAV (GET /sys/speech/tts) loads from a blob URL
// under the CSP (media-src 'self' blob:); 语音播报 in the settings drawer switches spoken notices off for this user;
// signing out closes the channel.
import { API_PREFIX, clickHoverMenuItem, expect, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'live notice channel and spoken notices';

export async function run({ page, baseUrl, step }) {
  step('sign in: the layout opens /websocket/{userId} with the token as the sub-protocol');
  const opened = page.waitForEvent('websocket', { predicate: (ws) => /\/websocket\/[^/]+$/.test(ws.url()), timeout: 30_000 });
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  const ws = await opened;
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo')).value.id);
  expect(ws.url().endsWith(`${API_PREFIX}/websocket/${userId}`), `socket url ${ws.url()} for ${userId}`);
  const closed = ws.waitForEvent('close', { timeout: 30_000 });
  await page.waitForTimeout(1500);
  expect(!ws.isClosed(), 'the live channel was closed by the server (token refused?)');

  step('a spoken notice: the WAV of the text loads and decodes from a blob URL');
  const audio = await page.evaluate(async (prefix) => {
    const token = JSON.parse(localStorage.getItem('pro__Access-Token')).value;
    const res = await fetch(`${prefix}/sys/speech/tts?text=${encodeURIComponent('您有一条新消息')}`, { headers: { 'X-Access-Token': token } });
    const type = res.headers.get('content-type') ?? '';
    if (!type.startsWith('audio/')) return { type, body: await res.text() };
    const url = URL.createObjectURL(await res.blob());
    const a = new Audio(url);
    const duration = await new Promise((resolve) => {
      a.onloadedmetadata = () => resolve(a.duration);
      a.onerror = () => resolve(-1);
      setTimeout(() => resolve(-2), 10_000);
    });
    URL.revokeObjectURL(url);
    return { type, duration };
  }, API_PREFIX);
  expect(audio.type.startsWith('audio/wav'), `tts answer: ${JSON.stringify(audio)}`);
  expect(audio.duration > 0.3, `the clip did not load: ${JSON.stringify(audio)}`);

  step('settings drawer: 语音播报 is on by default and switches off for this user');
  await clickHoverMenuItem(page, page.getByTestId('user-dropdown'), '系统设置');
  const drawer = page.getByTestId('setting-drawer');
  const voice = drawer.getByRole('switch', { name: '语音播报' });
  await voice.waitFor();
  expect((await voice.getAttribute('aria-checked')) === 'true', '语音播报 should start on');
  await drawer.getByText('通知设置').scrollIntoViewIfNeeded();
  await screenshot(page, '30-live-notices-settings');
  await voice.click();
  expect((await voice.getAttribute('aria-checked')) === 'false', '语音播报 did not switch off');
  const stored = await page.evaluate((id) => localStorage.getItem(`pro__NOTICE_VOICE_${id}`), userId);
  expect(stored && JSON.parse(stored).value === false, `stored setting: ${stored}`);
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  step('sign out: the channel closes');
  await page.getByTestId('logout').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('真的要注销登录吗 ?').waitFor();
  // A click during the modal's zoom-in animation can be lost: retry while the dialog is still open.
  for (let attempt = 1; ; attempt++) {
    await confirm.locator('.ant-btn-primary').click();
    try {
      await page.waitForURL(/\/user\/login/, { timeout: 5000 });
      break;
    } catch (e) {
      if (attempt >= 3 || !(await confirm.isVisible())) throw e;
    }
  }
  await closed;
}
