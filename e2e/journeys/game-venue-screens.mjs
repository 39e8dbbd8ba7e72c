// Issue 13 point 11: every 游戏管理 screen on the demo venue (the shared demo-venue server, harness demoServer()), one screenshot
// each (e2e/artifacts/game-screen-<key>.png). A screen that fails to open fails the journey; a list that shows no
// rows is reported (step lines and game-venue-screens.json) for the lead to look at.
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, expect, motionsSettled, screenshot, demoServer, submitSignIn } from '../harness.mjs';

export const name = 'game venue screens: every 游戏管理 screen opens on the demo venue with rows (screenshots)';
export const timeoutMs = 300_000;

const SCREENS = [
  'checkInDesk',
  'bookUser',
  'pirateShip',
  'shipTable',
  'greatLine',
  'signPlace',
  'userSignPlace',
  'bracelet',
  'bookReservationInfo',
  'activityTask',
  'userTaskRecord',
  'honor',
  'userHonor',
  'treasureChest',
  'questionBank',
  'userQuestionRecord',
  'userQuestionScore',
  'pirateScore',
  'pirateRank',
  'bountyRank',
  'userScoreHistory',
  'goods',
  'gameOrder',
  'payCallbackRecord',
  'pictureMaterial',
  'gameMessage',
  'policy',
  'gameDevice',
];

export async function run({ page, step }) {
  step('start a server with SEED_DEMO=on');
  const srv = await demoServer();
  const report = [];
  try {
    const base = srv.baseUrl;
    await page.goto(`${base}/user/login`);
    await submitSignIn(page);
    await page.waitForURL(/\/dashboard\/analysis/);
    for (const key of SCREENS) {
      await page.goto(`${base}/game/${key}`);
      // a list page shows its table; a page of its own (签到台) its first card or form
      await page.locator('.ant-table, .ant-card, .ant-result, form').first().waitFor({ timeout: 20_000 });
      await page
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'hidden', timeout: 20_000 })
        .catch(() => {});
      await motionsSettled(page);
      const notFound = await page.locator('.ant-result-404, .ant-result-403').count();
      const rows = await page.locator('.ant-table-tbody tr.ant-table-row').count();
      const empty = await page.locator('.ant-table-tbody .ant-empty').count();
      const entry = { key, rows, empty: rows === 0 && empty > 0, missing: notFound > 0 };
      report.push(entry);
      step(`${key}: ${entry.missing ? 'NOT FOUND' : rows ? `${rows} rows` : entry.empty ? 'EMPTY' : 'no table'}`);
      await screenshot(page, `game-screen-${key}`, { fullPage: false });
    }
  } finally {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    fs.writeFileSync(path.join(ARTIFACTS, 'game-venue-screens.json'), JSON.stringify(report, null, 2));
  }
  const missing = report.filter((r) => r.missing).map((r) => r.key);
  expect(!missing.length, `screens that do not open: ${missing.join(', ')}`);
}
