// Issue 11 points 18 and 19: the admin edits a position twice in 职务管理, finds that operation of their own in
// 日志管理 → 操作日志 (the row expands to its request, the new name among its parameters), then compares the
// position's two newest versions in 数据日志: the changed 职务名称 is highlighted, the code is not.
import { ADMIN, expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'logs: find your own operation in the log list; edit a row twice and compare its versions in the data log';

const stamp = Date.now().toString(36).slice(-5);
const NAMES = [`日志甲${stamp}`, `日志乙${stamp}`];

/** Wait for an antd message with `text` (the server's reply). */
async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

async function editPositionName(page, rowText, newName) {
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: rowText });
  await row.getByRole('button', { name: '编辑' }).click();
  const dialog = page.locator('.ant-modal', { has: page.locator('label[title="职务名称"]') });
  await motionsSettled(page);
  const input = field(dialog, '职务名称').locator('input');
  await input.fill(newName);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '修改成功');
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: newName }).waitFor();
}

export async function run({ page, baseUrl, step }) {
  step('the admin signs in and edits the seeded position twice in 职务管理');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/isystem/position`);
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'devleader' }).waitFor();
  await editPositionName(page, 'devleader', NAMES[0]);
  await editPositionName(page, 'devleader', NAMES[1]);

  step('日志管理 → 操作日志: search 职务-编辑 and find the own operation');
  await page.goto(`${baseUrl}/isystem/log`);
  await page.getByRole('tab', { name: '操作日志' }).click();
  const panel = page.getByRole('tabpanel', { name: '操作日志' });
  await panel.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await panel.getByRole('textbox', { name: '搜索日志' }).fill('职务-编辑');
  await panel.getByRole('button', { name: '查询' }).click();
  const newest = panel.locator('.ant-table-tbody tr.ant-table-row').first();
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('[role="tabpanel"] .ant-table-tbody tr.ant-table-row')]
        .filter((tr) => tr.closest('[role="tabpanel"]')?.offsetParent !== null)
        .every((tr) => tr.textContent.includes('职务-编辑')),
    null,
    { timeout: 10_000 },
  );
  const text = await newest.innerText();
  expect(text.includes('职务-编辑') && text.includes('admin') && text.includes('管理员') && text.includes('修改'), `newest operation row: ${text}`);
  await newest.locator('.ant-table-row-expand-icon').click();
  const detail = panel.locator('.pk-log-request').first();
  await detail.waitFor();
  const detailText = await detail.innerText();
  expect(detailText.includes('/sys/position/edit') && detailText.includes(NAMES[1]), `request detail: ${detailText}`);
  await screenshot(page, 'operation-log');

  step("数据日志: the position's two newest versions, compared field by field");
  await page.goto(`${baseUrl}/sys/dataLog-list`);
  await page.getByRole('textbox', { name: '表名' }).fill('sys_position');
  await page.getByRole('button', { name: '查询' }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await page.waitForFunction(
    () => {
      const trs = [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')];
      return trs.length >= 2 && trs.every((tr) => tr.textContent.includes('sys_position'));
    },
    null,
    { timeout: 10_000 },
  );
  await rows.nth(0).locator('.ant-checkbox-input').check();
  await rows.nth(1).locator('.ant-checkbox-input').check();
  await page.getByRole('button', { name: '数据比较' }).click();
  const dialog = page.locator('.ant-modal', { hasText: '数据比较' });
  await dialog.locator('tr.pk-diff-changed').first().waitFor();
  await motionsSettled(page);
  const changed = await dialog.locator('tr.pk-diff-changed td:first-child').allInnerTexts();
  expect(changed.includes('name') && !changed.includes('code'), `changed fields: ${JSON.stringify(changed)}`);
  const nameRow = await dialog.locator('tr.pk-diff-changed', { hasText: 'name' }).first().innerText();
  expect(nameRow.includes(NAMES[0]) && nameRow.includes(NAMES[1]), `name row: ${nameRow}`);
  await screenshot(page, 'data-log-compare');
}
