// Issue 13, the venue in the browser: 海盗船 — the ship dialog holds its crew (a sub-table with the player picker),
// a new crew member is picked by typing and the ship saved with it; 伟大航路 — a line's places shown in route order,
// moved with 下移 and saved (the order comes back the same after reopening).
import { api, expect, motionsSettled, screenshot, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'game venue: a ship with its crew, a great line with its places in order';

const stamp = Date.now().toString(36).slice(-5);

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

async function row(page, text) {
  const r = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  await r.first().waitFor();
  return r.first();
}

export async function run({ page, baseUrl, step }) {
  step('sign in; players, a ship with two of them, a line with three places (through the API)');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  const call = api(baseUrl, await tokenOf(page));
  const players = [];
  for (const nick of ['路飞', '索隆', '娜美']) {
    const r = await call('POST', '/book/user/add', { nickname: `${nick}${stamp}`, sex: 1, status: 1 });
    expect(r.success, `add player: ${r.message}`);
    const list = await call('GET', `/book/user/userList?keyword=${encodeURIComponent(nick + stamp)}`);
    players.push(list.result[0].id);
  }
  const ship = `梅丽号${stamp}`;
  let r = await call('POST', '/book/pirateShip/add', {
    shipName: ship,
    maxMembers: 5,
    status: 0,
    shipTableList: [
      { userId: players[0], memberRole: 1, seatNo: 1 },
      { userId: players[1], memberRole: 2, seatNo: 2 },
    ],
  });
  expect(r.success, `add ship: ${r.message}`);
  r = await call('POST', '/book/greatLine/add', { lineCode: `e2e_${stamp}`, lineName: `东海${stamp}`, status: 1, sortNo: 1 });
  expect(r.success, `add line: ${r.message}`);
  const line = (await call('GET', `/book/greatLine/lineList?keyword=${stamp}`)).result[0].id;
  for (const [i, p] of ['风车村', '橘子镇', '罗格镇'].entries()) {
    r = await call('POST', '/book/signPlace/add', { placeNo: `E${stamp}${i}`, placeName: `${p}${stamp}`, signScore: 10, greatLineId: line, placeType: 1 });
    expect(r.success, `add place: ${r.message}`);
  }

  step('海盗船: the edit dialog shows the crew; a third member is picked by typing and saved with the ship');
  await page.goto(`${baseUrl}/game/pirateShip`);
  const shipRow = await row(page, ship);
  await shipRow.getByText('编辑', { exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '船员' });
  await dialog.waitFor();
  await dialog.getByTestId('ship-crew').waitFor();
  const crewTable = dialog.getByTestId('ship-crew');
  await crewTable.getByText(`路飞${stamp}`).waitFor();
  await crewTable.scrollIntoViewIfNeeded();
  await motionsSettled(page);
  await screenshot(page, 'game-ship-dialog-crew');
  await crewTable.getByRole('button', { name: /新增/ }).first().click();
  await motionsSettled(page);
  const empty = crewTable.locator('.pk-et-row[data-status="new"] [data-key="userId"]').first();
  await empty.scrollIntoViewIfNeeded();
  await empty.click();
  const editor = empty.locator('.ant-select');
  await editor.waitFor();
  await editor.locator('input').focus();
  await page.keyboard.type(`娜美${stamp}`, { delay: 30 });
  const option = page.locator('.ant-select-item-option', { hasText: `娜美${stamp}` });
  await option.waitFor();
  await option.click();
  await motionsSettled(page);
  await screenshot(page, 'game-ship-dialog-crew-added');
  await dialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '修改成功');
  const crew = (
    await call(
      'GET',
      `/book/pirateShip/queryShipTableByMainId?id=${(await call('GET', `/book/pirateShip/shipList?keyword=${encodeURIComponent(ship)}`)).result[0].id}`,
    )
  ).result;
  expect(crew.length === 3, `crew of 3 after the save, got ${crew.length}`);

  step('伟大航路: 签到点排序 lists the places in route order; 下移 the first and save');
  await page.goto(`${baseUrl}/game/greatLine`);
  const lineRow = await row(page, `东海${stamp}`);
  await lineRow.getByText('签到点排序').click();
  const sortDialog = page.locator('.ant-modal', { hasText: '航路签到点排序' });
  await sortDialog.waitFor();
  await sortDialog.getByText(`风车村${stamp}`).waitFor();
  await motionsSettled(page);
  await screenshot(page, 'game-great-line-places');
  await sortDialog
    .locator('tbody tr')
    .first()
    .getByRole('button', { name: /下\s?移/ })
    .click();
  await sortDialog.getByRole('button', { name: /保\s?存/ }).click();
  await toast(page, '排序成功');
  const places = (await call('GET', `/book/greatLine/queryPlacesByMainId?id=${line}`)).result.map((p) => p.placeName);
  expect(places.join() === [`橘子镇${stamp}`, `风车村${stamp}`, `罗格镇${stamp}`].join(), `order after the save: ${places.join()}`);
}
