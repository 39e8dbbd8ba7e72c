// Issue 14 point 2: Redis监控 and Redis终端. On the shared e2e server (no REDIS_URL) both pages say Redis is not
// configured instead of failing. On a server of its own with REDIS_URL (Redis at 127.0.0.1:6379) the INFO table shows Chinese descriptions, the two charts fill while the page is shown, and the terminal runs a
// read-only command and refuses FLUSHALL and a session key's value.
import { ADMIN, expect, motionsSettled, screenshot, startServer, submitSignIn } from '../harness.mjs';

export const name = 'redis monitor: not-configured notice without Redis; INFO, live charts and the read-only terminal with Redis';
export const timeoutMs = 180_000;

const NOT_CONFIGURED = '未配置Redis（REDIS_URL），Redis监控不可用';
const stamp = Date.now().toString(36).slice(-5);

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
}

async function runCommand(page, command) {
  const input = page.getByRole('textbox', { name: /输入命令后回车/ });
  await input.fill(command);
  await input.press('Enter');
  await page.getByTestId('redis-terminal-screen').getByText(`> ${command}`, { exact: true }).last().waitFor();
}

export async function run({ page, baseUrl, step }) {
  step('without REDIS_URL: Redis监控 says Redis is not configured');
  await signIn(page, baseUrl);
  await page.goto(`${baseUrl}/monitor/redis/info`);
  await page.getByText(NOT_CONFIGURED).waitFor();
  expect((await page.locator('[data-testid="redis-info"] [role="img"][aria-label^="Redis"]').count()) === 0, 'no chart without Redis');
  await screenshot(page, 'redis-monitor-not-configured');

  step('without REDIS_URL: Redis终端 (in the menu under 性能监控) says so too');
  await page.goto(`${baseUrl}/monitor/redis/terminal`);
  await page.getByTestId('redis-terminal-off').getByText(NOT_CONFIGURED).waitFor();

  step('a server with REDIS_URL: the INFO table and the live charts');
  const server = await startServer({ env: { REDIS_URL: 'redis://127.0.0.1:6379' }, logName: 'server-redis-monitor' });
  try {
    const url = server.baseUrl;
    await signIn(page, url);
    await page.goto(`${url}/monitor/redis/info`);
    await page.getByText('redis_version', { exact: true }).waitFor();
    await page.getByText('Redis 服务器版本').waitFor();
    const charts = page.locator('[data-testid="redis-info"] [role="img"][aria-label^="Redis"]');
    expect((await charts.count()) === 2, `two charts, got ${await charts.count()}`);
    // three polls (every 3 s) draw at least three points on the key-count chart
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="redis-info"] svg path').length > 4, null, { timeout: 20_000 });
    await page.waitForTimeout(7000);
    await screenshot(page, 'redis-monitor-info', { fullPage: false });

    step('Redis监控 kept alive in a background tab polls nothing; back in front it polls again');
    let polls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/sys/actuator/redis/keysSize')) polls++;
    });
    await page.locator('.ant-layout-sider').getByRole('menuitem', { name: 'Redis终端' }).click();
    await page.getByText('可用命令').waitFor();
    await page.waitForTimeout(1000);
    const before = polls;
    await page.waitForTimeout(7000);
    expect(polls === before, `a hidden Redis监控 tab polled ${polls - before} times`);
    await page.locator('.ant-tabs-tab', { hasText: 'Redis监控' }).click();
    const t0 = Date.now();
    while (polls === before && Date.now() - t0 < 8000) await page.waitForTimeout(200);
    expect(polls > before, 'Redis监控 back in front polls again');

    step('the Redis终端: a read-only command answers, FLUSHALL and a session value are refused');
    await page.locator('.ant-tabs-tab', { hasText: 'Redis终端' }).click();
    await page.getByText('可用命令').waitFor();
    await motionsSettled(page);
    await runCommand(page, 'PING');
    await page.getByTestId('redis-terminal-screen').getByText('"PONG"').waitFor();
    await runCommand(page, 'INFO server');
    await page
      .getByTestId('redis-terminal-screen')
      .getByText(/redis_version:/)
      .waitFor();
    await runCommand(page, 'FLUSHALL');
    await page.getByText('不允许执行该命令：FLUSHALL（Redis终端只允许只读命令）').waitFor();
    await runCommand(page, `GET pk:session:e2e${stamp}`);
    await page.getByText(/不允许读取该键的值/).waitFor();
    await runCommand(page, 'SCAN 0 COUNT 100000');
    await page.getByText('SCAN 的 COUNT 不能超过 1000').waitFor();
    await screenshot(page, 'redis-monitor-terminal');
  } finally {
    await server.stop();
  }
}
