// Issue 4 point 2, the cron builder: build an expression through the tabs (minute loop → second 0 by linkage, hour
// range, weekdays → day '?'), see the 10 run times (Quartz, 1 = Sunday), OK into the input, reopen it and find it
// parsed back into the tabs; the server's preview endpoint agrees that it is valid.
import { expect, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'cron builder: build through the tabs, 10 run times, reopen parsed';

const EXPR = '0 0/15 9-17 ? * 2,3,4,5,6 *';

export async function run({ page, baseUrl, step }) {
  step('sign in and open 组件示例 → Cron表达式');
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/user\/login/);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/demo/cron`);
  const demo = page.getByTestId('cron-demo');
  await demo.waitFor();

  step('clear the input and open the builder: every field is every, week not set');
  await demo.getByLabel('cron表达式输入').fill('');
  await demo.getByRole('button', { name: '选择' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Cron表达式' });
  await dialog.waitFor();
  const exprInput = dialog.getByLabel('cron表达式', { exact: true });
  await waitValue(exprInput, '* * * * * ? *');
  const pane = dialog.getByRole('tabpanel'); // only the visible pane has the role exposed
  const tab = (label) => dialog.getByRole('tab', { name: label, exact: true }).click();

  step('分: loop from 0 every 15 minutes → second becomes 0');
  await tab('分');
  await pane.locator('[data-mode="loop"] .ant-radio').click();
  await pane.getByLabel('循环间隔').fill('15');
  await pane.getByLabel('循环间隔').blur();
  await waitValue(exprInput, '0 0/15 * * * ? *');

  step('时: range 9 to 17');
  await tab('时');
  await pane.locator('[data-mode="range"] .ant-radio').click();
  await pane.getByLabel('区间开始').fill('9');
  await pane.getByLabel('区间开始').blur();
  await pane.getByLabel('区间结束').fill('17');
  await pane.getByLabel('区间结束').blur();
  await waitValue(exprInput, '0 0/15 9-17 * * ? *');

  step('周: Monday to Friday (1 = Sunday) → day becomes ? and its tab is disabled');
  await tab('周');
  for (const d of ['周一', '周二', '周三', '周四', '周五']) await pane.getByRole('checkbox', { name: d }).check();
  await waitValue(exprInput, EXPR);
  await tab('日');
  expect(await pane.locator('[data-mode="every"] input[type=radio]').isDisabled(), 'the day tab is not disabled while week is set');

  step('the preview shows the next 10 run times, all weekdays 09:00-17:45 on quarter hours');
  const items = dialog.getByTestId('cron-preview').locator('li');
  // the list shows the previous expression's runs until the 500 ms debounce has passed: wait for the new ones
  await page.waitForFunction(() => {
    const li = [...document.querySelectorAll('[data-testid="cron-preview"] li')];
    return li.length === 10 && li.every((e) => /(09|1[0-7]):(00|15|30|45):00$/.test(e.textContent ?? ''));
  });
  const runs = await items.allInnerTexts();
  for (const r of runs) {
    const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):00$/.exec(r);
    expect(m, `run time ${r}`);
    const day = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).getUTCDay();
    expect(day >= 1 && day <= 5, `${r} is not a weekday`);
    expect(+m[4] >= 9 && +m[4] <= 17 && +m[5] % 15 === 0, `${r} is outside 09:00-17:45 quarter hours`);
  }
  expect([...runs].sort().join() === runs.join(), 'runs are not in order');
  await screenshot(page, 'cron-builder');

  step('OK puts the expression into the input');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitValue(demo.getByLabel('cron表达式输入'), EXPR);

  step('reopen: the tabs show the parsed expression');
  await demo.getByRole('button', { name: '选择' }).click();
  await dialog.waitFor();
  await waitValue(exprInput, EXPR);
  await tab('分');
  expect(await pane.locator('[data-mode="loop"] input[type=radio]').isChecked(), 'minute tab: loop is not chosen');
  expect((await pane.getByLabel('循环间隔').inputValue()) === '15', 'minute tab: interval is not 15');
  await tab('时');
  expect(await pane.locator('[data-mode="range"] input[type=radio]').isChecked(), 'hour tab: range is not chosen');
  expect((await pane.getByLabel('区间开始').inputValue()) === '9' && (await pane.getByLabel('区间结束').inputValue()) === '17', 'hour range is not 9-17');
  await tab('周');
  expect(await pane.locator('[data-mode="specify"] input[type=radio]').isChecked(), 'week tab: specify is not chosen');
  for (const d of ['周一', '周五']) expect(await pane.getByRole('checkbox', { name: d }).isChecked(), `${d} is not checked`);
  expect(!(await pane.getByRole('checkbox', { name: '周日' }).isChecked()), '周日 is checked');
  await tab('秒');
  expect(await pane.locator('[data-mode="specify"] input[type=radio]').isChecked(), 'second tab: specify (0) is not chosen');
  await screenshot(page, 'cron-builder-reopened');

  step('typing an expression with unknown parts parses it; unknown text falls back to every');
  await exprInput.fill('0 30 8 L-2 * ? abc');
  await exprInput.press('Enter');
  await waitValue(exprInput, '0 30 8 L-2 * ? *');
  // the part the tabs cannot show is named, not dropped silently
  await dialog.getByTestId('cron-lost').getByText('原表达式无法完整表示：年“abc”已改为“每一”').waitFor();
  await tab('日');
  expect(await pane.locator('[data-mode="lastOffset"] input[type=radio]').isChecked(), 'day tab: L-2 is not parsed');

  step('年: the range cannot run backwards (Quartz refuses it): a start above the end is held there, with a message');
  await exprInput.fill('0 0 0 1 1 ? 2026-2030');
  await exprInput.press('Enter');
  await waitValue(exprInput, '0 0 0 1 1 ? 2026-2030');
  expect((await dialog.getByTestId('cron-lost').count()) === 0, 'a clean expression still shows the warning');
  await tab('年');
  await pane.getByLabel('区间开始').fill('2040');
  await pane.getByLabel('区间开始').blur();
  await waitValue(exprInput, '0 0 0 1 1 ? 2030-2030');
  await pane.getByText('开始年份不能大于结束年份').waitFor();
  // after the 500 ms debounce the preview shows 1 January at midnight (the preview ignores the year)
  await page.waitForFunction(() => /-01-01 00:00:00$/.test(document.querySelector('[data-testid="cron-preview"] li')?.textContent ?? ''));
  await screenshot(page, 'cron-builder-year-range');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  step('the server validates the same expression (Quartz) and lists 10 run times');
  await demo.getByRole('button', { name: '服务端校验' }).click();
  await page.getByTestId('cron-server').locator('.ant-list-item').nth(9).waitFor();
  await demo.getByLabel('cron表达式输入').fill('0 0 12 1 * 2');
  await demo.getByRole('button', { name: '服务端校验' }).click();
  await page.getByTestId('cron-server').getByText('不支持同时指定日和周').waitFor();
  await screenshot(page, 'cron-demo');
}

async function waitValue(locator, expected) {
  const deadline = Date.now() + 5000;
  let v;
  while (Date.now() < deadline) {
    v = await locator.inputValue();
    if (v === expected) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`expected ${JSON.stringify(expected)}, got ${JSON.stringify(v)}`);
}
