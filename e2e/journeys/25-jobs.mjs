// Issue 12 points 9–10 in the browser, 定时任务: 新增 a job whose cron is built in the cron builder, 立即执行 it and see
// its run record in the 运行记录 drawer, then 停止 and 启动 it (the status tag follows).
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'jobs: create a job with the cron builder, run once, see its run record, pause and resume';

const stamp = Date.now().toString(36).slice(-5);
const CLASS = 'org.jeecg.modules.quartz.job.SampleParamJob';
const PARAM = `e2e-${stamp}`;
const EXPR = '0 0/30 * * * ? *';

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

async function row(page, text) {
  const r = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  await r.first().waitFor();
  return r.first();
}

async function waitValue(locator, value) {
  await expectPoll(async () => (await locator.inputValue()) === value, `value is not ${value}`);
}

async function expectPoll(check, message, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(false, message);
}

/** Click a row action link, then 确定 in its Popconfirm. */
async function confirmAction(page, r, label) {
  await r
    .getByRole('button', { name: label, exact: true })
    .or(r.getByText(label, { exact: true }))
    .first()
    .click();
  const pop = page.locator('.ant-popconfirm:visible, .ant-popover:visible').last();
  await pop.waitFor();
  await pop.getByRole('button', { name: /确\s*定|OK/ }).click();
}

export async function run({ page, baseUrl, step }) {
  step('sign in; 定时任务 opens');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/isystem/QuartzJobList`);
  await page.getByRole('button', { name: '新增', exact: true }).waitFor();

  step('新增: the class from the known ones, the cron built in the builder (分: every 30 minutes from 0)');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '任务类名' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '任务类名').locator('input').fill(CLASS);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: CLASS }).first().click(); // the known class
  await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  await waitValue(dialog.getByLabel('cron表达式输入'), '* * * * * ? *');
  await dialog.getByRole('button', { name: '选择' }).click();
  const builder = page
    .locator('.ant-modal')
    .filter({ hasText: '周' })
    .filter({ has: page.getByRole('tab', { name: '分', exact: true }) });
  await builder.waitFor();
  await motionsSettled(page);
  await builder.getByRole('tab', { name: '分', exact: true }).click();
  const pane = builder.getByRole('tabpanel');
  await pane.locator('[data-mode="loop"] .ant-radio').click();
  await pane.getByLabel('循环间隔').fill('30');
  await pane.getByLabel('循环间隔').blur();
  await waitValue(builder.getByLabel('cron表达式', { exact: true }), EXPR);
  await builder.getByRole('button', { name: /确\s*定/ }).click();
  await builder.waitFor({ state: 'hidden' });
  await waitValue(dialog.getByLabel('cron表达式输入'), EXPR);
  await field(dialog, '参数').locator('input').fill(PARAM);
  await field(dialog, '描述').locator('input').fill(`端到端${stamp}`);
  await screenshot(page, 'jobs-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '创建定时任务成功');
  const r = await row(page, PARAM);
  await r.getByText('正常').waitFor();

  step('立即执行: 执行成功!, and 运行记录 shows the run, successful');
  await confirmAction(page, r, '立即执行');
  await toast(page, '执行成功!');
  await new Promise((res) => setTimeout(res, 600)); // the one-shot run starts 100 ms later
  await r.getByText('运行记录', { exact: true }).click();
  const drawer = page.locator('.ant-drawer', { hasText: '运行记录' });
  await drawer.waitFor();
  const runRow = drawer.locator('.ant-table-tbody tr.ant-table-row', { hasText: '立即执行' });
  await runRow.first().waitFor();
  await expectPoll(async () => (await runRow.first().innerText()).includes('成功'), 'the run record does not say 成功');
  await screenshot(page, 'jobs-runs');
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });

  step('停止, then 启动: the status tag follows');
  await confirmAction(page, r, '停止');
  await toast(page, '停止定时任务成功');
  await (await row(page, PARAM)).getByText('停止', { exact: true }).first().waitFor();
  await confirmAction(page, await row(page, PARAM), '启动');
  await toast(page, '启动定时任务成功');
  await (await row(page, PARAM)).getByText('正常').waitFor();
  await screenshot(page, 'jobs-list');
}
