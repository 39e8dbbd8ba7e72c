// Where the time goes (issue 11 point 8): a CPU profile (CDP Profiler) and the network waterfall of three steps of
// bench/list-pages.mjs — the login page (cold context), the first list page opened after sign-in, a tab switch —
// printed as self time per script and per function, and each request's start/end relative to the step's start.
// Uses the built app (npm run build). A diagnostic: it writes nothing.
//   node bench/profile-pages.mjs [--page=/isystem/user] [--top=25]
import { ADMIN, launchBrowser, startServer, submitSignIn } from '../e2e/harness.mjs';

const args = process.argv.slice(2);
const PAGE = args.find((a) => a.startsWith('--page='))?.slice(7) ?? '/isystem/user';
const TOP = Number(args.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);

function summarise(profile, label) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    self.set(n.id, (self.get(n.id) ?? 0) + (dt[i] ?? 0) / 1000);
  }
  const byUrl = new Map();
  const byFn = new Map();
  let total = 0;
  for (const [id, ms] of self) {
    const cf = byId.get(id).callFrame;
    const url = cf.url ? cf.url.replace(/^https?:\/\/[^/]+/, '') : `(${cf.functionName || 'native'})`;
    total += ms;
    if (cf.functionName === '(idle)') continue;
    byUrl.set(url, (byUrl.get(url) ?? 0) + ms);
    const fk = `${cf.functionName || '(anon)'} ${url}:${cf.lineNumber + 1}`;
    byFn.set(fk, (byFn.get(fk) ?? 0) + ms);
  }
  const idle = [...self].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((a, [, ms]) => a + ms, 0);
  console.log(`\n=== ${label}: profile ${total.toFixed(0)} ms, idle ${idle.toFixed(0)} ms, busy ${(total - idle).toFixed(0)} ms`);
  console.log('-- self ms by script');
  for (const [u, ms] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(ms.toFixed(1).padStart(8), u);
  console.log('-- self ms by function');
  for (const [u, ms] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(ms.toFixed(1).padStart(8), u);
}

async function step(page, label, fn) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Performance.enable');
  const before = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const reqs = new Map();
  let t0 = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    t0 ??= e.timestamp;
    reqs.set(e.requestId, { url: e.request.url.replace(/^https?:\/\/[^/]+/, ''), start: e.timestamp });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = reqs.get(e.requestId);
    if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
  });
  await cdp.send('Profiler.start');
  const wall0 = Date.now();
  const ms = await fn();
  const wall = Date.now() - wall0;
  const { profile } = await cdp.send('Profiler.stop');
  const after = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const d = (k) => ((after[k] - before[k]) * 1000).toFixed(0);
  console.log(`\n##### ${label}: ${ms === undefined ? '' : `measured ${ms.toFixed(0)} ms, `}wall ${wall} ms`);
  console.log(
    `metrics: Task ${d('TaskDuration')} Script ${d('ScriptDuration')} Layout ${d('LayoutDuration')} RecalcStyle ${d('RecalcStyleDuration')} ms; layouts ${after.LayoutCount - before.LayoutCount}, style recalcs ${after.RecalcStyleCount - before.RecalcStyleCount}`,
  );
  const list = [...reqs.values()].sort((a, b) => a.start - b.start);
  for (const r of list) {
    console.log(
      `${((r.start - (t0 ?? r.start)) * 1000).toFixed(0).padStart(6)} → ${r.end ? ((r.end - t0) * 1000).toFixed(0).padStart(6) : '     ?'} ${String(r.bytes ?? '').padStart(7)} ${r.url.slice(0, 110)}`,
    );
  }
  summarise(profile, label);
  await cdp.detach();
}

function loginReady() {
  const form = document.querySelector('form[aria-label="账号密码登录"]');
  const btn = form?.querySelector('button[type="submit"]');
  return !!(btn && !btn.disabled && form.querySelector('input'));
}
function rowsVisible(want) {
  const pane = document.querySelector('[data-page-key]:not([hidden])');
  if (!pane || pane.dataset.pageKey !== want) return false;
  if (pane.querySelector('.ant-spin-spinning')) return false;
  const list = pane.querySelector('.ant-table') ?? pane.querySelector('.ant-tree');
  return !!list?.querySelector('.ant-table-row, .ant-tree-treenode, .ant-empty');
}
const waitCond = (page, fn, arg) =>
  page.evaluate(
    ([src, arg]) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        // eslint-disable-next-line no-new-func
        const ok = new Function('a', `return (${src})(a);`);
        const tick = () => (ok(arg) ? requestAnimationFrame(() => resolve(performance.now() - t0)) : requestAnimationFrame(tick));
        tick();
      }),
    [fn.toString(), arg],
  );

const server = await startServer({ logName: 'bench-profile' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await step(page, 'login cold', async () => {
    await page.goto(`${server.baseUrl}/user/login`, { waitUntil: 'commit' });
    await page.waitForFunction(loginReady, null, { polling: 'raf' });
    return page.evaluate(() => performance.now());
  });
  await step(page, 'login warm', async () => {
    await page.goto(`${server.baseUrl}/user/login`, { waitUntil: 'commit' });
    await page.waitForFunction(loginReady, null, { polling: 'raf' });
    return page.evaluate(() => performance.now());
  });
  await step(page, 'blank static (logo.svg)', async () => {
    await page.goto(`${server.baseUrl}/logo.svg`, { waitUntil: 'load' });
    return page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventEnd);
  });
  await page.goto(`${server.baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.waitForTimeout(4000);
  await step(page, `first open ${PAGE}`, async () => {
    const p = waitCond(page, rowsVisible, PAGE);
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, PAGE);
    return p;
  });
  await page.waitForTimeout(1000);
  for (const i of [1, 2]) {
    const to = i === 1 ? '/dashboard/analysis' : PAGE;
    // profiled window: the click and 300 ms after it (the switch's own time is bench/tab-switch.mjs's figure)
    await step(page, `tab switch → ${to}`, async () => {
      await page.getByTestId('multi-tab').locator(`[data-tab-key="${to}"]`).click();
      await page.waitForTimeout(300);
      return undefined;
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
