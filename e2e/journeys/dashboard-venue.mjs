// Issue 14 points 4, 5: 首页 (dashboard/Analysis) shows the visits, their 7-day chart and the venue's key figures with
// trends; 游戏统计 (dashboard/IndexChart) draws the four game charts — on the demo venue (the shared demo-venue server,
// harness demoServer()). Screenshots: e2e/artifacts/dashboard-venue-analysis.png, dashboard-venue-chart.png.
import { API_PREFIX, expect, motionsSettled, screenshot, demoServer, submitSignIn } from '../harness.mjs';

export const name = 'dashboard venue: 首页 key figures and 游戏统计 charts on the demo venue (screenshots)';
export const timeoutMs = 300_000;

export async function run({ page, step }) {
  step('the shared demo-venue server');
  const srv = await demoServer();
  const base = srv.baseUrl;
  await page.goto(`${base}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);

  step('首页: the venue figures (admin holds dashboard:analysis), the visits and their charts');
  const figures = page.locator('[data-figure]');
  await figures.first().waitFor({ timeout: 30_000 });
  expect((await figures.count()) === 6, `six key figures, got ${await figures.count()}`);
  const texts = await figures.allInnerTexts();
  for (const t of ['今日预约', '今日签到入场', '在航玩家', '岛屿打卡', '今日营收', '积分消费'])
    expect(
      texts.some((x) => x.includes(t)),
      `figure ${t} missing: ${texts.join(' | ')}`,
    );
  await page.locator('[aria-label="近7天场馆趋势"] svg').waitFor({ timeout: 30_000 });
  await page.locator('[aria-label="近7天访问"] svg').waitFor({ timeout: 30_000 });
  // the admin's own sign-in of this journey is a visit of today
  const today = Number(
    (await page.locator('.ant-statistic', { hasText: '今日访问' }).first().locator('.ant-statistic-content-value').innerText()).replace(/,/g, ''),
  );
  expect(today >= 1, `今日访问 should count this sign-in, got ${today}`);
  // the page's figures are the server's
  const api = await page.evaluate(async (prefix) => {
    const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value;
    const r = await fetch(`${prefix}/dashboard/venue/keyFigures`, { headers: token ? { 'X-Access-Token': token } : {} });
    return r.json();
  }, API_PREFIX);
  if (api?.success) {
    const reservations = api.result.figures.find((f) => f.key === 'reservations');
    const shown = await page.locator('[data-figure="reservations"] .ant-statistic-content-value').innerText();
    expect(Number(shown.replace(/,/g, '')) === reservations.value, `今日预约 shows ${shown}, the server says ${reservations.value}`);
    step(`key figures: ${api.result.figures.map((f) => `${f.title} ${f.value} (昨日 ${f.yesterday})`).join(', ')}`);
  } else throw new Error(`keyFigures failed: ${JSON.stringify(api).slice(0, 200)}`);
  await screenshot(page, 'dashboard-venue-analysis', { fullPage: true });

  step('游戏统计: the four charts over the last 30 days');
  await page.goto(`${base}/dashboard/chart`);
  for (const title of ['积分分布（当前）', '各岛答题正确率', '商品销量', '各时段预约'])
    await page.locator(`[aria-label="${title}"] svg`).waitFor({ timeout: 30_000 });
  await motionsSettled(page);
  await screenshot(page, 'dashboard-venue-chart', { fullPage: true });
  step('游戏统计: 近90天');
  await page.getByText('近90天', { exact: true }).click();
  await page.locator('[aria-label="各时段预约"] svg').waitFor({ timeout: 30_000 });
  await motionsSettled(page);
}
