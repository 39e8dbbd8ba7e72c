// Issue 14 points 1, 3 and 4 (s14-monitor): the admin opens the five 系统监控 › 性能监控 screens and the 监控台
// dashboard; each shows live figures and its charts (ECharts through <Chart>, SVG), and 请求追踪 lists the admin's
// own requests without a token. A background tab stops asking (usePageActive): no monitor call while another tab is
// shown.
import { ADMIN, expect, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'monitor: server, runtime, service, disk and trace screens and the 监控台 dashboard, live and charted';

/** Wait until the page's charts have drawn (an <svg> with paths inside each chart box). */
async function chartsDrawn(page, min) {
  await page.waitForFunction(
    (n) => [...document.querySelectorAll('[data-page-key]:not([hidden]) svg')].filter((s) => s.querySelector('path')).length >= n,
    min,
    { timeout: 20_000 },
  );
}

/** The tab page on screen (the keep-alive outlet keeps the others mounted, hidden). */
const shown = (page) => page.locator('[data-page-key]:not([hidden])');

/** The visible page's text. */
async function pageText(page) {
  return page.locator('[data-page-key]:not([hidden])').innerText();
}

export async function run({ page, baseUrl, step }) {
  step('the admin signs in');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);

  step('服务器信息: CPU gauges, the CPU chart and the figures table');
  await page.goto(`${baseUrl}/monitor/SystemInfo`);
  await shown(page).getByText('Node.js 版本').waitFor();
  await page.waitForFunction(() => /v\d+\.\d+\.\d+/.test(document.body.innerText), null, { timeout: 15_000 });
  await chartsDrawn(page, 4);
  let text = await pageText(page);
  expect(/\d+ 核/.test(text) && text.includes('进程启动时间') && /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/.test(text), `server info: ${text.slice(0, 400)}`);
  await screenshot(page, 'monitor-system-info', { fullPage: true });

  step('运行时信息: heap, event loop, heap spaces');
  await page.goto(`${baseUrl}/monitor/JvmInfo`);
  await shown(page).getByText('V8 堆空间').waitFor();
  await page.locator('[data-page-key]:not([hidden]) .ant-table-row', { hasText: 'old_space' }).waitFor({ timeout: 20_000 });
  await chartsDrawn(page, 2);
  text = await pageText(page);
  expect(/\d+(\.\d+)? (MB|GB)/.test(text) && text.includes('事件循环延迟'), `runtime info: ${text.slice(0, 400)}`);
  await screenshot(page, 'monitor-runtime-info', { fullPage: true });

  step('服务信息: sessions (the admin is one), requests per second and latency');
  await page.goto(`${baseUrl}/monitor/TomcatInfo`);
  await shown(page).getByText('当前活跃会话数').waitFor();
  await page.waitForFunction(
    () => {
      const row = [...document.querySelectorAll('[data-page-key]:not([hidden]) .ant-table-row')].find((r) => r.textContent.includes('当前活跃会话数'));
      return row && Number(row.lastElementChild?.textContent) >= 1;
    },
    null,
    { timeout: 15_000 },
  );
  await chartsDrawn(page, 2);
  await screenshot(page, 'monitor-service-info', { fullPage: true });

  step('磁盘监控: one gauge per filesystem, the root among them');
  await page.goto(`${baseUrl}/monitor/Disk`);
  await page.locator('[data-page-key]:not([hidden]) .ant-card-head-title', { hasText: /^\// }).first().waitFor({ timeout: 15_000 });
  await chartsDrawn(page, 1);
  text = await pageText(page);
  expect(text.includes('总量') && text.includes('可用'), `disks: ${text.slice(0, 300)}`);
  await screenshot(page, 'monitor-disk', { fullPage: true });

  step('请求追踪: the admin’s own requests, newest first, no token in the page');
  await page.goto(`${baseUrl}/monitor/HttpTrace`);
  const firstRow = page.locator('[data-page-key]:not([hidden]) .ant-table-tbody tr.ant-table-row').first();
  await firstRow.waitFor({ timeout: 15_000 });
  text = await pageText(page);
  expect(text.includes('/jeecg-boot/') && text.includes('admin') && /GET/.test(text), `trace: ${text.slice(0, 400)}`);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Access-Token') ?? 'null')?.value);
  expect(token && !(await page.content()).includes(token), 'the trace page shows no token');
  await screenshot(page, 'monitor-http-trace', { fullPage: true });

  step('监控台: the figures at a glance and its charts');
  await page.goto(`${baseUrl}/dashboard/monitor`);
  await shown(page).getByText('请求耗时 p99', { exact: true }).waitFor(); // exact: the 请求 chart's legend reads 每秒请求耗时 p99（ms）
  await chartsDrawn(page, 5);
  // a second sample, so the line charts draw lines
  await page.waitForTimeout(5500);
  text = await pageText(page);
  expect(text.includes('在线会话') && text.includes('事件循环 p99') && text.includes('每秒请求'), `dashboard: ${text.slice(0, 400)}`);
  await screenshot(page, 'monitor-dashboard', { fullPage: true });

  step('a background tab stops polling: no monitor call while 首页 is shown');
  const calls = [];
  page.on('request', (r) => {
    if (/\/actuator\/|queryDiskInfo/.test(r.url())) calls.push(r.url());
  });
  await page.goto(`${baseUrl}/dashboard/monitor`);
  await shown(page).getByText('请求耗时 p99', { exact: true }).waitFor(); // exact: the 请求 chart's legend reads 每秒请求耗时 p99（ms）
  // open 首页 in the shell (client-side navigation: the monitor tab stays mounted in the background)
  await page.evaluate(() => window.history.pushState({}, '', '/dashboard/analysis'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await page.waitForFunction(() => document.querySelector('[data-page-key="/dashboard/monitor"]')?.hasAttribute('hidden'), null, { timeout: 10_000 });
  await page.waitForTimeout(1000);
  const before = calls.length;
  await page.waitForTimeout(11_000);
  expect(calls.length === before, `calls while in the background: ${calls.slice(before).join(', ')}`);
}
