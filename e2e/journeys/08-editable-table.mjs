// Issue 4 point 1, the editable table: add a row, validation error shown, type, drag sort, delete a saved row,
// the save payload (new / edited / removed), and the real-time channel: an edit in one browser appears in another.
import { ADMIN, expect, screenshot } from '../harness.mjs';

export const name = 'editable table: add, validate, drag, delete, save payload, two-browser socket update';

async function signIn(page, baseUrl) {
  await page.goto(`${baseUrl}/user/login`);
  const form = page.getByRole('form', { name: '账号密码登录' });
  await form.getByLabel('账号', { exact: true }).fill(ADMIN.username);
  await form.getByLabel('密码', { exact: true }).fill(ADMIN.password);
  await form.getByLabel('验证码', { exact: true }).fill('0000');
  await form.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard\/analysis/);
}

const rowByText = (table, text) => table.locator('.pk-et-row', { hasText: text }).first();
const rowById = (table, n) => table.locator(`.pk-et-row[data-row-id="10000000000000000${n}"]`);
const namesInOrder = (table) => table.locator('.pk-et-row [data-key="name"]').allInnerTexts();

async function openDemo(page, baseUrl) {
  await page.goto(`${baseUrl}/demo/editable-table`);
  const table = page.locator('.pk-editable-table').first();
  await table.locator('.pk-et-row').first().waitFor();
  return table;
}

async function savePayload(page, table) {
  await table.getByTestId('save').click();
  const pre = page.getByTestId('payload');
  await pre.waitFor();
  return JSON.parse(await pre.innerText());
}

export async function run({ page, context, baseUrl, step }) {
  step('sign in and open 组件示例 → 可编辑表格');
  await signIn(page, baseUrl);
  const table = await openDemo(page, baseUrl);
  expect((await table.locator('.pk-et-row').count()) === 6, 'six saved rows');
  expect(await table.getByTestId('et-add').isVisible(), 'add shown with demo:editableTable:add');

  step('add a row: it is new and appended at the bottom');
  await table.getByTestId('et-add').click();
  await table.locator('.pk-et-row[data-status="new"]').waitFor();
  expect((await table.locator('.pk-et-row').count()) === 7, 'seven rows after add');

  step('save with the new row empty: the required-name error is shown in the cell');
  let payload = await savePayload(page, table);
  expect(payload.error && payload.error.includes('名称不能为空'), `validation error: ${payload.error}`);
  await table.locator('.pk-et-row[data-status="new"] .pk-et-error-text', { hasText: '名称不能为空' }).waitFor();
  await screenshot(page, 'editable-table-validation');

  step('type a name into the new row: the error clears');
  await table.locator('.pk-et-row[data-status="new"] [data-key="name"]').click();
  await table.locator('.pk-et-row[data-status="new"] [data-key="name"] input').fill('新船长');
  await table.locator('.pk-et-row[data-status="new"] .pk-et-error-text').waitFor({ state: 'detached' });

  step('edit a saved row (海盗1 → 海盗壹)');
  await rowById(table, 1).locator('[data-key="name"]').click();
  await rowById(table, 1).locator('[data-key="name"] input').fill('海盗壹');
  await page.locator('.ant-card-head-title').first().click(); // mouse-up outside the rows ends editing
  await rowById(table, 1).locator('[data-key="name"] input').waitFor({ state: 'detached' });

  step('drag 海盗壹 below 海盗3: the order and the sort numbers change');
  const before = await namesInOrder(table);
  const handle = rowByText(table, '海盗壹').locator('.pk-et-drag');
  const target = rowByText(table, '海盗3');
  const h = await handle.boundingBox();
  const t = await target.boundingBox();
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2 + ((t.y + t.height / 2 + 8 - (h.y + h.height / 2)) * i) / 12);
  await page.mouse.up();
  await page.waitForTimeout(300);
  const after = await namesInOrder(table);
  expect(after.indexOf('海盗壹') > after.indexOf('海盗3'), `dragged below: ${before.join(',')} → ${after.join(',')}`);

  step('delete the saved row 海盗2 and the new row is kept');
  await rowByText(table, '海盗2').getByLabel('删除').click();
  await rowByText(table, '海盗2').waitFor({ state: 'detached' });

  step('save: payload lists the new row, the edited rows and the removed saved row');
  payload = await savePayload(page, table);
  expect(payload.error === null, `no validation error: ${payload.error}`);
  expect(payload.insert.length === 1 && /_temp$/.test(payload.insert[0]), `insert: ${payload.insert}`);
  expect(payload.update.includes('100000000000000001'), `update has 海盗壹: ${payload.update}`);
  expect(payload.delete.length === 1 && payload.delete[0] === '100000000000000002', `delete: ${payload.delete}`);
  expect(payload.total === 6, `six rows in tableData: ${payload.total}`);
  await screenshot(page, 'editable-table-saved');

  step('sub-table popover opens for a row with its rows');
  await rowById(table, 3).getByLabel('子表').click();
  const popover = page.getByRole('dialog', { name: '子表' });
  await popover.getByText('海盗3的宝箱').waitFor();
  await screenshot(page, 'editable-table-subtable');
  await page.locator('.ant-card-head-title').first().click();
  await popover.waitFor({ state: 'detached' });

  step('lazy tree rows: children load on first expansion; an empty answer becomes a leaf');
  const tree = page.locator('.pk-editable-table').nth(1);
  await tree.scrollIntoViewIfNeeded();
  await tree.locator('.pk-et-row[data-row-id="t1"]').getByLabel('展开').click();
  await tree.getByText('红胡子船队·一号舰').waitFor();
  await tree.locator('.pk-et-row[data-row-id="t2"]').getByLabel('展开').click();
  await tree.locator('.pk-et-row[data-row-id="t2"] .pk-et-expand').waitFor({ state: 'detached' });
  await screenshot(page, 'editable-table-tree');

  step('two browsers on the page: an edit in one appears in the other (vxeSocket)');
  const other = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    const page2 = await other.newPage();
    await signIn(page2, baseUrl);
    const table2 = await openDemo(page2, baseUrl);
    const fresh = await openDemo(page, baseUrl); // reload the first page too: both start from the saved rows
    await page.waitForTimeout(800); // both sockets open and authenticated
    await rowById(fresh, 4).locator('[data-key="name"]').click();
    await rowById(fresh, 4).locator('[data-key="name"] input').fill('海盗四号');
    await page.locator('.ant-card-head-title').first().click();
    await rowByText(table2, '海盗四号').waitFor({ timeout: 5000 });
    await screenshot(page2, 'editable-table-socket-peer');
  } finally {
    await other.close();
  }
}
