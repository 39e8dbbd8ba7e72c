// Issue 13 points 3, 4: 预约信息 and the 签到台. The admin books a reservation on the list page (the slot's places are
// set to 2 through the API first), a second booking of the last place is refused with the capacity message, the first
// one is confirmed with its row action; at the 签到台 two players (new) with two bracelets form a ship, then 离场
// returns the bracelets. Bracelets come from /bracelet/bracelet/add when that route exists, else straight into the
// journey server's SQLite file (the bracelet screen belongs to another branch).
import path from 'node:path';
import { createRequire } from 'node:module';
import { ADMIN, ALL_DAY_SLOT, API_PREFIX, api, bookingDay, expect, motionsSettled, screenshot, signInToken, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'game reservation: book on the list, full slot refused, confirm, check in two players forming a ship at the desk, check out';
// up to 3 minutes of waiting for the next day when started just before midnight (bookingDay)
export const timeoutMs = 360_000;

const stamp = Date.now().toString(36).slice(-5);
const CONTACT = `预约客${stamp}`;
const SHIP = `黑珍珠${stamp}`;

function toast(page, text) {
  return page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 15_000 });
}

async function addBracelets(call, server, nos) {
  const probe = await call('POST', '/bracelet/bracelet/add', { braceletNo: nos[0], status: 0 });
  if (probe.success) {
    for (const no of nos.slice(1)) expect((await call('POST', '/bracelet/bracelet/add', { braceletNo: no, status: 0 })).success, `bracelet ${no}`);
    return;
  }
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3');
  const db = new Database(path.join(server.dataDir, 'pirate-king.db'));
  try {
    const ins = db.prepare("insert into bracelet (id, bracelet_no, status, create_time) values (?, ?, 0, datetime('now'))");
    for (const [i, no] of nos.entries()) ins.run(`${Date.now()}${i}`.padEnd(19, '0'), no);
  } finally {
    db.close();
  }
}

export async function run({ page, baseUrl, server, step }) {
  step('the whole-day slot is in the dictionary (API, before the browser signs in and loads the dictionaries)');
  const date = await bookingDay(api(baseUrl, await signInToken(`${baseUrl}${API_PREFIX}`)));
  const slot = ALL_DAY_SLOT;

  step('the admin signs in; the slot of today gets 2 places (API)');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  const call = api(baseUrl, await tokenOf(page));
  const cap = await call('POST', '/book/bookReservationInfo/capacitySave', { timeSlot: slot, reserveDate: date, capacity: 2 });
  expect(cap.success, `capacity: ${JSON.stringify(cap)}`);
  const nos = [`E${stamp}1`, `E${stamp}2`];
  await addBracelets(call, server, nos);

  step('预约信息: 新增 a booking of 2 people for today');
  await page.goto(`${baseUrl}/game/bookReservationInfo`);
  await page.locator('.ant-table').first().waitFor();
  const dialog = page.locator('.ant-modal', { has: page.locator('label[title="联系人"]') });
  const openAdd = async () => {
    for (let i = 0; ; i++) {
      await page.getByRole('button', { name: /新\s*增/ }).click();
      if (
        await dialog.waitFor({ timeout: 5000 }).then(
          () => true,
          () => false,
        )
      )
        break;
      if (i >= 2) throw new Error('the add dialog did not open');
    }
    await motionsSettled(page);
  };
  const formItem = (label) => dialog.locator('.ant-form-item', { has: page.locator(`label[title="${label}"]`) });
  const fillBooking = async (contact, phone, people) => {
    await formItem('联系人').locator('input').fill(contact);
    await formItem('联系电话').locator('input').fill(phone);
    const dateInput = formItem('预约日期').locator('input');
    await dateInput.click();
    await motionsSettled(page);
    await dateInput.pressSequentially(date);
    await dateInput.press('Enter');
    await motionsSettled(page);
    await formItem('预约时段').locator('.ant-select').click();
    await motionsSettled(page);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: slot }).first().click();
    const peopleInput = formItem('人数').locator('input');
    await peopleInput.click();
    await peopleInput.pressSequentially(String(people));
    await peopleInput.press('Tab');
  };
  await openAdd();
  await fillBooking(CONTACT, '13912345678', 2);
  await screenshot(page, 'game-reservation-form');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功！');
  await dialog.waitFor({ state: 'hidden' });

  step('a second booking of the (now full) slot is refused with the capacity message');
  await openAdd();
  await fillBooking(`${CONTACT}乙`, '13912345679', 1);
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '该时段预约已满');
  await screenshot(page, 'game-reservation-full');
  await dialog.getByRole('button', { name: /取\s*消/ }).click();
  await dialog.waitFor({ state: 'hidden' });

  step('确认 the booking with its row action');
  const row = page.locator('.ant-table-row', { hasText: CONTACT }).first();
  await row.waitFor();
  await row.getByText('确认', { exact: true }).click();
  await motionsSettled(page);
  await page
    .locator('.ant-popover:visible, .ant-popconfirm:visible')
    .getByRole('button', { name: /确\s*定|OK/ })
    .click();
  await toast(page, '确认成功');
  await page.locator('.ant-table-row', { hasText: CONTACT }).first().getByText('已确认').waitFor();

  step('签到台: find the reservation, two new players with two bracelets form a new ship');
  await page.goto(`${baseUrl}/game/checkInDesk`);
  await page.getByPlaceholder('预约编号 / 手机号 / 联系人').fill(CONTACT);
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await page.locator('.ant-list-item', { hasText: CONTACT }).first().click();
  await page.getByRole('button', { name: '添加玩家' }).click();
  const nick = page.getByPlaceholder('昵称', { exact: true });
  const phones = page.getByPlaceholder('手机号', { exact: true });
  const bracelets = page.getByPlaceholder('手环编号（扫码或输入）');
  await nick.nth(0).fill(`船长${stamp}`);
  await phones.nth(0).fill('13700000001'.slice(0, 6) + String(Date.now()).slice(-5));
  await bracelets.nth(0).fill(nos[0]);
  await nick.nth(1).fill(`水手${stamp}`);
  await phones.nth(1).fill('13600000002'.slice(0, 6) + String(Date.now() + 7).slice(-5));
  await bracelets.nth(1).fill(nos[1]);
  await page.getByPlaceholder('船名').fill(SHIP);
  await screenshot(page, 'game-checkin-desk');
  await page.getByRole('button', { name: /签\s*到/ }).click();
  await toast(page, '签到成功');
  await page.locator('.ant-alert', { hasText: SHIP }).waitFor();
  await screenshot(page, 'game-checkin-done');
  const res = await call('GET', `/book/bookReservationInfo/list?contactName=${encodeURIComponent(CONTACT)}`);
  const booked = res.result.records[0];
  expect(booked.status === 2 && booked.shipId, `checked in with a ship: ${JSON.stringify(booked)}`);

  step('离场 returns the bracelets and completes the reservation');
  await page.getByRole('button', { name: /离\s*场/ }).click();
  await toast(page, '离场成功');
  const after = await call('GET', `/book/bookReservationInfo/queryById?id=${booked.id}`);
  expect(after.result.status === 3, `completed: ${JSON.stringify(after.result)}`);
}
