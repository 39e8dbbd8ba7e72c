// Issue 13 point 5: the admin opens 设备管理 (game), adds a check-in machine at its sign-in place (required: a device acts
// only at its own place, issue 23 point 13), sees its key ONCE in the key dialog (key id and secret with copy buttons),
// closes it, never sees the secret again in the list, and revokes the key.
import { ADMIN, api, expect, motionsSettled, screenshot, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'game devices: add a device, its key shown once, revoke it';

const stamp = Date.now().toString(36).slice(-5);

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

export async function run({ page, baseUrl, step }) {
  const answers = [];
  page.on('response', async (r) => {
    if (r.url().includes('/device/gameDevice/list')) answers.push(await r.text().catch(() => ''));
  });

  step('the admin signs in and opens 设备管理');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  const placeName = `设备岛${stamp}`;
  const added = await api(baseUrl, await tokenOf(page))('POST', '/book/signPlace/add', { placeNo: `D${stamp}`, placeName, signScore: 10, status: 1 });
  expect(added.success, `the device's place is added: ${added.message}`);
  await page.goto(`${baseUrl}/game/gameDevice`);
  await page.locator('.ant-table').first().waitFor();

  step('新增: the device form; 确定 issues the key and shows it once');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '设备名称' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '设备名称').locator('input').fill(`签到机${stamp}`);
  await field(dialog, '设备类型').locator('.ant-select').click();
  await motionsSettled(page);
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: /^签到机$/ }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await field(dialog, '签到点').getByText('请选择签到点!').waitFor();
  await field(dialog, '签到点').locator('.ant-select').click();
  await field(dialog, '签到点').locator('input').fill(placeName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: placeName }).click();
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  const keyDialog = page.locator('.ant-modal', { hasText: '密钥只显示这一次' });
  await keyDialog.waitFor();
  await motionsSettled(page);
  const secret = (await page.getByTestId('device-secret').innerText()).trim();
  const keyId = (await page.getByTestId('device-key-id').innerText()).trim();
  expect(/^dk_[0-9a-f]{24}$/.test(keyId), `key id shown: ${keyId}`);
  expect(secret.length >= 40, 'the secret is shown');
  expect((await keyDialog.locator('.ant-typography-copy').count()) === 2, 'key id and secret can be copied');
  await screenshot(page, 'game-device-key');
  await keyDialog.getByRole('button', { name: '我已保存' }).click();
  await keyDialog.waitFor({ state: 'hidden' });

  step('the list shows the key id, never the secret');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: keyId });
  await row.waitFor();
  expect(!(await page.content()).includes(secret), 'the page must not contain the secret any more');
  expect(
    answers.every((a) => !a.includes(secret)),
    'no list answer may carry the secret',
  );
  await screenshot(page, 'game-device-list');

  step('吊销: the key is revoked');
  await row.getByRole('button', { name: '吊销' }).click();
  await motionsSettled(page);
  await page
    .locator('.ant-popover, .ant-popconfirm, .ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|OK/ })
    .first()
    .click();
  await page.locator('.ant-message-notice', { hasText: '吊销成功' }).first().waitFor();
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: keyId }).locator('.ant-tag', { hasText: '无效' }).waitFor();
}
