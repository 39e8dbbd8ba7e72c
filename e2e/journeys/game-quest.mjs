// Issue 13 (quest) in the browser: 题库 — add a single-choice question through the options sub-table and see the
// list show its options; an answer naming no option is refused with the server's message. 用户荣誉 — a record
// screen: 手动授予 and 导出 in the toolbar, no 新增.
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'game quest: question bank options sub-table, user honors record screen';

const stamp = Date.now().toString(36).slice(-5);
const TITLE = `谁是草帽海贼团的船长${stamp}`;

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

export async function run({ page, baseUrl, step }) {
  step('sign in; 题库 opens');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/game/questionBank`);
  await page.getByRole('button', { name: '新增', exact: true }).waitFor();

  step('新增: single choice, options A/B/C in the sub-table, a wrong answer is refused');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '题目' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '题目').locator('textarea').fill(TITLE);
  await field(dialog, '题型').locator('.ant-select').click();
  await motionsSettled(page); // a click during the dropdown's opening motion is lost under load
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '单选题' }).click();
  await dialog.getByRole('textbox', { name: '选项A内容' }).fill('蒙奇·D·路飞');
  await dialog.getByRole('textbox', { name: '选项B内容' }).fill('罗罗诺亚·索隆');
  await dialog.getByRole('button', { name: '添加选项' }).click();
  await dialog.getByRole('textbox', { name: '选项C内容' }).fill('娜美');
  await field(dialog, '答案').locator('input').fill('D');
  await dialog.getByText('单选题填一个选项，如 A').waitFor();
  await screenshot(page, 'game-question-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '答案D不是已有的选项');

  step('the right answer saves; the list shows the options');
  await field(dialog, '答案').locator('input').fill('A');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: TITLE });
  await row.waitFor();
  const text = await row.innerText();
  expect(text.includes('A. 蒙奇·D·路飞 / B. 罗罗诺亚·索隆 / C. 娜美'), `options shown in the row: ${text}`);
  await screenshot(page, 'game-question-list');

  step('用户荣誉: 手动授予 and 导出, no 新增');
  await page.goto(`${baseUrl}/game/userHonor`);
  await page.getByRole('button', { name: '手动授予' }).waitFor();
  await page.getByRole('button', { name: '导出' }).waitFor();
  expect((await page.getByRole('button', { name: '新增', exact: true }).count()) === 0, '用户荣誉 has no 新增');
  await page.getByRole('button', { name: '手动授予' }).click();
  const grant = page.locator('.ant-modal', { hasText: '手动授予荣誉' });
  await grant.waitFor();
  await motionsSettled(page);
  await screenshot(page, 'game-user-honor-grant');
}
