// Issue 2 points 14, 16 and 17 in the browser: the sider (200/80 px, one root submenu open, collapse drops and
// restores open keys), the document title, the user dropdown's dialogs (密码修改 800 px with its messages, 切换部门
// 450 px, 清理缓存 → 刷新缓存完成！) and the device modes (768 / 1088 px: collapsed sider on a tablet; drawer menu,
// no tab bar, no welcome text and a modal menu search on a phone).
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'shell layout: sider, title, device modes, user dropdown dialogs';

const APP_TITLE = '海盗王后台管理系统';

const siderWidth = (page) => page.locator('.layout-sider').evaluate((el) => Math.round(el.getBoundingClientRect().width));

/** Titles of the open inline submenus of the side menu. */
const openSubmenus = (page) => page.getByTestId('side-menu').locator('.ant-menu-submenu-open > .ant-menu-submenu-title').allInnerTexts();

async function pollUntil(fn, ok, what, ms = 5000) {
  const end = Date.now() + ms;
  let v;
  while (Date.now() < end) {
    v = await fn();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what}: got ${JSON.stringify(v)}`);
}

async function userMenu(page, label) {
  await page.getByTestId('user-dropdown').click();
  await page.getByRole('menuitem', { name: label }).click();
}

export async function run({ page, baseUrl, step }) {
  await page.setViewportSize({ width: 1280, height: 800 });
  step('desktop: sign in; the home page title is the system title alone');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await pollUntil(
    () => page.title(),
    (t) => t === APP_TITLE,
    'home document title',
  );
  expect((await siderWidth(page)) === 200, `open sider width: ${await siderWidth(page)}`);
  await page.locator('.header-welcome').getByText('欢迎您').waitFor();

  step('one root submenu open at a time');
  const side = page.getByTestId('side-menu');
  await side.getByText('系统管理', { exact: true }).click();
  await pollUntil(
    () => openSubmenus(page),
    (o) => o.length === 1 && o[0].includes('系统管理'),
    'open after 系统管理',
  );
  await side.getByText('系统监控', { exact: true }).click();
  await pollUntil(
    () => openSubmenus(page),
    (o) => o.length === 1 && o[0].includes('系统监控'),
    'open after 系统监控',
  );

  step('collapse: 80 px and no open submenu; expand: 200 px and 系统监控 open again');
  await page.getByRole('button', { name: '收起菜单' }).click();
  await pollUntil(
    () => siderWidth(page),
    (w) => w === 80,
    'collapsed sider width',
  );
  await pollUntil(
    () => openSubmenus(page),
    (o) => o.length === 0,
    'open submenus while collapsed',
  );
  await page.getByRole('button', { name: '展开菜单' }).click();
  await pollUntil(
    () => siderWidth(page),
    (w) => w === 200,
    'expanded sider width',
  );
  await pollUntil(
    () => openSubmenus(page),
    (o) => o.length === 1 && o[0].includes('系统监控'),
    'restored open keys',
  );

  step('a page title is "{page} · {system}"');
  await side.getByText('系统管理', { exact: true }).click();
  await side.getByText('职务管理', { exact: true }).click();
  await page.waitForURL(/\/isystem\/position/);
  await pollUntil(
    () => page.title(),
    (t) => t === `职务管理 · ${APP_TITLE}`,
    'position document title',
  );

  step('清理缓存 → 刷新缓存完成！');
  await userMenu(page, '清理缓存');
  await page.locator('.ant-message').getByText('刷新缓存完成！').waitFor();

  step('密码修改: an 800 px dialog that names each missing field');
  await userMenu(page, '密码修改');
  const pwd = page.locator('.ant-modal').filter({ hasText: '修改密码' });
  await pwd.waitFor();
  const pwdWidth = await pwd.evaluate((el) => el.offsetWidth);
  expect(pwdWidth === 800, `password dialog width ${pwdWidth}`);
  // a click on a dialog still zooming in was lost once on a loaded machine: let the motion end first
  await motionsSettled(page);
  await pwd.getByRole('button', { name: /确\s*定/ }).click();
  for (const msg of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await pwd.getByText(msg).waitFor();
  await screenshot(page, 'shell-password-dialog');
  await pwd
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /取\s*消/ })
    .click();
  await pwd.waitFor({ state: 'hidden' });

  step('切换部门: a 450 px dialog listing the departments');
  await userMenu(page, '切换部门');
  const dep = page.locator('.ant-modal').filter({ hasText: '切换部门' });
  await dep.waitFor();
  const depWidth = await dep.evaluate((el) => el.offsetWidth);
  expect(depWidth === 450, `department dialog width ${depWidth}`);
  await screenshot(page, 'shell-depart-dialog');
  await dep
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /关\s*闭/ })
    .click();
  await dep.waitFor({ state: 'hidden' });

  step('tablet (1000 px): the sider is collapsed');
  await page.setViewportSize({ width: 1000, height: 800 });
  await pollUntil(
    () => siderWidth(page),
    (w) => w === 80,
    'tablet sider width',
  );
  await page.getByTestId('multi-tab').waitFor();

  step('phone (500 px): drawer menu, no tab bar, no welcome text, menu search in a modal');
  await page.setViewportSize({ width: 500, height: 800 });
  await page.locator('.layout-sider').waitFor({ state: 'detached' });
  expect((await page.getByTestId('multi-tab').count()) === 0, 'the tab bar is shown on a phone');
  expect((await page.locator('.header-welcome').count()) === 0, 'the welcome text is shown on a phone');
  await page.getByRole('button', { name: '展开菜单' }).click();
  const drawer = page.locator('.ant-drawer-content-wrapper').filter({ has: page.getByTestId('side-menu') });
  await drawer.waitFor();
  const drawerWidth = await drawer.evaluate((el) => Math.round(el.getBoundingClientRect().width));
  expect(drawerWidth === 200, `mobile drawer width ${drawerWidth}`);
  await screenshot(page, 'shell-mobile-drawer');
  await page.getByTestId('side-menu').getByText('职务管理', { exact: true }).click();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const search = page.locator('.ant-modal').filter({ hasText: '搜索菜单' });
  await search.waitFor();
  await motionsSettled(page, 2000); // the modal's zoom
  await search.getByRole('combobox').fill('在线用户');
  // Once in CI (the machine at half speed) the option was clicked during the list's slide-in and nothing happened:
  // let it settle, and pick it again (saying so) while the page has not moved.
  const option = page.locator('.ant-select-item-option').getByText('在线用户');
  for (let i = 1; ; i++) {
    await option.waitFor();
    await motionsSettled(page, 2000);
    await option.click();
    const moved = await page
      .waitForURL(/\/isystem\/online/, { timeout: 5000 })
      .then(() => true)
      .catch(() => false);
    if (moved) break;
    if (i >= 3 || !(await option.isVisible())) {
      await page.waitForURL(/\/isystem\/online/); // picked, and the page is on its way
      break;
    }
    console.log('# note: picked 在线用户 in 搜索菜单 again (no move after 5 s)');
  }
  await search.waitFor({ state: 'hidden' });
  await screenshot(page, 'shell-mobile');
}
