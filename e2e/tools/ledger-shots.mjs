// Screenshots of the score screens (issue 13 points 6, 7) for a look by eye: players written straight into the
// SQLite file of a fresh server (the player screens are another branch's), score given through 调整积分's API, then
// 海盗积分 with its adjustment dialog, 积分流水 and the live board's answer.  node e2e/tools/ledger-shots.mjs
import path from 'node:path';
import Database from 'better-sqlite3';
import { API_PREFIX, api, launchBrowser, motionsSettled, screenshot, signInToken, startServer, submitSignIn } from '../harness.mjs';

const server = await startServer({ logName: 'ledger-shots' });
const browser = await launchBrowser();
try {
  const db = new Database(path.join(server.dataDir, 'pirate-king.db'));
  const names = ['路飞', '索隆', '娜美', '乌索普', '山治'];
  names.forEach((n, i) =>
    db.prepare(`insert into book_user (id, nickname, status, del_flag, create_time) values (?, ?, 1, 0, '2026-11-25 10:00:00')`).run(`shot${i}`, n),
  );
  db.close();
  const call = api(server.baseUrl, await signInToken(`${server.baseUrl}${API_PREFIX}`));
  for (const [i, d] of [12000, 2500, 600, 150, 30].entries()) {
    const r = await call('POST', '/score/pirateScore/adjust', { userId: `shot${i}`, delta: d, reason: '开业活动奖励' });
    if (!r.success) throw new Error(r.message);
  }
  console.log(JSON.stringify((await call('GET', '/score/bountyRank/live?scope=1&top=3&userId=shot4')).result));
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${server.baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${server.baseUrl}/game/pirateScore`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  console.log(await screenshot(page, 'ledger-pirate-score'));
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '娜美' }).getByText('调整积分').click();
  const dialog = page.locator('.ant-modal', { hasText: '调整原因' });
  await dialog.waitFor();
  await motionsSettled(page);
  await dialog.getByRole('spinbutton').fill('-50');
  await dialog.locator('textarea').fill('误发扣回');
  console.log(await screenshot(page, 'ledger-adjust-dialog'));
  await dialog.getByRole('button', { name: '确定' }).click();
  await page.locator('.ant-message-notice', { hasText: '积分调整成功' }).waitFor();
  await page.goto(`${server.baseUrl}/game/userScoreHistory`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  console.log(await screenshot(page, 'ledger-history'));
  await page.goto(`${server.baseUrl}/game/pirateRank`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  console.log(await screenshot(page, 'ledger-ranks'));
} finally {
  await browser.close();
  await server.stop();
}
