// Issue 13 points 8, 9: a score purchase from the 订单 page for a player with score (下单: player and goods picked in
// search selects, paid in score at once), then its redemption by pickup code (核销), the row showing 已核销.
// The player and their score are written into the journey server's SQLite file (the player and score screens are
// other modules'); the goods is added through the API.
import path from 'node:path';
import Database from 'better-sqlite3';
import { ADMIN, api, expect, motionsSettled, screenshot, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'game shop: a score purchase on the 订单 page, then redemption by pickup code';

const stamp = Date.now().toString(36).slice(-5);
const PLAYER = `e2e船长${stamp}`;
const GOODS = `e2e海盗金币${stamp}`;

function toast(page, text) {
  return page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

const field = (dialog, label) => dialog.locator('.ant-form-item', { has: dialog.page().locator(`label[title="${label}"]`) });

async function pick(page, dialog, label, text) {
  await field(dialog, label).locator('.ant-select').click();
  await field(dialog, label).locator('input').fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  await option.waitFor();
  await motionsSettled(page);
  await option.click();
}

export async function run({ page, baseUrl, server, step }) {
  step('the admin signs in; a score goods is added through the API, a player with 500 score is written to the database');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  const call = api(baseUrl, await tokenOf(page));
  const added = await call('POST', '/shop/goods/add', { goodsNo: `E2E${stamp}`, goodsName: GOODS, payType: 2, price: 0, scorePrice: 120, stock: 5, status: 1 });
  expect(added.success, `goods add: ${JSON.stringify(added)}`);
  const playerId = `e2e${Date.now()}`;
  const sqlite = new Database(path.join(server.dataDir, 'pirate-king.db'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare('insert into book_user (id, nickname, status, del_flag) values (?, ?, 1, 0)').run(playerId, PLAYER);
    sqlite
      .prepare('insert into pirate_score (id, user_id, total_score, available_score, used_score, bounty) values (?, ?, 500, 500, 0, 0)')
      .run(`s${playerId}`, playerId);
  } finally {
    sqlite.close();
  }

  step('订单 → 下单: the player and the goods in the search selects, paid in score');
  await page.goto(`${baseUrl}/game/gameOrder`);
  await page.locator('.ant-table').first().waitFor();
  const dialog = page.locator('.ant-modal', { has: page.locator('label[title="支付方式"]') });
  for (let i = 0; ; i++) {
    await page.getByRole('button', { name: /下\s*单/ }).click();
    if (
      await dialog.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i >= 2) throw new Error('the 下单 dialog did not open');
  }
  await motionsSettled(page);
  await pick(page, dialog, '用户', PLAYER);
  await pick(page, dialog, '商品', GOODS);
  await screenshot(page, 'game-shop-create');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '下单成功');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: GOODS });
  await row.waitFor();
  await row.getByText('已支付').first().waitFor();

  const list = await call('GET', `/shop/gameOrder/list?goodsName=${encodeURIComponent(GOODS)}`);
  const order = list.result.records[0];
  expect(order && order.orderStatus === 1 && /^[2-9A-HJ-NP-Z]{8}$/.test(order.pickupCode), `a paid order with a pickup code: ${JSON.stringify(order)}`);
  expect(order.scoreAmount === 120, 'the score part is the goods score price');
  await row.getByText(order.pickupCode).waitFor();
  await screenshot(page, 'game-shop-paid');

  step('核销: the pickup code redeems the order once');
  const redeem = page.locator('.ant-modal', { has: page.locator('label[title="取货码"]') });
  for (let i = 0; ; i++) {
    await page.getByRole('button', { name: /核\s*销/ }).click();
    if (
      await redeem.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i >= 2) throw new Error('the 核销 dialog did not open');
  }
  await motionsSettled(page);
  await field(redeem, '取货码').locator('input').fill(order.pickupCode);
  await redeem.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '核销成功');
  await row.getByText('已核销').first().waitFor();
  await screenshot(page, 'game-shop-redeemed');
  const again = await call('POST', '/shop/gameOrder/redeem', { pickupCode: order.pickupCode });
  expect(!again.success && again.message === '该取货码已核销', `a used code: ${JSON.stringify(again)}`);
}
