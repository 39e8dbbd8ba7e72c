// Issue 10 points 13, 14 and 16 in the browser: 在线文档 opens the API docs inside the layout from a nested page;
// a tab whose menu was deleted is not restored by a reload; row action links and the 首页 shortcut icons follow
// the chosen theme colour.
import { api, API_PREFIX, clickHoverMenuItem, expect, screenshot, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'docs in the layout, stale tabs dropped, links follow the theme colour';

export async function run({ page, baseUrl, step }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  const side = page.getByTestId('side-menu');

  step('在线文档 from a nested page opens the API docs in an iframe inside the layout');
  await page.goto(`${baseUrl}/isystem/position`);
  await page
    .getByRole('button', { name: /新\s*增/ })
    .first()
    .waitFor();
  await side.getByText('系统监控', { exact: true }).click();
  await side.getByText('在线文档', { exact: true }).click();
  const frame = page.locator('iframe');
  await frame.waitFor();
  expect(!/\/404$/.test(page.url()) && !page.url().includes('/isystem/position/'), `docs url: ${page.url()}`);
  expect((await frame.getAttribute('src')) === `${API_PREFIX}/docs`, `iframe src: ${await frame.getAttribute('src')}`);
  await page.frameLocator('iframe').getByText('海盗王后台管理系统 API').first().waitFor();
  await side.waitFor(); // still inside the layout
  await screenshot(page, 'docs-in-layout');

  step('a stored tab whose menu no longer exists is dropped by a reload; the others stay');
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('MULTI_TAB_PAGES'));
    const saved = JSON.parse(localStorage.getItem(key));
    const gone = { name: 'gone', path: '/isystem/deleted-menu', fullPath: '/isystem/deleted-menu', meta: { title: '已删除的菜单' } };
    saved.value.tabs.push(gone);
    localStorage.setItem(key, JSON.stringify(saved));
  });
  await page.reload();
  const tabBar = page.getByTestId('multi-tab');
  await tabBar.getByText('在线文档').waitFor();
  await tabBar.getByText('职务管理').waitFor();
  await side.getByText('系统管理', { exact: true }).waitFor(); // the signed-in menu has arrived
  expect((await tabBar.getByText('已删除的菜单').count()) === 0, "the deleted menu's tab was restored");
  const stored = await page.evaluate(() => localStorage.getItem(Object.keys(localStorage).find((k) => k.endsWith('MULTI_TAB_PAGES'))));
  expect(!stored.includes('deleted-menu'), "the deleted menu's tab is still stored");

  step('theme colour 极光绿: row action links and the 首页 shortcut icons take it, like the primary button');
  await clickHoverMenuItem(page, page.getByTestId('user-dropdown'), '系统设置');
  const drawer = page.getByTestId('setting-drawer');
  await drawer.getByRole('radio', { name: '极光绿' }).click();
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
  await page.goto(`${baseUrl}/isystem/position`);
  const addButton = page.getByRole('button', { name: /新\s*增/ }).first();
  await addButton.waitFor();
  const primary = await addButton.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(primary !== 'rgb(22, 119, 255)' && primary !== 'rgb(24, 144, 255)', `primary button still blue: ${primary}`);
  const edit = page
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: /编\s*辑/ });
  await edit.waitFor();
  const link = await edit.evaluate((el) => getComputedStyle(el).color);
  expect(link === primary, `row action link ${link}, primary ${primary}`);
  await screenshot(page, 'links-theme-colour-list');
  await page.goto(`${baseUrl}/dashboard/analysis`);
  const icon = page.getByRole('link', { name: '职务管理' }).locator('.anticon').first();
  await icon.waitFor();
  const iconColour = await icon.evaluate((el) => getComputedStyle(el).color);
  expect(iconColour === primary, `首页 shortcut icon ${iconColour}, primary ${primary}`);
  await screenshot(page, 'links-theme-colour-home');

  // issue 14 (account): the display settings are kept on the server per user, so the admin's are put back for the
  // journeys after this one
  const resetSettings = await api(baseUrl, await tokenOf(page))('PUT', '/sys/user/account/settings', {
    navTheme: 'dark',
    primaryColor: '#1890FF',
    layoutMode: 'sidemenu',
    contentWidth: 'Fixed',
    fixedHeader: false,
    autoHideHeader: false,
    fixSiderbar: false,
    colorWeak: false,
    multipage: true,
  });
  expect(resetSettings.success, `display settings reset: ${JSON.stringify(resetSettings)}`);
}
