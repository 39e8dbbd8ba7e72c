// Issue 14 point 4 (dashops), on the demo venue (the shared demo-venue server, harness demoServer(); never stopped here):
// 工作台, 今日待办 and 场馆大屏 open with numbers and charts; a sign-in made through the API while 场馆大屏 is open
// appears in its sign-in stream without a reload (pushed over the live channel; the board's own reloads are blocked
// meanwhile, so only the push can bring it). Screenshots: e2e/artifacts/dashboard-ops-*.png.
import {
  ALL_DAY_SLOT,
  API_PREFIX,
  api,
  bookingDay,
  demoServer,
  expect,
  motionsSettled,
  openAllDay,
  screenshot,
  signInToken,
  submitSignIn,
} from '../harness.mjs';

export const name = 'dashboard ops: 工作台, 今日待办, 场馆大屏 with numbers; a sign-in is pushed to the board';
export const timeoutMs = 420_000; // the demo server's start, and up to 3 minutes of waiting for the next day (bookingDay)

const REMARK = 'e2e dashboard-ops';

async function numbers(page, selector) {
  return page.locator(selector).allInnerTexts();
}

export async function run({ page, step }) {
  step('the shared demo-venue server');
  const srv = await demoServer();
  const base = srv.baseUrl;
  const call = api(base, await signInToken(`${base}${API_PREFIX}`));
  const day = await bookingDay(call);

  step('the admin signs in; 工作台 shows counts, operations and shortcuts');
  await page.goto(`${base}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${base}/dashboard/workplace`);
  await page.getByTestId('workplace').waitFor();
  await page.locator('.ant-statistic-content-value').first().waitFor();
  await page.getByText('快捷入口').waitFor();
  await page.locator('.ant-card', { hasText: '快捷入口' }).getByRole('link', { name: '场馆大屏' }).waitFor();
  await motionsSettled(page);
  const wp = await numbers(page, '.ant-statistic-content-value');
  expect(wp.length >= 3 && wp.every((t) => /^\d[\d,]*$/.test(t.trim())), `工作台 numbers: ${JSON.stringify(wp)}`);
  expect(Number(wp[2].replace(/,/g, '')) >= 1, `今日登录 should count this sign-in: ${wp[2]}`);
  await screenshot(page, 'dashboard-ops-workplace');

  step('今日待办: four queues with counts, the chart and the links');
  await page.goto(`${base}/dashboard/task`);
  await page.getByTestId('index-task').waitFor();
  await page.locator('[aria-label="待办分布"] svg, [aria-label="待办分布"]').first().waitFor();
  await page
    .locator('.ant-skeleton')
    .first()
    .waitFor({ state: 'hidden', timeout: 20_000 })
    .catch(() => {});
  await motionsSettled(page);
  const task = await numbers(page, '.ant-statistic-content-value');
  expect(task.length === 4 && task.every((t) => /^\d[\d,]*$/.test(t.trim())), `今日待办 numbers: ${JSON.stringify(task)}`);
  expect((await page.getByRole('link', { name: '去签到台' }).count()) >= 1, '去签到台 link');
  await screenshot(page, 'dashboard-ops-task');

  step('a player to sail: no bracelet, total score ≥ 150 (outside the 80–99 range the game-venue journey looks for)');
  const scores = await call('GET', '/score/pirateScore/list?pageNo=1&pageSize=200&column=totalScore&order=desc');
  const users = await call('GET', '/book/user/list?pageNo=1&pageSize=300');
  const byId = new Map(users.result.records.map((u) => [u.id, u]));
  const pick = scores.result.records.find((s) => s.totalScore >= 150 && byId.get(s.userId) && !byId.get(s.userId).braceletId);
  expect(pick, 'no free demo player with a total score ≥ 150');
  const player = byId.get(pick.userId);
  const lines = await call('GET', '/book/greatLine/list?pageNo=1&pageSize=10');
  const line = lines.result.records.find((l) => l.lineName === '东海启航线') ?? lines.result.records[0];
  const booked = await call('POST', '/book/bookReservationInfo/add', {
    userId: player.id,
    contactName: player.nickname,
    contactPhone: player.phone,
    reserveDate: day,
    timeSlot: ALL_DAY_SLOT,
    peopleCount: 1,
    greatLineId: line.id,
    remark: REMARK,
  });
  expect(booked.success, `booking refused: ${booked.message}`);
  const mine = await call('GET', `/book/bookReservationInfo/list?pageNo=1&pageSize=5&userId=${player.id}&column=createTime&order=desc`);
  const reservation = mine.result.records.find((r) => r.remark === REMARK && r.status === 0);
  expect(reservation, 'the new reservation is not pending');
  expect((await call('POST', '/book/bookReservationInfo/confirm', { id: reservation.id })).success, 'confirm');
  const free = await call('GET', '/bracelet/bracelet/braceletList?status=0&limit=1');
  expect(free.success && free.result.length === 1, 'a free bracelet');
  const checkIn = await call('POST', '/book/bookReservationInfo/checkIn', {
    id: reservation.id,
    players: [{ userId: player.id, braceletNo: free.result[0].name }],
    shipMode: 'new',
    shipName: 'e2e 看板号',
  });
  expect(checkIn.success, `check-in: ${checkIn.message}`);

  try {
    step('场馆大屏: big numbers, the bounty board, the ships at sea (chart), the sign-in stream');
    await page.goto(`${base}/dashboard/bdc`);
    await page.getByTestId('index-bdc').waitFor();
    await page.locator('[data-testid="bdc-今日签到"]', { hasText: /\d/ }).waitFor({ timeout: 20_000 });
    await page.locator('[aria-label="船只悬赏"]').first().waitFor();
    await page.getByRole('button', { name: /全屏/ }).waitFor();
    await motionsSettled(page);
    const figures = await numbers(page, '.pk-bdc-figure-value');
    expect(figures.length === 4 && figures.every((t) => /^\d[\d,]*$/.test(t.trim())), `场馆大屏 numbers: ${JSON.stringify(figures)}`);
    expect(Number(figures[0].replace(/,/g, '')) >= 1, `the new ship is at sea: ${figures[0]}`);
    expect((await page.locator('section[aria-label="悬赏榜"] .pk-bdc-row').count()) >= 1, 'the bounty board has rows');
    await page.locator('section[aria-label="航行中的船"] .pk-bdc-row', { hasText: 'e2e 看板号' }).waitFor();
    await screenshot(page, 'dashboard-ops-bdc');

    step('a sign-in through the API appears on the board without a reload (the board’s reloads blocked)');
    let reloads = 0;
    await page.route('**/dashboard/ops/bdc**', (route) => {
      reloads++;
      return route.abort();
    });
    const places = await call('GET', `/book/signPlace/list?pageNo=1&pageSize=20&greatLineId=${line.id}&column=signScore&order=desc`);
    const place = places.result.records[0];
    expect(place, 'a place on the line');
    const stream = page.getByTestId('bdc-stream');
    const row = stream.locator('.pk-bdc-row', { hasText: player.nickname }).filter({ hasText: place.placeName });
    const before = await row.count();
    await openAllDay(call, place.id);
    const signed = await call('POST', '/book/userSignPlace/signIn', { braceletNo: free.result[0].name, placeId: place.id });
    expect(signed.success && !signed.result.repeated, `sign-in: ${signed.message}`);
    await page.waitForFunction(
      ([n, who, where]) =>
        [...document.querySelectorAll('[data-testid="bdc-stream"] .pk-bdc-row')].filter((r) => r.textContent.includes(who) && r.textContent.includes(where))
          .length > n,
      [before, player.nickname, place.placeName],
      { timeout: 10_000 },
    );
    expect((await stream.locator('.pk-bdc-row').first().innerText()).includes(player.nickname), 'the pushed sign-in is the first of the stream');
    await screenshot(page, 'dashboard-ops-bdc-pushed');
    await page.unroute('**/dashboard/ops/bdc**');
    step(`pushed; board reloads refused meanwhile: ${reloads}`);
  } finally {
    step('check out (the bracelet goes back)');
    await call('POST', '/book/bookReservationInfo/checkOut', { id: reservation.id });
  }
}
