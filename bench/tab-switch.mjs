// A quick look at one figure of bench/list-pages.mjs: the switch between two open tabs (click on the tab → the
// other page's rows shown, in the page's clock), N times, in one browser context; for comparing two web builds in
// the same minutes (WEB_DIST=… selects the build the server serves). Prints the median, p90 and the load average.
//   node bench/tab-switch.mjs [--n=30] [--a=/isystem/position] [--b=/isys/tenant]
import os from 'node:os';
import { ADMIN, launchBrowser, startServer, submitSignIn } from '../e2e/harness.mjs';

const arg = (k, d) =>
  process.argv
    .slice(2)
    .find((a) => a.startsWith(`--${k}=`))
    ?.slice(k.length + 3) ?? d;
const N = Number(arg('n', 30));
const A = arg('a', '/isystem/position');
const B = arg('b', '/isys/tenant');

function rowsShown(want) {
  const pane = document.querySelector('[data-page-key]:not([hidden])');
  if (!pane || pane.dataset.pageKey !== want || pane.querySelector('.ant-spin-spinning')) return false;
  const list = pane.querySelector('.ant-table') ?? pane.querySelector('.ant-tree');
  return !!list?.querySelector('.ant-table-row, .ant-tree-treenode, .ant-empty');
}

const server = await startServer({ logName: 'bench-tab-switch' });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto(`${server.baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  for (const p of [A, B]) {
    await page.goto(`${server.baseUrl}${p}`);
    await page.waitForFunction(rowsShown, p, { timeout: 20_000 });
  }
  await page.waitForTimeout(1500);
  const ms = [];
  for (let i = 0; i < N; i++) {
    const to = i % 2 === 0 ? A : B;
    const wait = page.evaluate(
      ([src, want]) =>
        new Promise((resolve) => {
          // eslint-disable-next-line no-new-func
          const ok = new Function('w', `return (${src})(w);`);
          let t0 = null;
          document.addEventListener('click', (e) => (t0 ??= e.timeStamp), { capture: true, once: true });
          const tick = () => (t0 !== null && ok(want) ? requestAnimationFrame((t) => resolve(t - t0)) : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
      [rowsShown.toString(), to],
    );
    await page.getByTestId('multi-tab').locator(`[data-tab-key="${to}"]`).click();
    ms.push(await wait);
    await page.waitForTimeout(200);
  }
  ms.sort((a, b) => a - b);
  const q = (p) => ms[Math.min(ms.length - 1, Math.floor(ms.length * p))].toFixed(1);
  console.log(
    `tab switch ${A} ⇄ ${B}: median ${q(0.5)} ms, p90 ${q(0.9)} ms, min ${ms[0].toFixed(1)} (n=${N}); load ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')}; ${process.env.WEB_DIST ?? 'web/dist'}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
