// Issue 4 points 4-6: an upload with a rejected file (error icon → 上传出错 dialog) next to an accepted one; an
// import with a failing row (code 201 → 导入成功,但是有错误数据! with the error-file link, which downloads); a saved
// advanced query on the position list (save, reload the page, load it, rows filtered).
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { ROOT, expect, screenshot, submitSignIn } from '../harness.mjs';

/** A 1×1 transparent PNG. */
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export const name = 'upload import query: rejected upload, import with a failing row, saved advanced query';

/** A position workbook in the export layout (2 title rows, then the header; contract §7.5). */
async function positionWorkbook(rows) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['职务列表数据']);
  ws.addRow(['导出人:管理员']);
  ws.addRow(['职务编码', '职务名称', '职级']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** antd modals animate in; click the primary button of the top-most one until it closes. */
async function clickOk(page, modal) {
  for (let attempt = 1; ; attempt++) {
    await modal.locator('.ant-btn-primary').last().click();
    try {
      await modal.waitFor({ state: 'hidden', timeout: 3000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

async function rowNames(page) {
  return page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows) => rows.map((r) => r.innerText));
}

export async function run({ page, baseUrl, step }) {
  step('sign in and open 组件示例 › 文件上传');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/demo/upload`);
  const fileCard = page.getByTestId('demo-file');
  await fileCard.getByRole('button', { name: '点击上传' }).waitFor();

  step('upload an SVG with script (refused) and a text file (accepted)');
  const input = fileCard.locator('input[type=file]');
  await input.setInputFiles({
    name: 'evil.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  const failed = fileCard.locator('li[data-status="error"]');
  await failed.waitFor();
  await page.getByText('evil.svg 上传失败.').waitFor();
  expect((await fileCard.getByTestId('upload-value').innerText()) === '', 'no value is emitted while a file is in error');
  await input.setInputFiles({ name: '说明.txt', mimeType: 'text/plain', buffer: Buffer.from('海盗王 e2e\n') });
  await fileCard.locator('li[data-status="done"]').waitFor();
  await screenshot(page, '06-upload-error-and-done');

  step('the error icon opens 上传出错 with the server message');
  await failed.getByRole('button', { name: '上传出错' }).click();
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: '上传出错' });
  await dialog.getByText('上传失败，存在非法文件类型：svg').waitFor();
  await screenshot(page, '06-upload-error-dialog');
  await clickOk(page, dialog);

  step('deleting the failed file emits the path of the done one; it downloads from the static route');
  await failed.getByRole('button', { name: '删除' }).click();
  const value = fileCard.getByTestId('upload-value');
  await page.waitForFunction((el) => /^temp\/\d{8}\/[0-9a-f]{32}\.txt$/.test(el.textContent.trim()), await value.elementHandle());
  const href = await fileCard.locator('li[data-status="done"] a').first().getAttribute('href');
  const res = await page.request.get(new URL(href, baseUrl).href);
  expect(res.status() === 200 && (await res.text()).includes('海盗王 e2e'), `download of ${href}: ${res.status()}`);

  step('an 11 MB file: HTTP 413 with the contract message, shown in 上传出错 (not the transport text)');
  await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(11 * 1024 * 1024, 0x61) });
  const tooBig = fileCard.locator('li[data-status="error"]');
  await tooBig.waitFor();
  await page.getByText('big.txt 上传失败.').waitFor();
  await tooBig.getByRole('button', { name: '上传出错' }).click();
  const bigDialog = page.locator('.ant-modal-confirm').filter({ hasText: '上传出错' });
  await bigDialog.getByText('文件大小超出10MB限制, 请压缩或降低文件质量!').waitFor();
  await screenshot(page, '06-upload-too-large');
  await clickOk(page, bigDialog);
  await tooBig.getByRole('button', { name: '删除' }).click();
  await tooBig.waitFor({ state: 'detached' });

  step('image widget: a pdf is refused with 请上传图片, a png shows as a thumbnail and becomes the value');
  const images = page.getByTestId('demo-images');
  const imageInput = images.locator('input[type=file]');
  await imageInput.setInputFiles({ name: 'doc.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n') });
  await page.getByText('请上传图片').waitFor();
  await imageInput.setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1PX, 'base64') });
  const thumb = images.locator('[data-status="done"] img');
  await thumb.waitFor();
  await page.waitForFunction((img) => img.complete && img.naturalWidth === 1, await thumb.elementHandle());
  expect(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/.test((await images.getByTestId('upload-value').innerText()).trim()), 'image value is the stored path');
  await screenshot(page, '06-upload-image');

  step('组件示例 › Excel导入: the dialog takes .xls/.xlsx, upload disabled until a file is queued');
  await page.goto(`${baseUrl}/demo/import`);
  await page.getByRole('button', { name: '导入职务' }).click();
  const modal = page.locator('.ant-modal').filter({ hasText: '导入EXCEL' });
  await modal.waitFor();
  const start = modal.getByRole('button', { name: '开始上传' });
  expect(await start.isDisabled(), '开始上传 is enabled with no files');
  const accept = await modal.locator('input[type=file]').getAttribute('accept');
  expect(accept === '.xls,.xlsx', `accept=${accept}`);
  const book = await positionWorkbook([
    ['e2e_pm', '项目经理', '2'],
    ['devleader', '重复的编码', '2'], // code already seeded → this row fails
    ['e2e_qa', '测试专员', '2'],
  ]);
  await modal
    .locator('input[type=file]')
    .setInputFiles({ name: '职务.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: book });
  await modal.getByText('职务.xlsx').waitFor();
  await screenshot(page, '06-import-queued');

  step('开始上传 → code 201 → 导入成功,但是有错误数据! with the summary and the error-file link');
  await start.click();
  const warn = page.locator('.ant-modal-confirm').filter({ hasText: '导入成功,但是有错误数据!' });
  await warn.waitFor();
  await warn.getByText('总上传行数：3，已导入行数：2，错误行数：1').waitFor();
  await modal.waitFor({ state: 'hidden' });
  await screenshot(page, '06-import-201');

  step('the 点击下载 link downloads the error report');
  const [download] = await Promise.all([page.waitForEvent('download'), warn.getByRole('link', { name: '点击下载' }).click()]);
  const report = fs.readFileSync(await download.path(), 'utf8');
  expect(/第 \d+ 行：/.test(report), `error report: ${JSON.stringify(report.slice(0, 200))}`);
  await clickOk(page, warn);

  step('a real old .xls (Excel 97-2003) is refused with its own message and the dialog stays open');
  await page.getByRole('button', { name: '导入职务' }).click();
  await modal.waitFor();
  const xls = fs.readFileSync(path.join(ROOT, 'server/test/fixtures/position-biff8.xls'));
  await modal.locator('input[type=file]').setInputFiles({ name: '旧职务.xls', mimeType: 'application/vnd.ms-excel', buffer: xls });
  await modal.getByText('旧职务.xls').waitFor();
  await modal.getByRole('button', { name: '开始上传' }).click();
  await page.getByText('文件导入失败:仅支持.xlsx格式的Excel文件（.xls请在Excel中另存为.xlsx后再导入）').waitFor();
  await screenshot(page, '06-import-old-xls');
  expect(await modal.isVisible(), 'the import dialog closed after a refused file');
  await modal
    .locator('.ant-modal-footer button')
    .filter({ hasText: /关\s?闭/ })
    .click();
  await modal.waitFor({ state: 'hidden' });

  step('position list: build 职务名称 包含 经理 in the advanced query builder and save it');
  await page.goto(`${baseUrl}/isystem/position`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const before = await rowNames(page);
  expect(before.length === 3, `positions before the query: ${before.length}`);
  await page.getByRole('button', { name: '高级查询' }).click();
  const builder = page.locator('.ant-modal').filter({ hasText: '高级查询构造器' });
  await builder.waitFor();
  await builder.locator('.ant-modal-footer .ant-btn-primary').click();
  await page.getByText('不能查询空条件').waitFor();
  await builder.getByRole('button', { name: '保存查询条件' }).click();
  await page.getByText('空条件不能保存').waitFor();
  const row = builder.locator('.pk-sq-row').first();
  await row.getByLabel('查询字段').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('职务名称').click();
  await row.getByLabel('匹配规则').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle('包含').click();
  await row.getByLabel('值').fill('经理');
  await builder.getByRole('button', { name: '保存查询条件' }).click();
  const prompt = page.locator('.ant-modal').filter({ hasText: '请输入保存的名称' });
  await prompt.getByLabel('保存名称').fill('经理们');
  await clickOk(page, prompt);
  await page.getByText('保存成功').waitFor();
  await builder.getByText('经理们', { exact: true }).waitFor();
  await screenshot(page, '06-query-saved');

  step('reload the page, load the saved query and run it: only the 经理 rows remain');
  await page.reload();
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: '高级查询' }).click();
  await builder.waitFor();
  await builder.getByText('经理们', { exact: true }).click();
  expect((await builder.locator('.pk-sq-row').first().getByLabel('值').inputValue()) === '经理', 'the saved value is loaded');
  const listed = page.waitForResponse((r) => r.url().includes('/sys/position/list') && r.url().includes('superQueryParams'));
  // antd spaces two-character button texts (查 询): take the footer's primary button
  await builder.locator('.ant-modal-footer .ant-btn-primary').click();
  await listed;
  await builder.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 2);
  const after = await rowNames(page);
  expect(
    after.every((t) => t.includes('经理')),
    `filtered rows: ${JSON.stringify(after)}`,
  );
  await screenshot(page, '06-query-filtered');

  step('重置 clears the advanced query: all rows are back');
  await page.getByRole('button', { name: '高级查询' }).click();
  await builder.waitFor();
  // the footer's second default button is 重 置 (antd spaces two-character texts)
  await builder
    .locator('.ant-modal-footer button')
    .filter({ hasText: /重\s?置/ })
    .click();
  await page.waitForFunction(() => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === 3);
}
