// Issue 13 point 11 in the browser, on the demo venue (the shared demo-venue server, harness demoServer()): a reservation from
// booking through check-in (two bracelets bound, a new ship) to a staff sign-in at an island that raises the player's
// score and tier (seen on 海盗积分), then check-out (the bracelets returned). The moves go through the API the
// screens call; the pages show the result.
import {
  ALL_DAY_SLOT,
  API_PREFIX,
  api,
  bookingDay,
  expect,
  motionsSettled,
  openAllDay,
  screenshot,
  signInToken,
  demoServer,
  submitSignIn,
} from '../harness.mjs';

export const name = 'game venue: on the demo venue, book → confirm → check in with bracelets → sign-in raises score and tier → check out';
export const timeoutMs = 420_000; // the demo server's start, and up to 3 minutes of waiting for the next day (bookingDay)

export async function run({ page, step }) {
  step('start a server with SEED_DEMO=on (the demo venue is built before it listens)');
  const srv = await demoServer();
  const base = srv.baseUrl;
  const call = api(base, await signInToken(`${base}${API_PREFIX}`));
  const day = await bookingDay(call);
  const slot = ALL_DAY_SLOT;

  step('pick a demo player just below 超新星 (total 80–99) who is not sailing, and a friend');
  const scores = await call('GET', '/score/pirateScore/list?pageNo=1&pageSize=200&column=totalScore&order=desc');
  expect(scores.success, `pirateScore list: ${scores.message}`);
  const users = await call('GET', '/book/user/list?pageNo=1&pageSize=300');
  const byId = new Map(users.result.records.map((u) => [u.id, u]));
  const candidate = scores.result.records.find((s) => s.totalScore >= 80 && s.totalScore < 100 && !byId.get(s.userId)?.braceletId);
  expect(candidate, 'no demo player with a total score of 80–99 and no bracelet');
  const player = byId.get(candidate.userId);
  const friend = users.result.records.find((u) => !u.braceletId && u.id !== player.id && !scores.result.records.some((s) => s.userId === u.id));
  expect(friend, 'no second free player');

  step('book today for two on 新世界航线, confirm');
  const lines = await call('GET', '/book/greatLine/list?pageNo=1&pageSize=10');
  const line = lines.result.records.find((l) => l.lineName === '新世界航线');
  expect(line, 'the demo great line 新世界航线 is missing');
  const booked = await call('POST', '/book/bookReservationInfo/add', {
    userId: player.id,
    contactName: player.nickname,
    contactPhone: player.phone,
    reserveDate: day,
    timeSlot: slot,
    peopleCount: 2,
    greatLineId: line.id,
    remark: 'e2e game-venue',
  });
  expect(booked.success, `booking refused: ${booked.message}`);
  const mine = await call('GET', `/book/bookReservationInfo/list?pageNo=1&pageSize=5&userId=${player.id}&column=createTime&order=desc`);
  const reservation = mine.result.records.find((r) => r.remark === 'e2e game-venue');
  expect(reservation && reservation.status === 0, 'the new reservation is not pending');
  const confirmed = await call('POST', '/book/bookReservationInfo/confirm', { id: reservation.id });
  expect(confirmed.success, `confirm: ${confirmed.message}`);

  step('签到台: the reservation is found; check in both players with two free bracelets, forming a new ship');
  await page.goto(`${base}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${base}/game/checkInDesk`);
  await motionsSettled(page);
  await screenshot(page, 'game-venue-desk');
  const free = await call('GET', '/bracelet/bracelet/braceletList?status=0&limit=2');
  expect(free.success && free.result.length === 2, `free bracelets: ${free.message ?? free.result?.length}`);
  const checkIn = await call('POST', '/book/bookReservationInfo/checkIn', {
    id: reservation.id,
    players: [
      { userId: player.id, braceletNo: free.result[0].name },
      { userId: friend.id, braceletNo: free.result[1].name },
    ],
    shipMode: 'new',
    shipName: 'e2e 黄金梅利号',
  });
  expect(checkIn.success, `check-in: ${checkIn.message}`);
  const bracelets = await call('GET', `/bracelet/bracelet/list?pageNo=1&pageSize=5&userId=${player.id}`);
  expect(
    bracelets.result.records.some((b) => b.status === 1 && b.braceletNo === free.result[0].name),
    'the bracelet is not bound to the player',
  );

  step('a staff sign-in at the line’s richest island raises the score past 100: tier 超新星');
  const places = await call('GET', `/book/signPlace/list?pageNo=1&pageSize=20&greatLineId=${line.id}&column=signScore&order=desc`);
  const place = places.result.records[0];
  expect(place && place.signScore + candidate.totalScore >= 100, 'no island scores enough to reach 超新星');
  await openAllDay(call, place.id);
  const signed = await call('POST', '/book/userSignPlace/signIn', { braceletNo: free.result[0].name, placeId: place.id });
  expect(signed.success, `sign-in: ${signed.message}`);
  expect(signed.result.totalScore >= 100 && signed.result.totalScore > candidate.totalScore, `score did not rise past 100: ${JSON.stringify(signed.result)}`);
  const again = await call('POST', '/book/userSignPlace/signIn', { braceletNo: free.result[0].name, placeId: place.id });
  expect(again.success && again.result.repeated === true && again.result.totalScore === signed.result.totalScore, 'a repeated sign-in scored again');

  step('海盗积分 shows the player with the new total and tier');
  await page.goto(`${base}/game/pirateScore`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  const after = await call('GET', `/score/pirateScore/list?pageNo=1&pageSize=5&userId=${player.id}`);
  const row = after.result.records[0];
  expect(row && row.totalScore === signed.result.totalScore, 'pirateScore list does not show the new total');
  expect(String(row.rankId_dictText ?? '').includes('超新星'), `tier is ${row.rankId_dictText}, expected 超新星`);
  await screenshot(page, 'game-venue-pirate-score');

  step('check out: the reservation completes and the bracelets are returned');
  const out = await call('POST', '/book/bookReservationInfo/checkOut', { id: reservation.id });
  expect(out.success, `check-out: ${out.message}`);
  const done = await call('GET', `/book/bookReservationInfo/queryById?id=${reservation.id}`);
  expect(done.result.status === 3, `reservation status ${done.result.status} after check-out`);
  const returned = await call('GET', `/bracelet/bracelet/list?pageNo=1&pageSize=5&braceletNo=${free.result[0].name}`);
  expect(returned.result.records[0]?.status === 2, 'the bracelet was not returned');
  await page.goto(`${base}/game/bookReservationInfo`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await screenshot(page, 'game-venue-reservations');
}
