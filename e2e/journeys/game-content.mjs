// Issue 13 points 2 and 10: the admin opens 预约用户, clicks 详情 on a player and sees the player page (card, score,
// sub-lists; a message sent to the player under 消息), and 政策协议 tags the version in force 当前生效.
import { ADMIN, API_PREFIX, api, expect, motionsSettled, screenshot, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'game content: 预约用户 详情 opens the player page; 消息 sent to a player shows there; 政策协议 tags 当前生效';

const stamp = Date.now().toString(36).slice(-5);
const NICK = `罗杰${stamp}`; // a name no other journey gives (their stamps are the same: one import time)
const MSG_TITLE = `登船通知${stamp}`;

export async function run({ page, baseUrl, step }) {
  step('the admin signs in; a player, a message to them and two policy versions are made through the API');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  const call = api(baseUrl, await tokenOf(page));
  const made = await call('POST', '/book/user/add', { nickname: NICK, realName: '蒙奇·D·路飞', phone: '13800138000', sex: 1, status: 1 });
  expect(made.success, `player add: ${JSON.stringify(made)}`);
  const players = await call('GET', `/book/user/list?nickname=${encodeURIComponent(NICK)}`);
  const playerId = players.result.records[0].id;
  const msg = await call('POST', '/content/gameMessage/add', {
    title: MSG_TITLE,
    msgType: 2,
    targetType: 2,
    targetIds: playerId,
    content: '<p>今晚八点出航</p>',
  });
  expect(msg.success, `message add: ${JSON.stringify(msg)}`);
  const msgs = await call('GET', `/content/gameMessage/list?title=${encodeURIComponent(MSG_TITLE)}`);
  const sent = await call('POST', '/content/gameMessage/send', { id: msgs.result.records[0].id });
  expect(sent.success, `send: ${JSON.stringify(sent)}`);
  for (const [version, effectiveTime] of [
    [`1.${stamp}`, '2025-01-01 00:00:00'],
    [`2.${stamp}`, '2025-06-01 00:00:00'],
  ]) {
    const p = await call('POST', '/content/policy/add', {
      policyType: 3,
      title: `游戏规则${stamp}`,
      version,
      effectiveTime,
      status: 1,
      content: '<p>规则</p>',
    });
    expect(p.success, `policy add: ${JSON.stringify(p)}`);
  }

  step('预约用户: 详情 on the player opens the player page with the card and the score');
  await page.goto(`${baseUrl}/game/bookUser`);
  const row = page.locator('.ant-table-row', { hasText: NICK });
  await row.waitFor();
  await row.getByText('详情').click();
  const drawer = page.locator('.ant-drawer', { hasText: '玩家详情' });
  await drawer.getByText('蒙奇·D·路飞').waitFor();
  await drawer.getByText('可用积分').waitFor();
  await motionsSettled(page);
  await screenshot(page, 'game-content-player');

  step('the 消息 tab lists the message sent to the player, unread');
  await drawer.getByRole('tab', { name: /消息/ }).click();
  await drawer.locator('.ant-table-row', { hasText: MSG_TITLE }).getByText('未读').waitFor();
  await screenshot(page, 'game-content-player-messages');
  await page.keyboard.press('Escape');

  step('消息: the sent message offers 撤回, not 发送; 新增 with 发送对象 指定玩家 asks for the players');
  await page.goto(`${baseUrl}/game/gameMessage`);
  const msgRow = page.locator('.ant-table-row', { hasText: MSG_TITLE });
  await msgRow.getByText('撤回').waitFor();
  expect((await msgRow.getByText('发送', { exact: true }).count()) === 0, 'a sent message has no 发送');
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal', { hasText: '发送对象' });
  await dialog.waitFor();
  await motionsSettled(page);
  await dialog.getByLabel('发送对象').click();
  await motionsSettled(page);
  await page.locator('.ant-select-item-option', { hasText: '指定玩家' }).click();
  await dialog
    .locator('.ant-form-item')
    .filter({ has: page.locator('label', { hasText: /^指定玩家$/ }) })
    .locator('.ant-select')
    .waitFor();
  await screenshot(page, 'game-content-message-dialog');
  await page.keyboard.press('Escape');

  step('图片素材: an uploaded PNG becomes a material whose size and dimensions the server read from the file');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'flag.png');
  form.append('biz', 'temp');
  const token = await tokenOf(page);
  const up = await (await fetch(`${baseUrl}${API_PREFIX}/sys/common/upload`, { method: 'POST', headers: { 'X-Access-Token': token }, body: form })).json();
  expect(up.success, `upload: ${JSON.stringify(up)}`);
  const mat = await call('POST', '/content/pictureMaterial/add', { materialName: `船旗${stamp}`, materialType: 3, url: up.message, status: 1 });
  expect(mat.success, `material add: ${JSON.stringify(mat)}`);
  await page.goto(`${baseUrl}/game/pictureMaterial`);
  const matRow = page.locator('.ant-table-row', { hasText: `船旗${stamp}` });
  await matRow.locator('img').waitFor();
  expect((await matRow.innerText()).includes(String(png.length)), 'the file size is shown');
  await screenshot(page, 'game-content-pictures');

  step('政策协议 lists both versions and tags the later one 当前生效');
  await page.goto(`${baseUrl}/game/policy`);
  const current = page.locator('.ant-table-row', { hasText: `2.${stamp}` });
  await current.getByText('当前生效').waitFor();
  const older = page.locator('.ant-table-row', { hasText: `1.${stamp}` });
  await older.waitFor();
  expect((await older.getByText('当前生效').count()) === 0, 'the older version is not tagged');
  await screenshot(page, 'game-content-policy');
}
