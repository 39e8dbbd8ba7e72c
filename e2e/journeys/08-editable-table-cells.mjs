// The editable table's picker and upload cells on 组件示例 → 可编辑表格: pick a user (the user picker by department)
// and a department (the department picker) in their cells; upload a file and an image through
// POST /sys/common/upload and see the name / thumbnail; the saved paths are the row values in the save payload;
// a file type the server refuses shows the cell's error state, a non-image in an image cell is refused; signing out
// closes the table's real-time channel for good.
// Screenshots: editable-table-user-picker, editable-table-user-cell-editing, editable-table-picker-cells, editable-table-upload-more,
// editable-table-upload-cells,
// editable-table-upload-error.
import { API_PREFIX, expect, motionsSettled, screenshot } from '../harness.mjs';
import { openDemo, rowById, savePayload, signIn } from './08-editable-table.mjs';

export const name = 'editable table cells: user and department pickers, file and image upload, refused files, socket closed on sign-out';

// A 2×2 PNG (red / blue), so the thumbnail has real pixels to load.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');
const ROW1 = '100000000000000001';
const ROW2 = '100000000000000002';
const endEditing = (page) => page.locator('.ant-card-head-title').first().click(); // a mouse-up outside the rows

export async function run({ page, baseUrl, step }) {
  step('sign in and open 组件示例 → 可编辑表格');
  const sockets = [];
  page.on('websocket', (ws) => ws.url().includes('/vxeSocket/') && sockets.push(ws));
  await signIn(page, baseUrl);
  const table = await openDemo(page, baseUrl);
  const cell = (n, key) => rowById(table, n).locator(`[data-key="${key}"]`);

  step('用户 cell: a click opens 选择用户 (by department); a pick inside the modal keeps the cell editing');
  await cell(1, 'user').click();
  const userModal = page.getByTestId('user-by-depart-modal');
  await userModal.waitFor();
  await userModal.getByLabel('账号').fill('admin');
  await userModal.getByRole('button', { name: /^查\s?询$/ }).click();
  const adminRow = userModal.locator('.ant-table-row').filter({ has: page.locator('td:nth-child(2)', { hasText: /^admin$/ }) });
  await adminRow.waitFor();
  const realname = (await adminRow.locator('td').nth(2).innerText()).trim();
  await adminRow.locator('.ant-radio-input').check();
  expect(await adminRow.locator('.ant-radio-input').isChecked(), 'admin picked in the modal');
  await screenshot(page, 'editable-table-user-picker');
  await page
    .getByRole('dialog', { name: '选择用户' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await userModal.waitFor({ state: 'detached' });
  // Still editing: the cell holds the picker's box with the picked name.
  await cell(1, 'user').locator('.ant-select').getByText(realname).waitFor();
  await screenshot(page, 'editable-table-user-cell-editing');

  step('部门 cell: a click opens 选择部门; check 海盗王乐园, 确定');
  await cell(1, 'depart').click();
  const departModal = page.getByTestId('depart-modal');
  await departModal.waitFor();
  const node = departModal.locator('.ant-tree-treenode', { has: page.locator('[title="海盗王乐园"]') });
  await node.locator('.ant-tree-checkbox').click();
  await node.locator('.ant-tree-checkbox-checked').waitFor();
  await page
    .getByRole('dialog', { name: '选择部门' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await departModal.waitFor({ state: 'detached' });
  await cell(1, 'depart').locator('.ant-select').getByText('海盗王乐园').waitFor();
  await endEditing(page);
  await cell(1, 'depart').locator('.ant-select').waitFor({ state: 'detached' });
  expect((await cell(1, 'user').innerText()).trim() === realname, `closed user cell shows ${realname}: ${await cell(1, 'user').innerText()}`);
  expect((await cell(1, 'depart').innerText()).trim() === '海盗王乐园', `closed depart cell: ${await cell(1, 'depart').innerText()}`);
  await cell(1, 'depart').scrollIntoViewIfNeeded();
  await screenshot(page, 'editable-table-picker-cells');

  step('附件 cell: upload a text file through /sys/common/upload; the cell shows its name');
  const uploads = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().includes('/sys/common/upload') && uploads.push(r.url()));
  await cell(1, 'file')
    .locator('input[type=file]')
    .setInputFiles({ name: '航海日志.txt', mimeType: 'text/plain', buffer: Buffer.from('第一天：起航。\n') });
  await cell(1, 'file').getByText('航海日志.…').waitFor();

  step('附件 cell 更多: the more-options dialog lists the file with download and delete');
  await cell(1, 'file').getByLabel('更多').click();
  const more = page.locator('.ant-modal', { hasText: '更多操作' });
  await more.getByText('航海日志.txt').waitFor();
  expect(await more.getByRole('button', { name: '删除' }).isVisible(), 'a delete button per file');
  expect((await more.getByRole('link', { name: '下载' }).getAttribute('href')).includes('/sys/common/static/temp/'), 'download link to the stored file');
  await page.waitForTimeout(400); // the dialog's opening animation
  await screenshot(page, 'editable-table-upload-more');
  await more
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /^关\s?闭$/ })
    .click();
  await more.waitFor({ state: 'hidden' });

  step('图片 cell: upload a PNG; the thumbnail loads from the stored path');
  await cell(1, 'photo').locator('input[type=file]').setInputFiles({ name: 'flag.png', mimeType: 'image/png', buffer: PNG });
  const img = cell(1, 'photo').locator('img');
  await img.waitFor();
  await page.waitForFunction((el) => el.complete && el.naturalWidth === 2, await img.elementHandle());
  expect(uploads.length === 2, `two uploads sent: ${uploads.length}`);
  await cell(1, 'photo').scrollIntoViewIfNeeded();
  await screenshot(page, 'editable-table-upload-cells');

  step('save: the row values are the username, the department id and the stored paths');
  const payload = await savePayload(page, table);
  expect(payload.error === null, `no validation error: ${payload.error}`);
  const v = payload.values?.[ROW1];
  expect(v, `row 1 in the payload values: ${JSON.stringify(payload)}`);
  expect(v.user === 'admin', `user value: ${v.user}`);
  expect(/^[0-9a-f]{32}$/.test(v.depart), `depart value is one department id: ${v.depart}`);
  expect(/^temp\/\d{8}\/[^/]+\.txt$/.test(v.file), `file path: ${v.file}`);
  expect(/^temp\/\d{8}\/[^/]+\.png$/.test(v.photo), `photo path: ${v.photo}`);
  const served = await page.request.get(`${baseUrl}${API_PREFIX}/sys/common/static/${v.file}`);
  expect(served.ok() && (await served.text()) === '第一天：起航。\n', `the stored file is served: ${served.status()}`);
  const alt = await img.getAttribute('src');
  expect(alt.endsWith(`/sys/common/static/${v.photo}`), `thumbnail from the stored path: ${alt}`);

  step('a file type the server refuses: the 附件 cell shows the error state and 上传出错 with the message');
  await cell(2, 'file')
    .locator('input[type=file]')
    .setInputFiles({ name: 'evil.html', mimeType: 'text/html', buffer: Buffer.from('<html><script>alert(1)</script></html>') });
  const errorIcon = cell(2, 'file').getByLabel('上传出错');
  await errorIcon.waitFor();
  await cell(2, 'file').scrollIntoViewIfNeeded();
  await screenshot(page, 'editable-table-upload-error');
  await errorIcon.click();
  const dialog = page.locator('.ant-modal-confirm', { hasText: '上传出错' });
  await dialog.waitFor();
  const text = await dialog.innerText();
  expect(text.includes('非法文件类型'), `error dialog message: ${JSON.stringify(text)}`);
  await dialog.getByRole('button').last().click();
  await dialog.waitFor({ state: 'detached' });
  await cell(2, 'file').getByLabel('清除').click();
  await cell(2, 'file')
    .getByRole('button', { name: /点击上传/ })
    .waitFor();

  step('a non-image in the 图片 cell: 请上传图片, nothing is uploaded');
  const before = uploads.length;
  await cell(2, 'photo')
    .locator('input[type=file]')
    .setInputFiles({ name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await page.locator('.ant-message').getByText('请上传图片').waitFor();
  expect(uploads.length === before, 'no upload for a non-image');
  expect(
    await cell(2, 'photo')
      .getByRole('button', { name: /上\s?传/ })
      .isVisible(),
    'the image cell is still empty',
  );

  step('save again: the refused files left row 2 unchanged');
  const again = await savePayload(page, table);
  expect(!again.values?.[ROW2], `row 2 unchanged: ${JSON.stringify(again.values)}`);
  expect(again.values?.[ROW1]?.file === v.file, 'row 1 keeps its file');

  step('sign out: the table socket closes and no reconnect follows');
  expect(
    sockets.some((ws) => !ws.isClosed()),
    `a vxeSocket is open before signing out (${sockets.length})`,
  );
  await page.getByTestId('logout').click();
  // the confirm dialog opens with a motion: a click during it can be lost (it was once in a full run)
  await page.locator('.ant-modal-confirm').waitFor();
  await motionsSettled(page);
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await page.waitForURL(/\/user\/login/);
  for (let i = 0; i < 30 && sockets.some((ws) => !ws.isClosed()); i++) await page.waitForTimeout(100);
  expect(
    sockets.every((ws) => ws.isClosed()),
    'every vxeSocket closed after signing out',
  );
  const count = sockets.length;
  await page.waitForTimeout(5_500); // longer than the 5 s reconnect delay
  expect(sockets.length === count, `no reconnect after signing out: ${sockets.length - count} new socket(s)`);
}
